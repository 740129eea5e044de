#include "time/spin_clock.hpp"

#include <algorithm>
#include <array>
#include <thread>

namespace simhadr {

namespace {
constexpr Nanos kSleepSlice = std::chrono::milliseconds(50);
constexpr Nanos kCalibrationSleep = std::chrono::microseconds(50);
constexpr int kCalibrationRounds = 21;
constexpr double kSpinMargin = 1.2;
}  // namespace

SleepCalibration calibrate_sleep() {
  std::array<Nanos, kCalibrationRounds> overshoots{};
  for (auto& overshoot : overshoots) {
    const auto before = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(kCalibrationSleep);
    overshoot = std::chrono::steady_clock::now() - before - kCalibrationSleep;
  }
  std::ranges::nth_element(overshoots, overshoots.begin() + kCalibrationRounds / 2);
  const Nanos median = std::max(Nanos{0}, overshoots[kCalibrationRounds / 2]);
  return {median,
          Nanos{static_cast<Nanos::rep>(static_cast<double>(median.count()) * kSpinMargin)}};
}

Clock::time_point SpinClock::now() const {
  return std::chrono::steady_clock::now();
}

void SpinClock::sleep_until(time_point t) {
  for (auto remaining = t - now(); remaining > spin_; remaining = t - now()) {
    if (stop_.requested()) return;
    std::this_thread::sleep_for(std::min<Nanos>(remaining - spin_, kSleepSlice));
  }
  while (now() < t) {
  }
}

}  // namespace simhadr
