// The one piece of src/platform/ both systems share: <csignal> names the
// signals on each, and SIGBREAK is Windows' Ctrl-Break.
#include <csignal>
#include <string>

#include "platform/stop_signal_source.hpp"

namespace simhadr {

std::string stop_signal_name(int number) {
  switch (number) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
#ifdef SIGBREAK
    case SIGBREAK:
      return "SIGBREAK";
#endif
    default:
      return "signal " + std::to_string(number);
  }
}

}  // namespace simhadr
