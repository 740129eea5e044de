#include "virtual_time/principal_link_watch.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

constexpr Nanos kSecond{1'000'000'000};

// SUPERASYNC at 4 MB/s: the workload writes whatever its reader ships.
PrincipalLinkWatch superasync_at_4() {
  return PrincipalLinkWatch(std::nullopt, SyncMode::SuperAsync, MBytesPerSec{4.0});
}

LogGap gap_of(const PrincipalLinkWatch& watch) {
  RunResult primary;
  RunResult standby;
  watch.finish(primary, standby);
  return *primary.log_gap;
}

TEST(PrincipalLinkWatch, SuperasyncsWorkloadWritesOnWhileItsReaderIsBlocked) {
  PrincipalLinkWatch watch = superasync_at_4();
  watch.written(65536, Nanos{0});
  watch.acknowledged(65536, 10 * kSecond);
  const LogGap gap = gap_of(watch);
  EXPECT_EQ(gap.written_bytes, 40'000'000u);
  // Its oldest byte not acknowledged was written just after the first flush, not when looked at.
  EXPECT_NEAR(to_seconds(gap.worst_age), 10.0, 0.05);
}

TEST(PrincipalLinkWatch, AfterThePrimarysEndTheWorkloadWritesNoMore) {
  PrincipalLinkWatch watch = superasync_at_4();
  watch.written(65536, Nanos{0});
  watch.primary_ended(5 * kSecond);
  watch.acknowledged(65536, 100 * kSecond);
  const LogGap gap = gap_of(watch);
  EXPECT_EQ(gap.written_bytes, 20'000'000u);
  EXPECT_EQ(gap.worst_bytes, 20'000'000u);  // just before the acknowledgement narrowed it
  // The gap it ended with, as old as it was then.
  EXPECT_LE(to_seconds(gap.worst_age), 5.0);
  EXPECT_EQ(gap.worst_at, 5 * kSecond);
}

TEST(PrincipalLinkWatch, OtherModesKeepTheGapAgainstThePrimarysFlushes) {
  PrincipalLinkWatch watch(std::nullopt, SyncMode::NearSync, MBytesPerSec{4.0});
  watch.written(65536, Nanos{0});
  watch.written(131072, kSecond);
  watch.acknowledged(65536, 2 * kSecond);
  EXPECT_EQ(gap_of(watch).written_bytes, 131072u);
}

}  // namespace
}  // namespace simhadr
