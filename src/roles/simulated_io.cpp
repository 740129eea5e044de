#include "roles/simulated_io.hpp"

namespace simhadr {

namespace {
constexpr double kTolerance = 0.10;
constexpr Nanos kMinimumOvershoot = std::chrono::microseconds(10);
}  // namespace

void simulate_io_until(Clock& clock, Clock::time_point done, RunLog& log) {
  const auto start = clock.now();
  if (done <= start) return;
  clock.sleep_until(done);
  const Nanos requested = done - start;
  const Nanos actual = clock.now() - start;
  const Nanos overshoot = actual - requested;
  const bool inaccurate =
      overshoot > kMinimumOvershoot && to_seconds(overshoot) > kTolerance * to_seconds(requested);
  if (log.verbose() || inaccurate) {
    log.line("Requested sleep {:.6f} second, actual {:.6f} second", to_seconds(requested),
             to_seconds(actual));
  }
  if (inaccurate) log.line("Warning: inaccurate sleep time.");
}

}  // namespace simhadr
