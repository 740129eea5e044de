#include "virtual_time/shared_uplink.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

using std::chrono::microseconds;

TEST(SharedUplink, StreamsTakeItInTurn) {
  SharedUplink uplink(12.5_MBps);
  const Nanos t0{};
  EXPECT_TRUE(uplink.free_for(0, t0));
  const Nanos free_at = uplink.take(0, t0, 4096);
  EXPECT_GT(free_at, t0);
  // Busy: both wait, in the order they came.
  EXPECT_FALSE(uplink.free_for(1, t0));
  uplink.wait(1);
  uplink.wait(0);
  EXPECT_EQ(uplink.next(t0), std::nullopt);  // still busy
  EXPECT_EQ(uplink.next(free_at), 1);
  EXPECT_FALSE(uplink.free_for(0, free_at));  // stream 1 is ahead
  uplink.take(1, free_at, 4096);
  EXPECT_EQ(uplink.next(free_at + microseconds(1000)), 0);
}

TEST(SharedUplink, AStreamThatCannotUseItsTurnLeavesIt) {
  SharedUplink uplink(12.5_MBps);
  uplink.wait(2);
  uplink.wait(1);
  uplink.leave(2);
  EXPECT_EQ(uplink.next(Nanos{0}), 1);
  EXPECT_TRUE(uplink.free_for(1, Nanos{0}));
  EXPECT_FALSE(uplink.free_for(0, Nanos{0}));
}

TEST(SharedUplink, APieceTakesItsFramedTime) {
  SharedUplink uplink(12.5_MBps);
  // 1448 bytes of payload in every 1538 on the wire: 4096 bytes at 12.5 MB/s.
  const Nanos free_at = uplink.take(0, Nanos{0}, 4096);
  EXPECT_NEAR(to_seconds(free_at), 4096 / (12.5e6 * 1448 / 1538), 1e-7);
}

}  // namespace
}  // namespace simhadr
