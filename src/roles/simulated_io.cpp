#include "roles/simulated_io.hpp"

namespace simhadr {

namespace {
constexpr double kTolerance = 0.10;
constexpr Nanos kMinimumOvershoot = std::chrono::microseconds(10);
}  // namespace

Clock::time_point simulate_io_until(Clock& clock, Clock::time_point now, Clock::time_point done,
                                    RunLog& log) {
  if (done <= now) return now;
  clock.sleep_until(done);
  const auto woke = clock.now();
  const Nanos requested = done - now;
  const Nanos actual = woke - now;
  const Nanos overshoot = actual - requested;
  const bool inaccurate =
      overshoot > kMinimumOvershoot && to_seconds(overshoot) > kTolerance * to_seconds(requested);
  if (log.verbose() || inaccurate) {
    log.line("Requested sleep {:.6f} second, actual {:.6f} second", to_seconds(requested),
             to_seconds(actual));
  }
  if (inaccurate) log.line("Warning: inaccurate sleep time.");
  return woke;
}

}  // namespace simhadr
