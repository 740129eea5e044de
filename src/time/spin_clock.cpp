#include "time/spin_clock.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <thread>

namespace simhadr {

namespace {
constexpr Nanos kSleepSlice = std::chrono::milliseconds(50);
constexpr Nanos kCalibrationSleep = std::chrono::microseconds(50);
constexpr int kCalibrationRounds = 21;
constexpr double kSpinMargin = 1.2;
constexpr Nanos::rep kSpinDecay = 32;  // sleeps for the spin to come most of the way back down
}  // namespace

SleepCalibration calibrate_sleep() {
  std::array<Nanos, kCalibrationRounds> overshoots{};
  for (auto& overshoot : overshoots) {
    const auto before = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(kCalibrationSleep);
    overshoot = std::max(Nanos{0}, std::chrono::steady_clock::now() - before - kCalibrationSleep);
  }
  std::ranges::sort(overshoots);
  // The typical overshoot is reported; the spin must also cover the slower
  // wake-ups, or a simulated IO ends late whenever one of them happens.
  const Nanos typical = overshoots[kCalibrationRounds / 2];
  const Nanos slow = overshoots[kCalibrationRounds * 9 / 10];
  const auto margin = static_cast<Nanos::rep>(static_cast<double>(typical.count()) * kSpinMargin);
  return {typical, std::max(Nanos{margin}, slow)};
}

Clock::time_point SpinClock::now() const {
  return std::chrono::steady_clock::now();
}

void SpinClock::sleep_until(time_point t) {
  std::optional<Nanos> lateness;
  for (auto remaining = t - now(); remaining > spin_; remaining = t - now()) {
    if (stop_.requested()) return;
    const Nanos nap = std::min<Nanos>(remaining - spin_, kSleepSlice);
    const auto wake_at = now() + nap;
    std::this_thread::sleep_for(nap);
    lateness = now() - wake_at;
  }
  if (lateness && policy_ == SpinPolicy::Adaptive) {
    spin_ = adapted_spin(spin_, calibrated_spin_, *lateness);
  }
  while (now() < t) {
  }
}

Nanos adapted_spin(Nanos current, Nanos calibrated, Nanos lateness) {
  const Nanos wanted = std::min(lateness + lateness / 4, kMaxAdaptiveSpin);
  if (wanted > current) return wanted;
  return std::max(calibrated, current - (current - wanted) / kSpinDecay);
}

}  // namespace simhadr
