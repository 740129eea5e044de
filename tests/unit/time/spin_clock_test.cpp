#include "time/spin_clock.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

using namespace std::chrono_literals;

TEST(AdaptedSpin, ALateWakeUpRaisesTheSpinAtOnceWithAMargin) {
  EXPECT_EQ(adapted_spin(60us, 60us, 100us), 125us);
}

TEST(AdaptedSpin, IsCappedSoAStallCannotTurnSleepsIntoSpins) {
  EXPECT_EQ(adapted_spin(60us, 60us, 50ms), kMaxAdaptiveSpin);
}

TEST(AdaptedSpin, PromptWakeUpsBringItDownSlowlyButNotBelowTheCalibration) {
  const Nanos after_one = adapted_spin(380us, 60us, 40us);  // wanted 50 us
  EXPECT_EQ(after_one, Nanos{380us} - Nanos{330us} / 32);
  Nanos spin = 380us;
  for (int i = 0; i < 1000; ++i) spin = adapted_spin(spin, 60us, 0us);
  EXPECT_EQ(spin, 60us);
}

TEST(SpinClock, SleepsUntilTheDeadlineAndNotBefore) {
  StopSource stop;
  SpinClock clock(50us, SpinPolicy::Adaptive, stop);
  const auto deadline = clock.now() + 2ms;
  clock.sleep_until(deadline);
  EXPECT_GE(clock.now(), deadline);
  EXPECT_GE(clock.spin(), 50us);
}

TEST(SpinClock, AStopRequestCutsALongSleepShort) {
  StopSource stop;
  stop.request();
  SpinClock clock(50us, SpinPolicy::Fixed, stop);
  const auto start = clock.now();
  clock.sleep_until(start + std::chrono::hours(1));
  EXPECT_LT(clock.now() - start, std::chrono::seconds(30));
}

}  // namespace
}  // namespace simhadr
