#include "roles/replay_queue.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

using std::chrono::milliseconds;

TEST(ReplayQueue, FlushesAreReplayedOneAfterTheOtherAndFreedWhenDone) {
  ReplayQueue queue(DiskParams{4.096, 0.001});  // 1 ms per page + 1 ms per flush
  IoTally replays;
  const Clock::time_point t0{};
  queue.flush_written(t0, 2, replays);                    // pages 0-1: 3 ms, done at 3 ms
  queue.flush_written(t0 + milliseconds(1), 6, replays);  // pages 2-5: 5 ms after, at 8 ms
  EXPECT_EQ(replays.calls, 2u);
  EXPECT_EQ(replays.bytes, pages_to_bytes(6));
  EXPECT_EQ(replays.time, milliseconds(8));
  EXPECT_EQ(queue.next_done(), t0 + milliseconds(3));
  EXPECT_EQ(queue.take_replayed(t0 + milliseconds(2)), 0u);
  EXPECT_EQ(queue.take_replayed(t0 + milliseconds(3)), 2u);
  EXPECT_EQ(queue.next_done(), t0 + milliseconds(8));
  EXPECT_EQ(queue.take_replayed(t0 + milliseconds(100)), 4u);
  EXPECT_FALSE(queue.next_done());
}

TEST(ReplayQueue, AnIdleReplayStartsWhenTheFlushIsWritten) {
  ReplayQueue queue(DiskParams{4.096, 0});
  IoTally replays;
  const Clock::time_point t0{};
  queue.flush_written(t0, 1, replays);
  queue.flush_written(t0 + milliseconds(10), 2, replays);
  EXPECT_EQ(queue.take_replayed(t0 + milliseconds(10)), 1u);
  EXPECT_EQ(queue.next_done(), t0 + milliseconds(11));
}

TEST(ReplayQueue, AFullBufferSpoolsTheOldestFlushesAwaitingReplayWhileTheSpoolHasRoom) {
  ReplayQueue queue(DiskParams{4.096, 0}, 5);  // 1 ms per page; a spool of 5 pages
  IoTally replays;
  const Clock::time_point t0{};
  queue.start(t0);
  queue.flush_written(t0, 2, replays);  // replayed by 2 ms
  queue.flush_written(t0, 6, replays);  // by 6 ms
  queue.flush_written(t0, 9, replays);  // by 9 ms
  // Two flushes (2 + 4 pages) fit no spool of 5 together: only the first moves.
  EXPECT_EQ(queue.spool(3, t0), 2U);
  EXPECT_EQ(queue.spool(1, t0), 0U);  // the next, 4 pages, does not fit beside it
  EXPECT_EQ(queue.spool_use()->max_bytes, pages_to_bytes(2));
  // The spooled flush gives no buffer pages back when its replay ends: it already did.
  EXPECT_EQ(queue.take_replayed(t0 + milliseconds(2)), 0U);
  EXPECT_EQ(queue.spool_use()->held_bytes, 0U);
  EXPECT_EQ(queue.spool_use()->time_in_use, milliseconds(2));
  EXPECT_EQ(queue.spool(4, t0 + milliseconds(2)), 4U);
  EXPECT_EQ(queue.take_replayed(t0 + milliseconds(9)), 3U);
  EXPECT_EQ(queue.spool_use()->flushes, 2U);
}

TEST(ReplayQueue, WithoutASpoolLimitNothingSpools) {
  ReplayQueue queue(DiskParams{4.096, 0});
  IoTally replays;
  queue.flush_written(Clock::time_point{}, 2, replays);
  EXPECT_EQ(queue.spool(2, Clock::time_point{}), 0U);
  EXPECT_FALSE(queue.spool_use());
}

TEST(ReplayQueue, WithoutAModelNothingIsModelled) {
  EXPECT_FALSE(ReplayQueue(std::nullopt).modelled());
  EXPECT_TRUE(ReplayQueue(DiskParams{1, 0}).modelled());
}

}  // namespace
}  // namespace simhadr
