#include "time/stop_signals.hpp"

#include <csignal>

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

StopSignals::StopSignals(StopSource& stop)
    : stop_(stop), source_([this](const StopSignal& signal) { on_signal(signal); }) {}

void StopSignals::on_signal(const StopSignal& signal) {
  switch (filter_.classify(signal)) {
    case StopVerdict::Stop:
      stop_.request(signal.number);
      break;
    case StopVerdict::Repeat:
      break;
    case StopVerdict::ExitNow:
      exit_now("simhadr: second interrupt, exiting without a report\n", 130);
  }
}

}  // namespace simhadr
