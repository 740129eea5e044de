#include <gtest/gtest.h>

#include "simhadr/models/disk_model.hpp"
#include "simhadr/models/flush_size.hpp"
#include "simhadr/models/target_pacer.hpp"
#include "simhadr/sync_mode.hpp"

namespace simhadr {
namespace {

TEST(LinearDisk, OverheadPlusBytesOverRateWithMegabytesOfTenToTheSix) {
  const LinearDisk disk({50.0_MBps, 0.001});
  EXPECT_NEAR(static_cast<double>(disk.io_time(16384).count()), 1'327'680.0, 1.0);
  const LinearDisk spec_example({3.408714_MBps, 0.000056});
  EXPECT_NEAR(to_seconds(spec_example.io_time(8192)), 0.002459, 0.0000005);
}

TEST(InstantDisk, TakesNoTime) {
  EXPECT_EQ(InstantDisk{}.io_time(Nanos{0}, 1 << 30), Nanos{0});
}

TEST(FixedFlushSize, AlwaysTheSame) {
  FixedFlushSize sizes(16);
  const Clock::time_point now{};
  EXPECT_EQ(sizes.next(now)->pages, 16u);
  EXPECT_EQ(sizes.next(now)->start, now);
  EXPECT_EQ(sizes.max_pages(), 16u);
}

TEST(TargetPacer, ResumesWhenTheAverageIsBackAtTarget) {
  const TargetPacer pacer(10.0_MBps);
  const Clock::time_point start{};
  EXPECT_EQ(pacer.resume_at(start, 0), start);
  EXPECT_NEAR(to_seconds(pacer.resume_at(start, 65536) - start), 0.0065536, 1e-9);
  EXPECT_NEAR(to_seconds(pacer.resume_at(start, 20'000'000) - start), 2.0, 1e-9);
}

TEST(SyncModeRules, OneRowPerMode) {
  EXPECT_TRUE(rules_for(SyncMode::Sync).io_before_send);
  EXPECT_EQ(rules_for(SyncMode::Sync).standby_ack, AckPoint::AfterWrite);
  EXPECT_EQ(rules_for(SyncMode::NearSync).standby_ack, AckPoint::OnReceipt);
  EXPECT_FALSE(rules_for(SyncMode::NearSync).io_before_send);
  EXPECT_EQ(rules_for(SyncMode::Async).standby_ack, AckPoint::None);
  EXPECT_TRUE(rules_for(SyncMode::SuperAsync).primary_reads);
  EXPECT_FALSE(rules_for(SyncMode::Async).primary_reads);
}

TEST(SyncModeNames, ParseAnyCasePrintUpperCase) {
  EXPECT_EQ(parse_sync_mode("nearsync"), SyncMode::NearSync);
  EXPECT_EQ(parse_sync_mode("SuperAsync"), SyncMode::SuperAsync);
  EXPECT_EQ(parse_sync_mode("SYNC"), SyncMode::Sync);
  EXPECT_FALSE(parse_sync_mode("fast"));
  EXPECT_FALSE(parse_sync_mode(""));
  EXPECT_EQ(to_string(SyncMode::Async), "ASYNC");
}

}  // namespace
}  // namespace simhadr
