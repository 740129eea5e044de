// -netOutage in virtual time against its arithmetic (docs/models.md,
// "Outages"): R MB/s of log (-target) on a link of C MB/s of payload, down
// for D seconds. Virtual time is exact, so these are tight tolerances.
#include <gtest/gtest.h>

#include "simhadr/models/network.hpp"
#include "virtual_time/link_outages.hpp"
#include "virtual_time/virtual_run.hpp"

namespace simhadr {
namespace {

constexpr double kLogRate = 6.0;                             // R
constexpr double kOutage = 2.0;                              // D
const double kPayload = 12.5 * NetworkModel::kPayloadShare;  // C

VirtualOutcome run_with_outages(SyncMode mode, double every = 10, double run_seconds = 30,
                                double log_rate = kLogRate) {
  VirtualRunPlan plan;
  plan.mode = mode;
  plan.run_time = from_seconds(run_seconds);
  plan.network.rate = 12.5_MBps;
  plan.target = MBytesPerSec{log_rate};
  plan.outages = OutagePlan{kOutage, every};
  FixedFlushSize sizes(16);
  const StopSource never;
  return run_virtual(plan, sizes, never);
}

TEST(LinkOutages, ComeEveryEverySecondsOrOnceInTheMiddle) {
  const LinkOutages every(OutagePlan{2, 10}, from_seconds(30), from_seconds(30));
  const StallRecord seen = every.seen_by(from_seconds(30));
  ASSERT_EQ(seen.count(), 2u);
  EXPECT_EQ(seen.episodes[0].start, from_seconds(10));
  EXPECT_EQ(seen.episodes[1].start, from_seconds(20));
  EXPECT_EQ(every.up_from(from_seconds(11)), from_seconds(12));
  EXPECT_EQ(every.up_from(from_seconds(12)), from_seconds(12));
  EXPECT_EQ(every.stalled_within(from_seconds(9), from_seconds(11)), from_seconds(1));
  const LinkOutages once(OutagePlan{2, std::nullopt}, from_seconds(30), from_seconds(30));
  ASSERT_EQ(once.seen_by(from_seconds(30)).count(), 1u);
  EXPECT_EQ(once.seen_by(from_seconds(30)).episodes[0].start, from_seconds(14));
  // A run that ended inside an outage saw it up to its end.
  EXPECT_EQ(once.seen_by(from_seconds(15)).total(), from_seconds(1));
}

TEST(LinkOutages, SuperAsyncWritesOnAndTheGapIsTheLogOfTheOutage) {
  const VirtualOutcome out = run_with_outages(SyncMode::SuperAsync);
  ASSERT_TRUE(out.primary.log_gap);
  const LogGap& gap = *out.primary.log_gap;
  EXPECT_NEAR(static_cast<double>(gap.worst_bytes), kLogRate * 1e6 * kOutage,
              0.01 * kLogRate * 1e6 * kOutage);
  EXPECT_NEAR(to_seconds(gap.worst_age), kOutage, 0.01 * kOutage);
  ASSERT_TRUE(gap.catch_up);
  EXPECT_TRUE(gap.caught_up);
  const double catch_up = kLogRate * kOutage / (kPayload - kLogRate);
  EXPECT_NEAR(to_seconds(*gap.catch_up), catch_up, 0.02 * catch_up);
  // The run keeps its pace: the outages cost it no log.
  EXPECT_NEAR(mbytes_per_sec(out.primary.flushes.bytes, out.primary.elapsed), kLogRate, 0.01);
  ASSERT_TRUE(out.standby.stalls);
  EXPECT_EQ(out.standby.stalls->count(), 2u);
}

TEST(LinkOutages, AsyncFillsItsSendBufferAndThenItsLogWaits) {
  const std::uint64_t window = kAutotunedWindowBytes;
  // 2 MB/s for 2 s fits the window: the log goes on, and the gap is all of it.
  const VirtualOutcome fits = run_with_outages(SyncMode::Async, 10, 30, 2.0);
  EXPECT_NEAR(static_cast<double>(fits.primary.log_gap->worst_bytes), 4e6, 0.01 * 4e6);
  EXPECT_EQ(fits.primary.congestions.calls, 0u);
  // 6 MB/s does not: the gap stops at the window and the log waits for room.
  const VirtualOutcome held = run_with_outages(SyncMode::Async);
  const LogGap& gap = *held.primary.log_gap;
  EXPECT_LE(gap.worst_bytes, window);
  EXPECT_GE(gap.worst_bytes, window - 16 * kPageBytes);
  EXPECT_NEAR(to_seconds(gap.worst_age), kOutage, 0.01 * kOutage);
  const double blocked = kOutage - static_cast<double>(window) / (kLogRate * 1e6);
  EXPECT_NEAR(to_seconds(held.primary.congestions.time), 2 * blocked, 0.01 * 2 * blocked);
  // The buffer drains at the link's rate, and the primary's next sends queue behind it.
  const double drain = static_cast<double>(window) / (kPayload * 1e6);
  EXPECT_NEAR(to_seconds(*gap.catch_up), drain, 0.02 * drain);
}

TEST(LinkOutages, InSyncAndNearSyncTheFlushInFlightWaitsOutTheOutage) {
  for (const SyncMode mode : {SyncMode::Sync, SyncMode::NearSync}) {
    const VirtualOutcome out = run_with_outages(mode);
    const double own = 65536 / (kPayload * 1e6);
    const double longest = static_cast<double>(out.primary.ship_percentiles.max()) / 1e6;
    EXPECT_NEAR(longest, kOutage + own, 0.01 * kOutage) << to_string(mode);
    EXPECT_GE(longest, kOutage) << to_string(mode);
    // The gap is the flush in flight, as a real primary's TCP shows it: written,
    // its commit held, its log the outage old when the ack lands.
    EXPECT_EQ(out.primary.log_gap->worst_bytes, 65536u) << to_string(mode);
    EXPECT_NEAR(to_seconds(out.primary.log_gap->worst_age), kOutage, 0.01 * kOutage)
        << to_string(mode);
  }
}

TEST(LinkOutages, AHealthyLinkHasNoStallsAndNoGapToCatchUp) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.run_time = from_seconds(10);
  plan.network.rate = 12.5_MBps;
  plan.target = MBytesPerSec{kLogRate};
  FixedFlushSize sizes(16);
  const StopSource never;
  const VirtualOutcome out = run_virtual(plan, sizes, never);
  EXPECT_FALSE(out.primary.stalls);
  ASSERT_TRUE(out.primary.log_gap);
  EXPECT_FALSE(out.primary.log_gap->catch_up);
  EXPECT_LT(out.primary.log_gap->worst_bytes, 4 * 65536u);
}

}  // namespace
}  // namespace simhadr
