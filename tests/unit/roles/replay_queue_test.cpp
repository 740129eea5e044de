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

TEST(ReplayQueue, WithoutAModelNothingIsModelled) {
  EXPECT_FALSE(ReplayQueue(std::nullopt).modelled());
  EXPECT_TRUE(ReplayQueue(DiskParams{1, 0}).modelled());
}

}  // namespace
}  // namespace simhadr
