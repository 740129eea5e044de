// The flush-size models, alone and driving the virtual-time mode.
#include <gtest/gtest.h>

#include "simhadr/models/flush_size.hpp"
#include "virtual_time/virtual_run.hpp"

namespace simhadr {
namespace {

struct LoggedRun {
  VirtualOutcome out;
  double mean_flush_pages = 0;
};

LoggedRun run_logger(SyncMode mode, double log_rate, DiskParams disk, std::uint32_t buffer_pages) {
  VirtualRunPlan plan;
  plan.mode = mode;
  plan.run_time = from_seconds(20);
  plan.disk = disk;
  plan.network = {0.0005, 1000.0_MBps};
  plan.buffer_pages = 4 * buffer_pages;
  LoggerFlushSizes sizes({MBytesPerSec{log_rate}, buffer_pages}, Clock::time_point{});
  const StopSource never;
  LoggedRun run{run_virtual(plan, sizes, never)};
  run.mean_flush_pages = static_cast<double>(run.out.primary.flushes.bytes) / kPageBytes /
                         static_cast<double>(run.out.primary.flushes.calls);
  return run;
}

TEST(LoggerFlushSizes, SustainsTheWorkloadRateWheneverTheLinkCanCarryIt) {
  for (const SyncMode mode : {SyncMode::Sync, SyncMode::NearSync, SyncMode::Async}) {
    for (const double log_rate : {2.0, 10.0, 40.0}) {
      for (const DiskParams disk : {DiskParams{200_MBps, 0.0005}, DiskParams{100_MBps, 0.004}}) {
        const LoggedRun run = run_logger(mode, log_rate, disk, 1024);
        const double rate = mbytes_per_sec(run.out.primary.flushes.bytes, run.out.primary.elapsed);
        EXPECT_NEAR(rate, log_rate, log_rate * 0.02)
            << to_string(mode) << " log " << log_rate << " disk overhead " << disk.overhead_seconds;
        EXPECT_LT(run.out.primary.commit_wait->blocked_seconds, 0.01);
      }
    }
  }
}

TEST(LoggerFlushSizes, ASlowerDiskMakesBiggerFlushes) {
  for (const SyncMode mode : {SyncMode::Sync, SyncMode::NearSync, SyncMode::Async}) {
    double previous = 0;
    for (const double overhead : {0.0002, 0.001, 0.004, 0.016}) {
      const LoggedRun run = run_logger(mode, 10.0, {200_MBps, overhead}, 4096);
      EXPECT_GT(run.mean_flush_pages, previous) << to_string(mode) << " overhead " << overhead;
      previous = run.mean_flush_pages;
    }
  }
}

TEST(LoggerFlushSizes, ASlowerSyncModeMakesBiggerFlushes) {
  const DiskParams disk{200_MBps, 0.002};
  const double sync = run_logger(SyncMode::Sync, 10.0, disk, 4096).mean_flush_pages;
  const double async = run_logger(SyncMode::Async, 10.0, disk, 4096).mean_flush_pages;
  EXPECT_GT(sync, async * 1.5);
}

TEST(LoggerFlushSizes, AFullLogBufferBlocksTheWorkload) {
  // 100 MB/s of log into 16 pages per 2 ms flush: the buffer caps the rate at ~30 MB/s.
  const LoggedRun run = run_logger(SyncMode::Async, 100.0, {1000_MBps, 0.002}, 16);
  EXPECT_EQ(run.out.primary.flush_page_counts.view().max, 16u);
  EXPECT_GT(run.out.primary.commit_wait->blocked_seconds, 5.0);
  EXPECT_LT(mbytes_per_sec(run.out.primary.flushes.bytes, run.out.primary.elapsed), 40.0);
}

TEST(LoggerFlushSizes, CommitWaitCoversTheFlushAndHalfTheGatheringTime) {
  LoggerFlushSizes sizes({4.096_MBps, 100}, Clock::time_point{});  // one page per ms
  const Clock::time_point t0{};
  const FlushRequest first = *sizes.next(t0 + std::chrono::milliseconds(10));
  EXPECT_EQ(first.pages, 10u);
  sizes.flushed(t0 + std::chrono::milliseconds(12), true);
  const CommitWait wait = *sizes.commit_wait();
  EXPECT_NEAR(wait.avg_seconds, 0.007, 1e-9);  // produced 0..10 ms, done at 12 ms
  EXPECT_NEAR(wait.max_seconds, 0.012, 1e-9);
}

TEST(LoggerFlushSizes, WaitsForAWholePageOfLog) {
  LoggerFlushSizes sizes({4.096_MBps, 100}, Clock::time_point{});
  const FlushRequest request = *sizes.next(Clock::time_point{});
  EXPECT_EQ(request.pages, 1u);
  EXPECT_NEAR(to_seconds(request.start - Clock::time_point{}), 0.001, 1e-9);
}

TEST(LoggerFlushSizes, AReplayedWorkloadFollowsItsStepsAndEndsAfterTheLast) {
  using namespace std::chrono_literals;
  const Clock::time_point start{};
  // 4.096 MB/s is a page per ms; then nothing for 10 ms; then two pages per ms.
  LoggerFlushSizes sizes(
      {4.096_MBps, 100, {{"a", 10ms, 4.096_MBps}, {"b", 10ms, 0.0_MBps}, {"c", 5ms, 8.192_MBps}}},
      start);
  FlushRequest first = *sizes.next(start + 10ms);
  EXPECT_EQ(first.pages, 10u);
  sizes.flushed(start + 10ms, true);
  // Nothing comes during step b: the next page is 0.5 ms into step c.
  const FlushRequest second = *sizes.next(start + 10ms);
  EXPECT_EQ(second.pages, 1u);
  EXPECT_EQ(second.start, start + 20ms + 500us);
  sizes.flushed(second.start, true);
  const FlushRequest third = *sizes.next(start + 25ms);
  EXPECT_EQ(third.pages, 9u);
  sizes.flushed(start + 25ms, true);
  EXPECT_EQ(sizes.next(start + 25ms), std::nullopt) << "the log has ended";
  const std::vector<WorkloadStepTally> steps = sizes.workload_steps();
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0].label, "a");
  EXPECT_NEAR(steps[0].offered_bytes, 10 * 4096.0, 1e-6);
  EXPECT_NEAR(steps[2].written_bytes, 10 * 4096.0, 1e-6);
  EXPECT_NEAR(steps[1].offered_bytes, 0, 1e-9);
  EXPECT_NEAR(steps[2].shipped_bytes, 10 * 4096.0, 1e-6)
      << "the flush ending with step c counts there";
  EXPECT_TRUE(steps[0].sustained());
  EXPECT_TRUE(steps[2].sustained());
}

// Out of peer state a flush is done once written; its log is shipped when
// the standby catches up, and counts in the step it crossed in.
TEST(LoggerFlushSizes, LogWrittenOutOfPeerStateShipsAsTheStandbyCatchesUp) {
  using namespace std::chrono_literals;
  const Clock::time_point start{};
  LoggerFlushSizes sizes({4.096_MBps, 100, {{"a", 10ms, 4.096_MBps}, {"b", 10ms, 4.096_MBps}}},
                         start);
  EXPECT_EQ(sizes.next(start + 10ms)->pages, 10u);
  sizes.flushed(start + 10ms, false);
  EXPECT_EQ(sizes.next(start + 15ms)->pages, 5u);
  sizes.flushed(start + 15ms, false);
  sizes.standby_has(10 * 4096, start + 12ms);
  sizes.standby_has(15 * 4096, start + 16ms);
  const std::vector<WorkloadStepTally> steps = sizes.workload_steps();
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_NEAR(steps[0].shipped_bytes, 0, 1e-9) << "nothing crossed in step a";
  EXPECT_NEAR(steps[1].shipped_bytes, 15 * 4096.0, 1e-6);
}

TEST(LoggerFlushSizes, ARateOfNothingNeverWaitsForever) {
  LoggerFlushSizes sizes({0.0_MBps, 100, {}}, Clock::time_point{});
  EXPECT_EQ(sizes.next(Clock::time_point{}), std::nullopt);
}

TEST(ListedFlushSizes, ASequenceIsShippedInOrderAndRepeated) {
  ListedFlushSizes sizes({"f", {1, 8, 3}, {}});
  std::vector<std::uint32_t> seen;
  for (int i = 0; i < 7; ++i) seen.push_back(sizes.next({})->pages);
  EXPECT_EQ(seen, (std::vector<std::uint32_t>{1, 8, 3, 1, 8, 3, 1}));
  EXPECT_EQ(sizes.max_pages(), 8u);
}

TEST(ListedFlushSizes, AHistogramIsDrawnFromInProportionAndTheSameEachRun) {
  const FlushSizeList list{"f", {2, 32}, {3, 1}};
  ListedFlushSizes a(list);
  ListedFlushSizes b(list);
  int small = 0;
  for (int i = 0; i < 40000; ++i) {
    const std::uint32_t pages = a.next({})->pages;
    EXPECT_EQ(pages, b.next({})->pages);
    small += pages == 2 ? 1 : 0;
  }
  EXPECT_NEAR(small / 40000.0, 0.75, 0.01);
}

}  // namespace
}  // namespace simhadr
