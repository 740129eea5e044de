#pragma once
// A simulated disk IO is a wait on the clock. The original prints a warning for
// each wait that overshoots by more than a tenth; the spin covers the median
// wake-up (spin_clock.hpp), so some waits run late by design, and we tally them
// for one line at the end of the report (report/sleep_text), listing each only
// with -verbose.
#include "log/run_log.hpp"
#include "simhadr/clock.hpp"
#include "simhadr/measure/sleep_accuracy.hpp"

namespace simhadr {

// From `now` (the clock, just read) until `done`; returns the time it ended: `now`
// when there was nothing to wait, else the clock read on waking. One read at most.
Clock::time_point simulate_io_until(Clock& clock, Clock::time_point now, Clock::time_point done,
                                    RunLog& log, SleepAccuracy& accuracy);

}  // namespace simhadr
