#pragma once
// The line -interval prints for each period, on both sides:
// "Interval 1.000-2.000 s: 2543.210 MB/s, 38807 flushes, ship avg 0.000025 max 0.000213 s,
//  0 congestions 0.000000 s" (one line; "ship -" on the standby, which does not ship).
#include <string>

#include "simhadr/measure/interval.hpp"

namespace simhadr {

std::string interval_line(const IntervalSample& sample);

}  // namespace simhadr
