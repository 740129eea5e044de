#include <sys/prctl.h>
#include <time.h>

#include <cerrno>

#include "platform/precise_sleep.hpp"

namespace simhadr {

// steady_clock is CLOCK_MONOTONIC on Linux, so its time points are absolute
// deadlines for clock_nanosleep.
void sleep_in_kernel_until(Clock::time_point wake_at) {
  const auto since_epoch = wake_at.time_since_epoch();
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(since_epoch);
  const timespec deadline{
      static_cast<time_t>(seconds.count()),
      static_cast<long>(std::chrono::nanoseconds(since_epoch - seconds).count())};
  while (::clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nullptr) == EINTR) {
  }
}

// Linux lets a sleep end up to 50 us late by default; simulated IOs need better.
void prefer_precise_timers() {
  ::prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
}

std::optional<double> timer_frequency_mhz() {
  return std::nullopt;
}

}  // namespace simhadr
