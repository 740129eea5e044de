#include <time.h>

#include "platform/local_time.hpp"

namespace simhadr {

std::tm local_time(std::time_t seconds) {
  std::tm local{};
  ::localtime_r(&seconds, &local);
  return local;
}

}  // namespace simhadr
