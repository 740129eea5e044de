// The calculator's closed form: per-mode flush time, the three groups, the
// halving search and the impact marks, on figures worked by hand.
#include "simhadr/models/hadr_calculator.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

// 10 MiB/s, 0.1 s round trip; 200 MiB/s disks with 1 ms per write.
constexpr CalculatorLink kWan{10_MiBps, 0.1, 200_MiBps, 0.001};

TEST(HadrCalculator, ADisksCapsHoldEachModeToTheirRateNotTheirSumInSeries) {
  // A fast link and disk; the disk capped at 500 IOPS and 60 MB/s (10^6 bytes).
  CalculatorLink capped{1000_MiBps, 0.0001, 1000_MiBps, 0.0001};
  capped.disk_caps = DiskCaps{500.0, 60.0_MBps};
  // One page: SYNC's two writes in series do not take the cap twice; a write starts every 2 ms.
  EXPECT_DOUBLE_EQ(calculator_group(SyncMode::Sync, 1, capped).seconds, 0.002);
  EXPECT_DOUBLE_EQ(calculator_group(SyncMode::Async, 1, capped).seconds, 0.002);
  // 256 pages: 1 MiB at 60 MB/s.
  EXPECT_DOUBLE_EQ(calculator_group(SyncMode::NearSync, 256, capped).seconds, 1048576 / 60e6);
  // Without caps, the closed form as before.
  capped.disk_caps = {};
  EXPECT_LT(calculator_group(SyncMode::Sync, 1, capped).seconds, 0.001);
}

TEST(HadrCalculator, AFlushTakesTheClosedFormOfItsModeInMiB) {
  // 16 pages = 0.0625 MiB: write 0.001 + 0.0625/200, send 0.0625/10.
  const double write = 0.001 + 0.0625 / 200;
  const double send = 0.0625 / 10;
  EXPECT_DOUBLE_EQ(calculator_group(SyncMode::Sync, 16, kWan).seconds, write + send + write + 0.1);
  EXPECT_DOUBLE_EQ(calculator_group(SyncMode::NearSync, 16, kWan).seconds, send + 0.1);
  EXPECT_DOUBLE_EQ(calculator_group(SyncMode::Async, 16, kWan).seconds, send);
  EXPECT_DOUBLE_EQ(calculator_group(SyncMode::SuperAsync, 16, kWan).rate.value(), 10);
  EXPECT_DOUBLE_EQ(calculator_group(SyncMode::Async, 0, {}).rate.value(), 0)
      << "an empty flush on a free link moves nothing, and divides by nothing";
}

TEST(HadrCalculator, TheGroupsSpanTheIntervalsFlushAndWhatItsOpenTransactionsHold) {
  WorkloadInterval interval;
  interval.rate = 1.363_MiBps;
  interval.flush_pages = 3.5;
  interval.transaction_pages = 4.3;
  interval.open_transactions = 32.4;
  const ModeEstimate sync = estimate_mode(SyncMode::Sync, interval, kWan);
  EXPECT_DOUBLE_EQ(sync.min.pages, 3.5);
  EXPECT_DOUBLE_EQ(sync.max.pages, 4.3 * 32.4);
  // The search ends within a page above the rate, at the upper end of its range.
  EXPECT_GE(sync.expected.rate, interval.rate);
  EXPECT_LT(calculator_group(SyncMode::Sync, sync.expected.pages - 1, kWan).rate, interval.rate);
  EXPECT_EQ(sync.impact, Impact::Medium);  // above the smallest flush's rate, above max / 4
  const ModeEstimate async = estimate_mode(SyncMode::Async, interval, kWan);
  EXPECT_EQ(async.impact, Impact::None);
  EXPECT_DOUBLE_EQ(async.expected.pages, 3.5) << "the interval's own flushes already keep up";
  const ModeEstimate super = estimate_mode(SyncMode::SuperAsync, interval, kWan);
  EXPECT_DOUBLE_EQ(super.min.pages, kCatchupFlushPages);
  EXPECT_DOUBLE_EQ(super.max.pages, kCatchupFlushPages);
}

TEST(HadrCalculator, ImpactGrowsAsTheRateNearsTheLargestFlushs) {
  const FlushGroup min{1, 0.1, 1_MiBps};
  const FlushGroup max{100, 1, 8_MiBps};
  EXPECT_EQ(impact_of(1_MiBps, min, max), Impact::None);
  EXPECT_EQ(impact_of(1.5_MiBps, min, max), Impact::Small);
  EXPECT_EQ(impact_of(2.5_MiBps, min, max), Impact::Medium);
  EXPECT_EQ(impact_of(4.5_MiBps, min, max), Impact::Heavy);
  EXPECT_EQ(impact_of(9_MiBps, min, max), Impact::Heavy);
}

TEST(HadrCalculator, RemoteCatchUpIsAsyncAtSixteenPages) {
  const FlushGroup catchup = catchup_group(kWan);
  EXPECT_DOUBLE_EQ(catchup.pages, 16);
  EXPECT_DOUBLE_EQ(catchup.rate.value(), 10);
  EXPECT_EQ(catchup_impact(4_MiBps, catchup), Impact::None);
  EXPECT_EQ(catchup_impact(6_MiBps, catchup), Impact::Small);
  EXPECT_EQ(catchup_impact(8_MiBps, catchup), Impact::Medium);
  EXPECT_EQ(catchup_impact(11_MiBps, catchup), Impact::Heavy);
}

}  // namespace
}  // namespace simhadr
