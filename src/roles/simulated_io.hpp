#pragma once
// A simulated disk IO is a wait on the clock. The original reports waits that
// overshoot by more than a tenth; so do we, because they distort the result.
#include "log/run_log.hpp"
#include "simhadr/clock.hpp"

namespace simhadr {

// From `now` (the clock, just read) until `done`; returns the time it ended: `now`
// when there was nothing to wait, else the clock read on waking. One read at most.
Clock::time_point simulate_io_until(Clock& clock, Clock::time_point now, Clock::time_point done,
                                    RunLog& log);

}  // namespace simhadr
