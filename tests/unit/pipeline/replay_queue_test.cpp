#include "simhadr/pipeline/replay_queue.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

using std::chrono::milliseconds;

TEST(ReplayQueue, FlushesAreReplayedOneAfterTheOtherAndFreedWhenDone) {
  ReplayQueue queue(DiskParams{4.096_MBps, 0.001});  // 1 ms per page + 1 ms per flush
  IoTally replays;
  EXPECT_EQ(queue.flush_written(Nanos{0}, 2, replays), milliseconds(3));         // pages 0-1
  EXPECT_EQ(queue.flush_written(milliseconds(1), 6, replays), milliseconds(8));  // pages 2-5
  EXPECT_EQ(replays.calls, 2u);
  EXPECT_EQ(replays.bytes, pages_to_bytes(6));
  EXPECT_EQ(replays.time, milliseconds(8));
  EXPECT_EQ(queue.next_done(), milliseconds(3));
  EXPECT_EQ(queue.take_replayed(milliseconds(2)), 0u);
  EXPECT_EQ(queue.take_replayed(milliseconds(3)), 2u);
  EXPECT_EQ(queue.next_done(), milliseconds(8));
  EXPECT_EQ(queue.take_replayed(milliseconds(100)), 4u);
  EXPECT_FALSE(queue.next_done());
}

TEST(ReplayQueue, AnIdleReplayStartsWhenTheFlushIsWritten) {
  ReplayQueue queue(DiskParams{4.096_MBps, 0});
  IoTally replays;
  queue.flush_written(Nanos{0}, 1, replays);
  queue.flush_written(milliseconds(10), 2, replays);
  EXPECT_EQ(queue.take_replayed(milliseconds(10)), 1u);
  EXPECT_EQ(queue.next_done(), milliseconds(11));
}

TEST(ReplayQueue, AFullBufferSpoolsTheOldestFlushesAwaitingReplayWhileTheSpoolHasRoom) {
  ReplayQueue queue(DiskParams{4.096_MBps, 0}, 5);  // 1 ms per page; a spool of 5 pages
  IoTally replays;
  const Nanos t0{0};
  queue.flush_written(t0, 2, replays);  // replayed by 2 ms
  queue.flush_written(t0, 6, replays);  // by 6 ms
  queue.flush_written(t0, 9, replays);  // by 9 ms
  // Two flushes (2 + 4 pages) fit no spool of 5 together: only the first moves.
  EXPECT_EQ(queue.spool(3, t0), 2U);
  EXPECT_EQ(queue.spool(1, t0), 0U);  // the next, 4 pages, does not fit beside it
  EXPECT_EQ(queue.spool_use()->max_bytes, pages_to_bytes(2));
  // The spooled flush gives no buffer pages back when its replay ends: it already did.
  EXPECT_EQ(queue.take_replayed(milliseconds(2)), 0U);
  EXPECT_EQ(queue.spool_use()->held_bytes, 0U);
  EXPECT_EQ(queue.spool_use()->time_in_use, milliseconds(2));
  EXPECT_EQ(queue.spool(4, milliseconds(2)), 4U);
  EXPECT_EQ(queue.take_replayed(milliseconds(9)), 3U);
  EXPECT_EQ(queue.spool_use()->flushes, 2U);
}

TEST(ReplayQueue, FlushesCountWhenWrittenAndTheEndSaysWhichStillAwaitReplay) {
  ReplayQueue queue(DiskParams{4.096_MBps, 0});  // 1 ms per page
  IoTally replays;
  queue.flush_written(Nanos{0}, 2, replays);  // replayed by 2 ms
  queue.flush_written(Nanos{0}, 5, replays);  // by 5 ms
  EXPECT_EQ(replays.calls, 2U);
  // Not yet taken, but its replay has ended: only the second still awaits it.
  const IoTally awaiting = queue.awaiting(milliseconds(3));
  EXPECT_EQ(awaiting.calls, 1U);
  EXPECT_EQ(awaiting.bytes, pages_to_bytes(3));
  EXPECT_EQ(queue.awaiting(milliseconds(5)).calls, 0U);
}

TEST(ReplayQueue, WithoutASpoolLimitNothingSpools) {
  ReplayQueue queue(DiskParams{4.096_MBps, 0});
  IoTally replays;
  queue.flush_written(Nanos{0}, 2, replays);
  EXPECT_EQ(queue.spool(2, Nanos{0}), 0U);
  EXPECT_FALSE(queue.spool_use());
}

TEST(ReplayQueue, WithoutAModelNothingIsModelled) {
  EXPECT_FALSE(ReplayQueue(std::nullopt).modelled());
  EXPECT_TRUE(ReplayQueue(DiskParams{1_MBps, 0}).modelled());
}

TEST(ReplayQueue, ATakeoverReplaysWhatIsWrittenAndNotReplayedWhatIsLeftOfTheOldestToo) {
  ReplayQueue queue(DiskParams{4.096_MBps, 0.001});  // 1 ms per page + 1 ms per flush
  IoTally replays;
  queue.flush_written(Nanos{0}, 2, replays);  // replayed over 0-3 ms
  queue.flush_written(Nanos{0}, 6, replays);  // over 3-8 ms
  const TakeoverBacklog at_start = queue.takeover_at(Nanos{0});
  EXPECT_EQ(at_start.bytes, pages_to_bytes(6));
  EXPECT_EQ(at_start.replay, milliseconds(8));
  // At 4 ms the first is done and 1 ms of the second's 5 ms is.
  const TakeoverBacklog later = queue.takeover_at(milliseconds(4));
  EXPECT_EQ(later.bytes, pages_to_bytes(4));
  EXPECT_EQ(later.replay, milliseconds(4));
  EXPECT_EQ(later.behind, milliseconds(4));
  EXPECT_EQ(queue.takeover_at(milliseconds(8)).bytes, 0u);
  EXPECT_EQ(queue.takeover().worst.replay, milliseconds(8));
  queue.finish(milliseconds(5));
  EXPECT_EQ(queue.takeover().at_end.replay, milliseconds(3));
}

TEST(ReplayQueue, AReplayDelayHoldsEachFlushBackButATakeoverReplaysAtOnce) {
  ReplayQueue queue(DiskParams{4.096_MBps, 0}, 0, milliseconds(100));
  IoTally replays;
  EXPECT_EQ(queue.flush_written(Nanos{0}, 2, replays), milliseconds(102));
  EXPECT_EQ(queue.flush_written(milliseconds(50), 3, replays), milliseconds(151));
  const TakeoverBacklog backlog = queue.takeover_at(milliseconds(60));
  EXPECT_EQ(backlog.bytes, pages_to_bytes(3));
  EXPECT_EQ(backlog.replay, milliseconds(3));  // the work, not the delay
  EXPECT_EQ(backlog.behind, milliseconds(60));
}

}  // namespace
}  // namespace simhadr
