#include "time/spin_clock.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

using namespace std::chrono_literals;

TEST(SpinSizer, KeepsTheFirstSpinUntilAWindowOfWakeUpsIsMeasured) {
  SpinSizer sizer(60us);
  for (std::size_t i = 0; i + 1 < SpinSizer::kWindow; ++i) sizer.woke_late_by(5us);
  EXPECT_EQ(sizer.spin(), 60us);
  sizer.woke_late_by(5us);
  EXPECT_EQ(sizer.spin(), 5us);
}

TEST(SpinSizer, IsTheMedianWakeUpOfTheWindow) {
  SpinSizer sizer(60us);
  // 17 prompt wake-ups of 10 us, 14 of 40 us and one stall of 3 ms.
  for (int i = 0; i < 17; ++i) sizer.woke_late_by(10us);
  for (int i = 0; i < 14; ++i) sizer.woke_late_by(40us);
  sizer.woke_late_by(3ms);
  EXPECT_EQ(sizer.spin(), 10us);
  // Most come late now: the spin covers them.
  for (int i = 0; i < 3; ++i) sizer.woke_late_by(40us);
  EXPECT_EQ(sizer.spin(), 40us);
}

TEST(SpinSizer, FollowsTheHostWhenItsWakeUpsGetLaterOrSooner) {
  SpinSizer sizer(20us);
  for (std::size_t i = 0; i < SpinSizer::kWindow; ++i) sizer.woke_late_by(150us);
  EXPECT_EQ(sizer.spin(), 150us);
  for (std::size_t i = 0; i < SpinSizer::kWindow; ++i) sizer.woke_late_by(30us);
  EXPECT_EQ(sizer.spin(), 30us);
}

TEST(SpinSizer, FallsBackToTheCalibratedSpinWhileSpinsArePreempted) {
  SpinSizer sizer(40us);
  for (std::size_t i = 0; i < SpinSizer::kWindow; ++i) sizer.woke_late_by(400us);
  EXPECT_EQ(sizer.spin(), 400us);
  // A spin that ends a little late is no sign; one preempted spin may be chance.
  sizer.spun_late_by(30us);
  sizer.spun_late_by(2ms);
  EXPECT_EQ(sizer.spin(), 400us);
  // The second in the window says the CPUs are busy.
  sizer.spun_late_by(3ms);
  EXPECT_EQ(sizer.spin(), 40us);
  // It holds while the window shows two, and kContendedHold spins after: the window still
  // held two at the 33rd spin; at the 34th the first preempted one (the 2nd) left it.
  const std::size_t on_time = SpinSizer::kWindow + SpinSizer::kContendedHold - 3;
  for (std::size_t i = 0; i < on_time; ++i) sizer.spun_late_by(1us);
  EXPECT_EQ(sizer.spin(), 40us);
  sizer.spun_late_by(1us);
  EXPECT_EQ(sizer.spin(), 400us);
}

TEST(SpinSizer, IsCappedSoAStalledHostCannotTurnSleepsIntoSpins) {
  SpinSizer sizer(20us);
  for (std::size_t i = 0; i < SpinSizer::kWindow; ++i) sizer.woke_late_by(50ms);
  EXPECT_EQ(sizer.spin(), SpinSizer::kMaxSpin);
  EXPECT_EQ(SpinSizer(1s).spin(), SpinSizer::kMaxSpin);
}

TEST(SpinSizer, AnEarlyClockReadingCountsAsOnTime) {
  SpinSizer sizer(20us);
  for (std::size_t i = 0; i < SpinSizer::kWindow; ++i) sizer.woke_late_by(-3us);
  EXPECT_EQ(sizer.spin(), 0us);
}

TEST(SpinClock, SleepsUntilTheDeadlineAndNotBefore) {
  StopSource stop;
  SpinClock clock(50us, SpinPolicy::Adaptive, stop);
  const auto deadline = clock.now() + 2ms;
  clock.sleep_until(deadline);
  EXPECT_GE(clock.now(), deadline);
  EXPECT_EQ(clock.spin(), 50us);  // one wake-up is not yet a window
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
