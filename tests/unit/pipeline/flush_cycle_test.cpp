// The flush cycle alone, as an engine sees it: the actions it asks for in
// each mode, the times it notes, and where a run of flushes ends.
#include "simhadr/pipeline/flush_cycle.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "simhadr/wire/flush_codec.hpp"

namespace simhadr::flush_cycle_test {
namespace {

using namespace std::chrono_literals;
using Kind = FlushActionKind;

Clock::time_point at(Nanos since_start) {
  return Clock::time_point{} + since_start;
}

struct Heard : FlushObserver {
  void shipped(Nanos shipping) override { shippings.push_back(shipping); }
  void flushed(std::uint32_t pages, Clock::time_point when) override {
    flushes.emplace_back(pages, when - Clock::time_point{});
  }
  std::vector<Nanos> shippings;
  std::vector<std::pair<std::uint32_t, Nanos>> flushes;
};

struct CycleRig {
  explicit CycleRig(SyncMode mode, FlushCyclePlan plan = {}, std::uint32_t pages = 4)
      : sizes(pages), disk(DiskParams{4.096_MBps, 0.001}), intervals(std::nullopt, nullptr) {
    plan.mode = mode;
    cycle.emplace(std::move(plan), sizes, disk, result, intervals, heard);
  }
  FixedFlushSize sizes;
  LinearDisk disk;  // 4 pages: 1 ms + 4 ms
  RunResult result;
  IntervalReporter intervals;
  Heard heard;
  std::optional<FlushCycle> cycle;
};

TEST(FlushCycle, SyncWritesThenShipsThenWaitsForTheAck) {
  CycleRig rig(SyncMode::Sync);
  FlushCycle& cycle = *rig.cycle;
  EXPECT_EQ(cycle.start(at(0ms)).kind, Kind::Begin);
  const FlushAction io = cycle.begun(at(0ms));
  EXPECT_EQ(io.kind, Kind::StartIo);
  EXPECT_EQ(io.until, at(5ms));
  EXPECT_EQ(cycle.io_started().kind, Kind::AwaitIo);
  EXPECT_EQ(cycle.io_done(at(5ms)).kind, Kind::Send);
  EXPECT_EQ(cycle.sent(at(6ms)).kind, Kind::AwaitAck);
  EXPECT_FALSE(cycle.shipping_over());
  EXPECT_EQ(cycle.acked(at(9ms)).kind, Kind::Flushed);
  EXPECT_EQ(rig.result.send_phase.time, 1ms);
  EXPECT_EQ(rig.result.ack_wait.time, 3ms);
  EXPECT_EQ(rig.heard.shippings, std::vector<Nanos>{4ms});  // from the write's end
  EXPECT_EQ(rig.heard.flushes, (std::vector<std::pair<std::uint32_t, Nanos>>{{4, 9ms}}));
  EXPECT_EQ(rig.result.flushes.calls, 1u);
  EXPECT_EQ(rig.result.flushes.bytes, pages_to_bytes(4));
}

TEST(FlushCycle, NearSyncShipsWhileItWritesAndWaitsForWhatIsLeftOfTheWrite) {
  CycleRig rig(SyncMode::NearSync);
  FlushCycle& cycle = *rig.cycle;
  cycle.start(at(0ms));
  EXPECT_EQ(cycle.begun(at(0ms)).kind, Kind::StartIo);
  EXPECT_EQ(cycle.io_started().kind, Kind::Send);
  EXPECT_EQ(cycle.sent(at(1ms)).kind, Kind::AwaitAck);
  const FlushAction rest = cycle.acked(at(2ms));
  EXPECT_EQ(rest.kind, Kind::AwaitIo);
  EXPECT_EQ(rest.until, at(5ms));
  EXPECT_TRUE(cycle.shipping_over());
  EXPECT_EQ(cycle.io_done(at(5ms)).kind, Kind::Flushed);
  EXPECT_EQ(rig.heard.shippings, std::vector<Nanos>{2ms});
  EXPECT_EQ(rig.heard.flushes.at(0).second, 5ms);  // the write ended last
}

TEST(FlushCycle, AWriteThatEndsDuringTheSendIsHeldUntilShippingIsOver) {
  CycleRig rig(SyncMode::Async);
  FlushCycle& cycle = *rig.cycle;
  cycle.start(at(0ms));
  cycle.begun(at(0ms));
  EXPECT_EQ(cycle.io_started().kind, Kind::Send);
  EXPECT_EQ(cycle.io_done(at(5ms)).kind, Kind::Pending);
  EXPECT_EQ(cycle.sent(at(7ms)).kind, Kind::Flushed);
  EXPECT_EQ(rig.result.ack_wait.calls, 0u);
  EXPECT_EQ(rig.heard.flushes.at(0).second, 7ms);  // the send ended last
}

TEST(FlushCycle, TheLimitsEndTheRunAfterTheFlushThatReachesThem) {
  CycleRig rig(SyncMode::Async, {.limits = {2, std::nullopt}});
  FlushCycle& cycle = *rig.cycle;
  FlushAction action = cycle.start(at(0ms));
  for (int flush = 0; flush < 2; ++flush) {
    cycle.begun(at(Nanos{flush}));
    cycle.io_started();
    action = cycle.sent(at(Nanos{flush}));
    if (action.kind == Kind::AwaitIo) action = cycle.io_done(action.until);
    ASSERT_EQ(action.kind, Kind::Flushed);
    action = cycle.next(action.until);
    if (flush == 0) {
      ASSERT_EQ(action.kind, Kind::Pace);
      ASSERT_EQ(cycle.woke(action.until).kind, Kind::Begin);
    }
  }
  EXPECT_EQ(action.kind, Kind::Over);
  EXPECT_TRUE(cycle.over());
}

TEST(FlushCycle, TargetPacesFromTheRunsStartAndCountsTheIdleTimeUpToTheWakeUp) {
  // 4 pages = 16384 bytes at 1.6384 MB/s: one flush per 10 ms, from the run's start.
  CycleRig rig(SyncMode::Async, {.target = MBytesPerSec{1.6384}});
  FlushCycle& cycle = *rig.cycle;
  cycle.start(at(10ms));
  cycle.begun(at(10ms));
  cycle.io_started();
  const FlushAction rest = cycle.sent(at(10ms) + 100us);
  ASSERT_EQ(rest.kind, Kind::AwaitIo);
  ASSERT_EQ(cycle.io_done(rest.until).kind, Kind::Flushed);
  const FlushAction pace = cycle.next(at(15ms));
  EXPECT_EQ(pace.kind, Kind::Pace);
  EXPECT_EQ(pace.until, at(20ms));
  EXPECT_EQ(cycle.woke(at(20ms) + 500us).kind, Kind::Begin);
  EXPECT_EQ(rig.result.target->idle, 5500us);  // a late wake-up counts as idle too
  // A flush slower than the target leaves no wait.
  cycle.begun(at(20ms) + 500us);
  cycle.io_started();
  cycle.sent(at(40ms));
  EXPECT_EQ(cycle.next(at(40ms)).until, at(40ms));
}

TEST(FlushCycle, TheEndOfTheLogEndsTheRunAndFinishNotesIt) {
  struct NoMoreLog final : FlushSizeSource {
    std::optional<FlushRequest> next(Clock::time_point) override { return std::nullopt; }
    std::uint32_t max_pages() const override { return 1; }
  } sizes;
  LinearDisk disk(DiskParams{4.096_MBps, 0.001});
  RunResult result;
  IntervalReporter intervals(std::nullopt, nullptr);
  Heard heard;
  FlushCycle cycle({SyncMode::Sync}, sizes, disk, result, intervals, heard);
  EXPECT_EQ(cycle.start(at(3ms)).kind, Kind::Over);
  cycle.finish(at(5ms));
  EXPECT_EQ(result.elapsed, 2ms);
}

}  // namespace
}  // namespace simhadr::flush_cycle_test
