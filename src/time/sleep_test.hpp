#pragma once
// -testSleep F: how close a simulated F-second IO comes to F on this host.
#include "log/run_log.hpp"
#include "time/spin_clock.hpp"

namespace simhadr {

void run_sleep_test(double seconds, SpinClock& clock, RunLog& log);

}  // namespace simhadr
