// The standby's rules alone: when a flush is written, when it is acked, and
// what the buffer holds as flushes come in, are written, replayed and spooled.
#include "simhadr/pipeline/standby_cycle.hpp"

#include <gtest/gtest.h>

namespace simhadr::standby_cycle_test {
namespace {

using namespace std::chrono_literals;

const DiskParams kDisk{4.096_MBps, 0.001};  // 1 ms per page + 1 ms per write

struct StandbyRig {
  explicit StandbyRig(StandbyCyclePlan plan) : disk(kDisk), cycle(plan, disk, result) {}
  // A flush of four pages comes in at 0 ms and is written at 5 ms.
  StandbyWriteDone flush_in_and_written() {
    cycle.took_in(pages_to_bytes(4), 0ms);
    cycle.flush_received(4);
    cycle.start_write(0ms);
    return cycle.write_done(5ms);
  }
  LinearDisk disk;
  RunResult result;
  StandbyCycle cycle;
};

TEST(StandbyCycle, AFlushIsWrittenOnceAllOfItIsInInOneWrite) {
  StandbyRig rig({AckPoint::None, 8});
  StandbyCycle& cycle = rig.cycle;
  cycle.took_in(pages_to_bytes(2), 0ms);
  EXPECT_FALSE(cycle.may_write());  // half a flush of four pages
  cycle.took_in(pages_to_bytes(2), 1ms);
  EXPECT_EQ(cycle.flush_received(4), 0u);
  ASSERT_TRUE(cycle.may_write());
  const StandbyWrite write = cycle.start_write(1ms);
  EXPECT_EQ(write.pages, 4u);
  EXPECT_EQ(write.io_time, 5ms);
  EXPECT_FALSE(cycle.may_write());  // one write at a time
  const StandbyWriteDone done = cycle.write_done(6ms);
  EXPECT_EQ(done.freed_pages, 4u);  // without -replay the space is free once written
  EXPECT_FALSE(done.replay_end);
  EXPECT_EQ(cycle.room_bytes(), pages_to_bytes(8));
  EXPECT_TRUE(cycle.all_written(pages_to_bytes(4)));
  EXPECT_EQ(rig.result.disk.calls, 1u);
  EXPECT_EQ(rig.result.flushes.calls, 1u);
}

TEST(StandbyCycle, NearSyncAcksOnReceiptAndSyncAfterTheWrite) {
  StandbyRig nearsync({rules_for(SyncMode::NearSync).standby_ack, 8});
  nearsync.cycle.took_in(pages_to_bytes(4), 0ms);
  EXPECT_EQ(nearsync.cycle.flush_received(4), 1u);
  nearsync.cycle.start_write(0ms);
  EXPECT_EQ(nearsync.cycle.write_done(5ms).acks, 0u);

  StandbyRig sync({rules_for(SyncMode::Sync).standby_ack, 8});
  sync.cycle.took_in(pages_to_bytes(4), 0ms);
  EXPECT_EQ(sync.cycle.flush_received(4), 0u);
  sync.cycle.start_write(0ms);
  EXPECT_EQ(sync.cycle.write_done(5ms).acks, 1u);
}

TEST(StandbyCycle, WithReplayAFlushHoldsItsPagesUntilItsReplayEnds) {
  StandbyRig rig({AckPoint::None, 8, kDisk});
  StandbyCycle& cycle = rig.cycle;
  const StandbyWriteDone done = rig.flush_in_and_written();
  EXPECT_EQ(done.freed_pages, 0u);
  ASSERT_TRUE(done.replay_end);
  EXPECT_EQ(*done.replay_end, 10ms);
  EXPECT_EQ(cycle.room_bytes(), pages_to_bytes(4));
  EXPECT_EQ(cycle.take_replayed(9ms), 0u);
  EXPECT_EQ(cycle.take_replayed(10ms), 4u);
  EXPECT_EQ(cycle.room_bytes(), pages_to_bytes(8));
  EXPECT_FALSE(cycle.next_replay_end());
}

TEST(StandbyCycle, AFullBufferSpoolsFlushesAwaitingReplayOnlyWhenFull) {
  StandbyRig rig({AckPoint::None, 8, kDisk, 100});
  StandbyCycle& cycle = rig.cycle;
  rig.flush_in_and_written();
  EXPECT_EQ(cycle.make_room(5ms), 0u);  // room for another flush
  rig.flush_in_and_written();
  EXPECT_EQ(cycle.room_bytes(), 0u);
  EXPECT_EQ(cycle.make_room(5ms), 4u);  // one flush's room is enough
  EXPECT_EQ(cycle.room_bytes(), pages_to_bytes(4));
  cycle.finish(20ms);
  ASSERT_TRUE(rig.result.spool);
  EXPECT_EQ(rig.result.buffer_use->max_bytes, pages_to_bytes(8));
}

TEST(StandbyCycle, TheEndOfTheRunCountsWhatAwaitsReplay) {
  StandbyRig rig({AckPoint::None, 8, kDisk});
  rig.flush_in_and_written();
  rig.cycle.finish(7ms);
  EXPECT_EQ(rig.result.elapsed, 7ms);
  EXPECT_EQ(rig.result.replay_backlog.bytes, pages_to_bytes(4));
  EXPECT_EQ(rig.result.replays.calls, 1u);
}

}  // namespace
}  // namespace simhadr::standby_cycle_test
