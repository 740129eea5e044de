// When a run counts as settled, and how its totals are carried on to the
// planned length: the arithmetic, and a logger run stopped early against the
// same run played to its end.
#include <gtest/gtest.h>

#include "simhadr/models/flush_size.hpp"
#include "virtual_time/steady_state.hpp"

namespace simhadr {
namespace {

// Flushes of 64 pages: a span of 20 holds more than the 1,000 pages a tolerance of 0.1% asks for.
constexpr std::uint64_t kFlushBytes = 64 * kPageBytes;

FlushProgress after(std::uint64_t flushes, double seconds_per_flush, double wait_seconds) {
  const std::uint64_t bytes = flushes * kFlushBytes;
  return {flushes, bytes, from_seconds(seconds_per_flush * static_cast<double>(flushes)),
          CommitWait{wait_seconds, wait_seconds, 0, static_cast<double>(bytes)}};
}

TEST(SteadyState, SettlesOnceTwoWindowsAgreeAndASpanFollowsTheFirst) {
  SteadyState steady(10, 20, 1e-3);
  for (std::uint64_t n = 1; n < 30; ++n) EXPECT_FALSE(steady.settled(after(n, 0.01, 0.02))) << n;
  EXPECT_TRUE(steady.settled(after(30, 0.01, 0.02)));
}

TEST(SteadyState, DoesNotSettleWhileFlushesKeepSlowingDown) {
  SteadyState steady(10, 20, 1e-3);
  double seconds = 0;
  for (std::uint64_t n = 1; n <= 500; ++n) {
    seconds += 0.01 * (1 + 0.001 * static_cast<double>(n));
    FlushProgress progress = after(n, 0, 0.02);
    progress.now = from_seconds(seconds);
    EXPECT_FALSE(steady.settled(progress)) << n;
  }
}

// An asynchronous primary ahead of its link: flushes keep their pace while its
// send buffer fills, and only once the buffer stops growing is that the pace.
TEST(SteadyState, DoesNotSettleWhileTheSendBufferFills) {
  SteadyState steady(10, 20, 1e-3);
  for (std::uint64_t n = 1; n <= 100; ++n) {
    FlushProgress progress = after(n, 0.01, 0.02);
    progress.in_flight = n * kFlushBytes / 2;
    EXPECT_FALSE(steady.settled(progress)) << n;
  }
  for (std::uint64_t n = 101; n < 110; ++n) {
    FlushProgress progress = after(n, 0.01, 0.02);
    progress.in_flight = 50 * kFlushBytes;
    EXPECT_FALSE(steady.settled(progress)) << n;
  }
  FlushProgress full = after(110, 0.01, 0.02);
  full.in_flight = 50 * kFlushBytes;
  EXPECT_TRUE(steady.settled(full));
}

TEST(SteadyState, CarriesTheTotalsOnToTheFlushCountOrTheRunTime) {
  SteadyState steady(10, 20, 1e-3);
  for (std::uint64_t n = 1; n <= 30; ++n) steady.settled(after(n, 0.01, 0.02));
  const double bytes = 30.0 * kFlushBytes;
  const RunTotals totals{30, bytes, 0.3, 0.02 * bytes, bytes, 0.02, 0};
  VirtualRunPlan plan;
  plan.max_flushes = 300;
  const RunTotals by_count = steady.extended(totals, plan);
  EXPECT_EQ(by_count.flushes, 300u);
  EXPECT_NEAR(by_count.seconds, 3.0, 1e-9);
  EXPECT_NEAR(by_count.commit().avg_seconds, 0.02, 1e-12);
  plan.run_time = from_seconds(1.005);  // the first flush done at or after it is the 101st
  const RunTotals by_time = steady.extended(totals, plan);
  EXPECT_EQ(by_time.flushes, 101u);
  EXPECT_NEAR(by_time.bytes, 101.0 * kFlushBytes, 1e-6);
}

TEST(SteadyState, SettlesOnlyWithEnoughPagesToKeepThePaceWithinTheTolerance) {
  SteadyState steady(10, 20, 1e-3);
  for (std::uint64_t n = 1; n <= 150; ++n) {
    FlushProgress progress = after(n, 0.01, 0.02);
    progress.bytes =
        n * kPageBytes;  // one page a flush: 1,000 flushes before the span holds enough
    progress.commit.waited_bytes = static_cast<double>(progress.bytes);
    EXPECT_FALSE(steady.settled(progress)) << n;
  }
}

TEST(SteadyState, ALoggerRunStoppedOnceSettledGivesWhatTheWholeRunGives) {
  int settled_early = 0;
  for (const SyncMode mode : {SyncMode::Sync, SyncMode::NearSync, SyncMode::Async}) {
    for (const double rate : {0.5, 3.0, 12.0}) {
      VirtualRunPlan plan;
      plan.mode = mode;
      plan.disk = DiskParams{200_MBps, 0.0005};
      plan.network = NetworkParams{0.01, 10.0_MBps};
      plan.max_flushes = 1000;
      plan.run_time = from_seconds(60);
      const StopSource never;
      LoggerFlushSizes whole_logger({MBytesPerSec{rate}, 256, {}}, Clock::time_point{});
      const RunTotals whole = totals_of(run_virtual(plan, whole_logger, never).primary);

      SteadyState steady(25, 100, 1e-3);
      plan.settled = [&steady](const FlushProgress& p) { return steady.settled(p); };
      LoggerFlushSizes logger({MBytesPerSec{rate}, 256, {}}, Clock::time_point{});
      const RunTotals early = totals_of(run_virtual(plan, logger, never).primary);
      const RunTotals carried = steady.extended(early, plan);
      SCOPED_TRACE(::testing::Message() << to_string(mode) << " at " << rate << " MB/s");
      if (early.flushes < whole.flushes) ++settled_early;
      EXPECT_NEAR(carried.seconds / static_cast<double>(carried.flushes),
                  whole.seconds / static_cast<double>(whole.flushes),
                  2e-3 * whole.seconds / static_cast<double>(whole.flushes));
      EXPECT_NEAR(carried.bytes / carried.seconds, whole.bytes / whole.seconds,
                  2e-3 * whole.bytes / whole.seconds);
      EXPECT_NEAR(carried.commit().avg_seconds, whole.commit().avg_seconds,
                  2e-3 * whole.commit().avg_seconds);
    }
  }
  EXPECT_GE(settled_early, 4);
}

}  // namespace
}  // namespace simhadr
