// The log gap on a scripted run: writes, acknowledgements and a stall.
#include "simhadr/measure/log_gap_meter.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

Nanos at_ms(int n) {
  return std::chrono::milliseconds(n);
}

TEST(LogGapMeter, TheWorstGapIsWhatWasWrittenAndNotAcknowledgedAndTheAgeOfItsOldest) {
  LogGapMeter meter;
  meter.written(1000, at_ms(10));
  meter.written(2000, at_ms(20));
  meter.acknowledged(0, at_ms(30));
  // The first flush's log gathered from the run's start.
  EXPECT_EQ(meter.gap().worst_bytes, 2000u);
  EXPECT_EQ(meter.gap().worst_age, at_ms(30));
  meter.acknowledged(1500, at_ms(40));
  meter.acknowledged(2000, at_ms(50));
  EXPECT_EQ(meter.gap().worst_bytes, 2000u);
  EXPECT_EQ(meter.gap().worst_age, at_ms(30));
  EXPECT_FALSE(meter.gap().catch_up);
}

TEST(LogGapMeter, AnAcknowledgementAheadOfTheWritesNotedIsNoNegativeGap) {
  LogGapMeter meter;
  meter.written(1000, at_ms(10));
  meter.acknowledged(5000, at_ms(20));
  meter.written(5000, at_ms(25));
  meter.acknowledged(5000, at_ms(30));
  EXPECT_EQ(meter.gap().worst_bytes, 0u);
}

// SYNC on a starved host: the watch read the acknowledgements at 100 ms and
// waited for a CPU while the primary wrote eight more flushes, each
// acknowledged before the next; its reading, noted late, is of its own time.
TEST(LogGapMeter, AReadingNotedLateIsNotSetAgainstWritesAfterIt) {
  constexpr std::uint64_t kFlush = 1 << 20;
  LogGapMeter meter;
  meter.written(kFlush, at_ms(90));
  for (std::uint64_t n = 2; n <= 9; ++n) {
    meter.written(n * kFlush, at_ms(100 + static_cast<int>(n)));
  }
  meter.acknowledged(kFlush, at_ms(100));
  EXPECT_EQ(meter.gap().worst_bytes, 0u);
  meter.acknowledged(8 * kFlush, at_ms(120));
  EXPECT_EQ(meter.gap().worst_bytes, kFlush);
  // The last flush, written at 109 ms, holds the log gathered since 108 ms.
  EXPECT_EQ(meter.gap().worst_age, at_ms(12));
}

TEST(LogGapMeter, AfterAStallTheGapCatchesUpToWhereItWas) {
  LogGapMeter meter;
  std::uint64_t written = 0;
  // 1000 bytes every 10 ms, acknowledged 10 ms later, until the stall at 1 s.
  for (int t = 10; t <= 1000; t += 10) {
    meter.written(written += 1000, at_ms(t));
    meter.acknowledged(written - 1000, at_ms(t));
  }
  // 2 s of stall: written goes on, nothing acknowledged.
  const std::uint64_t acked_before = written - 1000;
  for (int t = 1010; t <= 3000; t += 10) {
    meter.written(written += 1000, at_ms(t));
    meter.acknowledged(acked_before, at_ms(t));
  }
  meter.stall_ended(at_ms(3000));
  // Acknowledged at 3000 bytes per 10 ms while 1000 are written: 2000 a step off 201 000.
  std::uint64_t acked = acked_before;
  int t = 3000;
  while (acked + 2000 < written) {
    t += 10;
    meter.written(written += 1000, at_ms(t));
    acked += 3000;
    meter.acknowledged(acked, at_ms(t));
  }
  const LogGap gap = meter.gap();
  EXPECT_EQ(gap.worst_bytes, 201000u);
  // The oldest flush behind, written at 1010 ms, holds the log gathered since 1000 ms.
  EXPECT_EQ(gap.worst_age, at_ms(2010));
  ASSERT_TRUE(gap.catch_up);
  EXPECT_TRUE(gap.caught_up);
  EXPECT_EQ(*gap.catch_up, at_ms(t - 3000));
  EXPECT_NEAR(to_seconds(*gap.catch_up), 1.0, 0.02);
}

TEST(LogGapMeter, ARunThatEndsBeforeTheGapCaughtUpSaysSo) {
  LogGapMeter meter;
  meter.written(1000, at_ms(10));
  meter.acknowledged(1000, at_ms(20));
  for (int t = 30; t <= 3000; t += 10) meter.written(1000 + 1000 * (t / 10 - 2), at_ms(t));
  meter.stall_ended(at_ms(3000));
  meter.acknowledged(2000, at_ms(3010));
  EXPECT_FALSE(meter.gap().caught_up);
  EXPECT_EQ(*meter.gap().catch_up, at_ms(10));
  // 297000 bytes open, of which all but the flush in hand are still to close;
  // the 298000 of the stall's end closed by 1000 in 10 ms.
  EXPECT_EQ(meter.gap().behind_bytes, 296000u);
  EXPECT_DOUBLE_EQ(meter.gap().closing_bytes_per_sec, 100000.0);
  meter.acknowledged(298000, at_ms(3020));
  EXPECT_TRUE(meter.gap().caught_up);
  EXPECT_EQ(meter.gap().behind_bytes, 0u);
  EXPECT_EQ(meter.gap().closing_bytes_per_sec, 0.0);
}

// Caught up as the stall ended, then wider again without another stall (a
// primary out of peer state writing faster than the link carries): the gap
// the stall left is open until it closes again.
TEST(LogGapMeter, AGapThatWidensAgainAfterCatchingUpIsNotClosed) {
  LogGapMeter meter;
  meter.written(1000, at_ms(10));
  meter.acknowledged(1000, at_ms(20));
  meter.stall_ended(at_ms(1000));
  meter.acknowledged(1000, at_ms(1000));
  EXPECT_TRUE(meter.gap().caught_up);
  for (int t = 1010; t <= 2000; t += 10) meter.written(1000 + 3000 * (t / 10 - 100), at_ms(t));
  meter.acknowledged(101000, at_ms(2000));
  EXPECT_FALSE(meter.gap().caught_up);
  EXPECT_EQ(*meter.gap().catch_up, at_ms(1000));
  EXPECT_EQ(meter.gap().behind_bytes, 199000u);
  meter.acknowledged(301000, at_ms(2500));
  EXPECT_TRUE(meter.gap().caught_up);
  EXPECT_EQ(*meter.gap().catch_up, at_ms(1500));
}

// A modelled acknowledgement lands at a known instant: the gap just before it
// is the widest, and its bytes and age are of that one moment.
TEST(LogGapMeter, TheGapBeforeAnAcknowledgementLandsIsOfThatMoment) {
  LogGapMeter meter;
  // 1000 bytes every 10 ms from 10 ms; nothing acknowledged until 300 ms.
  for (int t = 10; t <= 300; t += 10) meter.written(static_cast<std::uint64_t>(t) * 100, at_ms(t));
  meter.before_acknowledgement(at_ms(300));
  meter.acknowledged(30000, at_ms(300));
  const LogGap gap = meter.gap();
  EXPECT_EQ(gap.worst_bytes, 30000u);
  // The first flush's log gathered from the run's start.
  EXPECT_EQ(gap.worst_age, at_ms(300));
  EXPECT_EQ(gap.worst_at, at_ms(300));
}

// An old gap of few bytes does not lend its age to a wider, younger one.
TEST(LogGapMeter, TheWorstAgeIsTheWidestGapsNotTheLongestSeen) {
  LogGapMeter meter;
  meter.written(1000, at_ms(10));
  meter.acknowledged(0, at_ms(1000));
  meter.acknowledged(1000, at_ms(1001));
  meter.written(5000, at_ms(1010));
  meter.acknowledged(1000, at_ms(1020));
  EXPECT_EQ(meter.gap().worst_bytes, 4000u);
  EXPECT_EQ(meter.gap().worst_age, at_ms(1020 - 10));
  EXPECT_EQ(meter.gap().worst_at, at_ms(1020));
}

}  // namespace
}  // namespace simhadr
