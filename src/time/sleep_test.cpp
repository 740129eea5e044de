#include "time/sleep_test.hpp"

#include <algorithm>

namespace simhadr {

namespace {
constexpr int kRounds = 10;
}

void run_sleep_test(double seconds, SpinClock& clock, RunLog& log) {
  const Nanos requested = from_seconds(seconds);
  Nanos total_error{};
  Nanos worst_error{};
  for (int round = 0; round < kRounds; ++round) {
    const auto start = clock.now();
    clock.sleep_until(start + requested);
    const Nanos actual = clock.now() - start;
    log.line("Requested sleep {:.6f} second, actual {:.6f} second", seconds, to_seconds(actual));
    total_error += actual - requested;
    worst_error = std::max(worst_error, actual - requested);
  }
  log.blank();
  log.line(
      "Sleep test: {} sleeps of {:.6f} second, average error {:.6f} second, worst {:.6f} second",
      kRounds, seconds, to_seconds(total_error) / kRounds, to_seconds(worst_error));
}

}  // namespace simhadr
