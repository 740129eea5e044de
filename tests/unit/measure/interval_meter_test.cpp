#include "simhadr/measure/interval_meter.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

using namespace std::chrono_literals;

const Clock::time_point kStart{};

RunResult totals(std::uint64_t flushes, std::uint64_t congestions = 0) {
  RunResult result;
  for (std::uint64_t i = 0; i < flushes; ++i) result.flushes.add(65536);
  for (std::uint64_t i = 0; i < congestions; ++i) result.congestions.add(0, 2ms);
  return result;
}

TEST(IntervalMeter, NothingBeforeThePeriodEnds) {
  IntervalMeter meter(1s, kStart);
  EXPECT_FALSE(meter.poll(kStart + 999ms, totals(10)));
}

TEST(IntervalMeter, EachPeriodIsTheDifferenceOfTheTotals) {
  IntervalMeter meter(1s, kStart);
  meter.note_shipping(3ms);
  meter.note_shipping(1ms);
  const auto first = meter.poll(kStart + 1001ms, totals(10, 1));
  ASSERT_TRUE(first);
  EXPECT_EQ(first->start, Nanos{0});
  EXPECT_EQ(first->end, 1001ms);
  EXPECT_EQ(first->flushes, 10u);
  EXPECT_EQ(first->log_bytes, 10u * 65536);
  EXPECT_EQ(first->shipped, 2u);
  EXPECT_EQ(first->ship_total, 4ms);
  EXPECT_EQ(first->ship_max, 3ms);
  EXPECT_EQ(first->congestions, 1u);
  const auto second = meter.poll(kStart + 2000ms, totals(25, 3));
  ASSERT_TRUE(second);
  EXPECT_EQ(second->start, 1001ms);
  EXPECT_EQ(second->flushes, 15u);
  EXPECT_EQ(second->congestions, 2u);
  EXPECT_EQ(second->congestion_time, 4ms);
  EXPECT_EQ(second->shipped, 0u);
}

TEST(IntervalMeter, AStepLongerThanSeveralPeriodsClosesOneInterval) {
  IntervalMeter meter(1s, kStart);
  const auto long_one = meter.poll(kStart + 3500ms, totals(5));
  ASSERT_TRUE(long_one);
  EXPECT_EQ(long_one->end, 3500ms);
  EXPECT_FALSE(meter.poll(kStart + 3900ms, totals(6)));
  EXPECT_TRUE(meter.poll(kStart + 4000ms, totals(7)));
}

TEST(IntervalMeter, TheLastPartialPeriodCountsFromATenth) {
  IntervalMeter meter(1s, kStart);
  ASSERT_TRUE(meter.poll(kStart + 1s, totals(10)));
  EXPECT_FALSE(meter.finish(kStart + 1050ms, totals(11)));
  IntervalMeter other(1s, kStart);
  ASSERT_TRUE(other.poll(kStart + 1s, totals(10)));
  const auto last = other.finish(kStart + 1300ms, totals(13));
  ASSERT_TRUE(last);
  EXPECT_EQ(last->flushes, 3u);
  EXPECT_EQ(last->end - last->start, 300ms);
}

}  // namespace
}  // namespace simhadr

namespace simhadr {
namespace {

// A modelled standby may note its buffer's use ahead of the interval that closes:
// the interval's average is over the time its byte-seconds were counted for.
TEST(IntervalMeter, ABufferFullThroughoutAveragesItsCapacityWhereverItWasNoted) {
  IntervalMeter meter(std::chrono::seconds(1), Clock::time_point{});
  RunResult result;
  result.buffer_use = BufferUse{1000};
  result.buffer_use->note(Nanos{0}, 1000);
  result.buffer_use->note(std::chrono::milliseconds(1500), 1000);
  const auto first = meter.poll(Clock::time_point{} + std::chrono::milliseconds(1000), result);
  ASSERT_TRUE(first);
  EXPECT_NEAR(*first->buffer_used_fraction, 1.0, 1e-12);
  result.buffer_use->note(std::chrono::milliseconds(2500), 1000);
  const auto second = meter.finish(Clock::time_point{} + std::chrono::milliseconds(2000), result);
  ASSERT_TRUE(second);
  EXPECT_NEAR(*second->buffer_used_fraction, 1.0, 1e-12);
}

}  // namespace
}  // namespace simhadr
