#pragma once
// Sleeping in the kernel until a moment of the steady clock, as precisely as
// the system allows; the spin clock covers what remains.
#include <optional>

#include "simhadr/clock.hpp"

namespace simhadr {

// Returns at `wake_at` or later; a signal does not end it early.
void sleep_in_kernel_until(Clock::time_point wake_at);

// Asks the system for its finest timer precision for this process (Linux:
// 1 us timer slack, which threads started later inherit).
void prefer_precise_timers();

// The frequency of the counter the steady clock reads, where the system says
// it (Windows' performance counter, which the original's Windows build prints).
std::optional<double> timer_frequency_mhz();

}  // namespace simhadr
