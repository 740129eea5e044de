#include "simhadr/measure/tcp_stats.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

using std::chrono::milliseconds;

TEST(TcpStats, TwoConnectionsCombineIntoOneRunsFigures) {
  TcpStats first;
  first.busy = milliseconds(300);
  first.receiver_limited = milliseconds(10);
  first.send_buffer_limited = milliseconds(20);
  first.bytes_acked = 2'000'000;
  first.bytes_sent = 2'100'000;
  first.bytes_retransmitted = 100'000;
  first.min_round_trip = milliseconds(2);
  first.path_mtu = 1500;
  first.watched = milliseconds(1000);
  TcpStats second = first;
  second.bytes_acked = 18'000'000;
  second.min_round_trip = milliseconds(1);
  second.path_mtu = 9000;
  second.watched = milliseconds(4000);
  const TcpStats both = combined(first, second);
  EXPECT_EQ(both.bytes_acked, 20'000'000u);
  EXPECT_EQ(both.bytes_sent, 4'200'000u);
  EXPECT_EQ(both.bytes_retransmitted, 200'000u);
  EXPECT_EQ(both.busy, milliseconds(600));
  EXPECT_EQ(both.receiver_limited, milliseconds(20));
  EXPECT_EQ(both.send_buffer_limited, milliseconds(40));
  EXPECT_EQ(both.watched, milliseconds(5000));
  EXPECT_EQ(both.min_round_trip, milliseconds(1));
  EXPECT_EQ(both.path_mtu, 9000u);  // the path the run ended on
}

}  // namespace
}  // namespace simhadr
