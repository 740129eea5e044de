#include "time/spin_clock.hpp"

#include <algorithm>

#include "platform/precise_sleep.hpp"

namespace simhadr {

namespace {

constexpr Nanos kSleepSlice = std::chrono::milliseconds(50);
constexpr Nanos kCalibrationSleep = std::chrono::microseconds(50);
constexpr int kCalibrationRounds = 21;
constexpr double kSpinMargin = 1.2;
// The rank in the window that the spin covers: the median wake-up (spin_clock.hpp says why).
constexpr std::size_t kCoveredRank = SpinSizer::kWindow / 2;

}  // namespace

SleepCalibration calibrate_sleep() {
  std::array<Nanos, kCalibrationRounds> lateness{};
  for (auto& late : lateness) {
    const auto wake_at = std::chrono::steady_clock::now() + kCalibrationSleep;
    sleep_in_kernel_until(wake_at);
    late = std::max(Nanos{0}, std::chrono::steady_clock::now() - wake_at);
  }
  std::ranges::sort(lateness);
  // The typical lateness is reported, as the original does; the first spin
  // covers the slower wake-ups too, until the run has measured its own.
  const Nanos typical = lateness[kCalibrationRounds / 2];
  const Nanos slow = lateness[kCalibrationRounds * 9 / 10];
  const auto margin = static_cast<Nanos::rep>(static_cast<double>(typical.count()) * kSpinMargin);
  return {typical, std::max(Nanos{margin}, slow)};
}

void SpinSizer::woke_late_by(Nanos lateness) {
  recent_[seen_ % kWindow] = std::max(lateness, Nanos{0});
  ++seen_;
  if (seen_ < kWindow) return;
  std::array<Nanos, kWindow> ranked = recent_;
  std::ranges::nth_element(ranked, ranked.begin() + kCoveredRank);
  measured_ = std::min(ranked[kCoveredRank], kMaxSpin);
}

void SpinSizer::spun_late_by(Nanos overrun) {
  bool& slot = preempted_[spins_ % kWindow];
  preempted_in_window_ -= slot ? 1 : 0;
  slot = overrun > kPreemptedSpin;
  preempted_in_window_ += slot ? 1 : 0;
  ++spins_;
  if (preempted_in_window_ >= kPreemptedToFallBack) contended_until_ = spins_ + kContendedHold;
}

Nanos SpinSizer::spin() const {
  return spins_ < contended_until_ ? std::min(measured_, calibrated_) : measured_;
}

Clock::time_point SpinClock::now() const {
  return std::chrono::steady_clock::now();
}

void SpinClock::sleep_until(time_point t) {
  const Nanos spin_time = spin();
  const time_point spin_from = t - spin_time;
  for (auto at = now(); at < spin_from; at = now()) {
    if (stop_.requested()) return;
    const time_point wake_at = std::min(spin_from, at + kSleepSlice);
    sleep_in_kernel_until(wake_at);
    if (wake_at == spin_from && policy_ == SpinPolicy::Adaptive) {
      sizer_.woke_late_by(now() - wake_at);
    }
  }
  const time_point spin_began = now();
  auto spun_until = spin_began;
  while (spun_until < t) spun_until = now();
  // A wake-up after the deadline left nothing to spin; the sizer has it as a late wake-up.
  if (policy_ == SpinPolicy::Adaptive && spin_began < t) sizer_.spun_late_by(spun_until - t);
}

void SpinClock::sleep_about_until(time_point t) {
  for (auto at = now(); at < t && !stop_.requested(); at = now()) {
    sleep_in_kernel_until(std::min(t, at + kSleepSlice));
  }
}

}  // namespace simhadr
