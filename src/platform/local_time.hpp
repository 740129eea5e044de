#pragma once
// Calendar time in the host's time zone.
#include <ctime>

namespace simhadr {

std::tm local_time(std::time_t seconds);

}  // namespace simhadr
