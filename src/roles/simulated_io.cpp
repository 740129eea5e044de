#include "roles/simulated_io.hpp"

namespace simhadr {

Clock::time_point simulate_io_until(Clock& clock, Clock::time_point now, Clock::time_point done,
                                    RunLog& log, SleepAccuracy& accuracy) {
  if (done <= now) return now;
  clock.sleep_until(done);
  const auto woke = clock.now();
  const Nanos requested = done - now;
  const Nanos actual = woke - now;
  const bool late = accuracy.add(requested, actual - requested);
  if (log.verbose()) {
    log.line("Requested sleep {:.6f} second, actual {:.6f} second", to_seconds(requested),
             to_seconds(actual));
    if (late) log.line("Warning: inaccurate sleep time.");
  }
  return woke;
}

}  // namespace simhadr
