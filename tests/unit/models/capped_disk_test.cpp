#include <gtest/gtest.h>

#include "simhadr/models/capped_disk.hpp"

namespace simhadr {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

// 0.1 ms + bytes at 1000 MB/s: a page takes 0.104 ms by the line.
const DiskParams kFastLine{1000.0_MBps, 0.0001};
const DiskParams kCloudDisk{1000.0_MBps, 0.0001, DiskCaps{500.0, 60.0_MBps}};

// Writes of `bytes` back to back, as HADR writes its log; how many end by `until`.
std::uint64_t writes_by(DiskModel& disk, std::uint64_t bytes, Nanos from, Nanos until,
                        Nanos* last = nullptr) {
  std::uint64_t count = 0;
  Nanos took{};
  for (Nanos at = from; (at += took = disk.io_time(at, bytes)) <= until;) ++count;
  if (last) *last = took;
  return count;
}

TEST(CappedDisk, OnePageAWriteIsHeldToTheIopsCapOnceTheBurstIsSpent) {
  CappedDisk disk(kCloudDisk);
  // 10 s at 500 IOPS, and the bucket's tenth of a second (50 IOs) on top.
  Nanos last{};
  const std::uint64_t count = writes_by(disk, kPageBytes, Nanos{0}, seconds(10), &last);
  EXPECT_GE(count, 5000u + 50u - 1u);
  EXPECT_LE(count, 5000u + 50u + 1u);
  // Past the burst every write takes the cap's 2 ms: held 1.896 ms, then the line's 0.104 ms.
  EXPECT_NEAR(to_seconds(last), 0.002, 1e-8);
}

TEST(CappedDisk, AMegabyteAWriteIsHeldToTheThroughputCap) {
  CappedDisk disk(kCloudDisk);
  // 60 MB/s of 1 MiB writes: 57.2 a second, plus the 6 MB a tenth of a second holds.
  const std::uint64_t count = writes_by(disk, pages_to_bytes(256), Nanos{0}, seconds(10));
  EXPECT_GE(count, 572u + 5u - 1u);
  EXPECT_LE(count, 572u + 6u + 1u);
}

TEST(CappedDisk, AQuietSpellRefillsOneBucketNotTheWholeSpell) {
  CappedDisk disk(kCloudDisk);
  const Nanos after_first = Nanos{0} + seconds(1);
  writes_by(disk, kPageBytes, Nanos{0}, after_first);
  // After 100 s of nothing, a second of writes gets 500 and one bucket, not 100 s of IOs.
  const Nanos back = seconds(101);
  const std::uint64_t count = writes_by(disk, kPageBytes, back, back + seconds(1));
  EXPECT_GE(count, 500u + 50u - 1u);
  EXPECT_LE(count, 500u + 50u + 1u);
}

TEST(CappedDisk, UnderBothCapsItIsTheLine) {
  // 1 ms + bytes at 20 MB/s: never near 2000 IOPS or 500 MB/s.
  const DiskParams slow{20.0_MBps, 0.001, DiskCaps{2000.0, 500.0_MBps}};
  CappedDisk disk(slow);
  Nanos at{0};
  for (int i = 0; i < 1000; ++i) {
    const Nanos took = disk.io_time(at, pages_to_bytes(16));
    ASSERT_EQ(took, LinearDisk(slow).io_time(pages_to_bytes(16)));
    at += took;
  }
}

TEST(CappedDisk, SpentBucketsHoldTheFirstWritesToo) {
  CappedDisk disk(kCloudDisk, DiskStart::Spent);
  // No burst: a second of one-page writes is the cap's 500, give or take the first.
  const std::uint64_t count = writes_by(disk, kPageBytes, Nanos{0}, seconds(1));
  EXPECT_GE(count, 499u);
  EXPECT_LE(count, 501u);
}

TEST(SustainedIoTime, TheLineOrTheSlowerCap) {
  EXPECT_EQ(sustained_io_time(kCloudDisk, kPageBytes), milliseconds(2));
  EXPECT_EQ(binding_limit(kCloudDisk, kPageBytes), DiskLimit::IopsCap);
  // 16 pages: 65536 B at 60 MB/s is 1.09 ms, under the IOPS cap's 2 ms.
  EXPECT_EQ(binding_limit(kCloudDisk, pages_to_bytes(16)), DiskLimit::IopsCap);
  // 32 pages: 131072 B at 60 MB/s is 2.18 ms: past the knee at 120 KB.
  EXPECT_EQ(binding_limit(kCloudDisk, pages_to_bytes(32)), DiskLimit::ThroughputCap);
  EXPECT_NEAR(to_seconds(sustained_io_time(kCloudDisk, pages_to_bytes(32))), 131072 / 60e6, 1e-9);
  EXPECT_EQ(binding_limit(kFastLine, kPageBytes), DiskLimit::Line);
  EXPECT_EQ(sustained_io_time(kFastLine, kPageBytes), LinearDisk(kFastLine).io_time(kPageBytes));
  // A cap of MB/s alone binds only where the line is faster than it.
  const DiskParams mbps_only{1000.0_MBps, 0.0001, DiskCaps{std::nullopt, 125.0_MBps}};
  EXPECT_EQ(binding_limit(mbps_only, kPageBytes), DiskLimit::Line);
  EXPECT_EQ(binding_limit(mbps_only, pages_to_bytes(256)), DiskLimit::ThroughputCap);
}

TEST(MakeDiskModel, EachSideGetsAMeterOfItsOwn) {
  const auto primary = make_disk_model(kCloudDisk);
  const auto standby = make_disk_model(kCloudDisk);
  Nanos last{};
  writes_by(*primary, kPageBytes, Nanos{0}, seconds(1), &last);
  EXPECT_NEAR(to_seconds(last), 0.002, 1e-8);
  // The standby's bucket is full although the primary's is spent.
  EXPECT_EQ(standby->io_time(seconds(1), kPageBytes), LinearDisk(kCloudDisk).io_time(kPageBytes));
}

}  // namespace
}  // namespace simhadr
