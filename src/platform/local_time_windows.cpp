#include <time.h>

#include "platform/local_time.hpp"

namespace simhadr {

std::tm local_time(std::time_t seconds) {
  std::tm local{};
  ::localtime_s(&local, &seconds);
  return local;
}

}  // namespace simhadr
