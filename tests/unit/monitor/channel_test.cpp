// Channels: both sides paired, and what the samples give between them:
// rates from positions, the wait and flush per write, the gap from positions.
#include "simhadr/monitor/channel.hpp"

#include <gtest/gtest.h>

#include "unit/monitor/sample_text.hpp"

namespace simhadr {
namespace {

using testing::db2pd_sample;
using testing::Fields;
using testing::monitor_file;

Fields primary_figures(long long pos, double waited, long long writes) {
  return {{"HADR_SYNCMODE", "NEARSYNC"},
          {"HADR_STATE", "PEER"},
          {"HADR_CONNECT_STATUS", "CONNECTED"},
          {"LOG_HADR_WAIT_ACCUMULATED(seconds)", fmt::format("{:.3f}", waited)},
          {"LOG_HADR_WAIT_COUNT", std::to_string(writes)},
          {"PRIMARY_LOG_FILE,PAGE,POS", fmt::format("S1.LOG, 0, {}", pos)},
          {"STANDBY_LOG_FILE,PAGE,POS", fmt::format("S1.LOG, 0, {}", pos - 8192)}};
}

Fields standby_figures(long long received, long long replayed, int buffer_percent) {
  return {{"HADR_SYNCMODE", "NEARSYNC"},
          {"HADR_STATE", "PEER"},
          {"STANDBY_LOG_FILE,PAGE,POS", fmt::format("S1.LOG, 0, {}", received)},
          {"STANDBY_REPLAY_LOG_FILE,PAGE,POS", fmt::format("S1.LOG, 0, {}", replayed)},
          {"STANDBY_RECV_BUF_PERCENT", std::to_string(buffer_percent)}};
}

TEST(Channel, PrimaryFiguresFromThePrimaryAndStandbyFiguresFromTheStandby) {
  std::string primary, standby;
  for (int i = 0; i < 3; ++i) {
    primary +=
        db2pd_sample("PRIMARY", i * 10, primary_figures(1000000 + i * 10000000, i * 2.0, i * 400));
    // The standby samples 2 s after the primary; its own view differs from the primary's.
    standby += db2pd_sample("STANDBY", i * 10 + 2,
                            standby_figures(1000000 + i * 5000000, 900000 + i * 4000000, 40 + i));
  }
  const std::vector<Channel> channels =
      channels_of({monitor_file(primary, "p.txt"), monitor_file(standby, "s.txt")});
  ASSERT_EQ(channels.size(), 1u);
  const Channel& c = channels.front();
  EXPECT_EQ(c.primary.size(), 3u);
  EXPECT_EQ(c.standby.size(), 3u);
  EXPECT_TRUE(c.sides_aligned);
  ASSERT_EQ(c.rows.size(), 3u);
  const ChannelRow& row = c.rows[1];
  EXPECT_DOUBLE_EQ(*row.seconds, 10);
  EXPECT_DOUBLE_EQ(*row.log_rate, 1e6);
  EXPECT_DOUBLE_EQ(*row.ship_rate, 5e5) << "the standby's own positions, over its own times";
  EXPECT_DOUBLE_EQ(*row.replay_rate, 4e5);
  EXPECT_EQ(*row.writes, 400);
  EXPECT_DOUBLE_EQ(*row.wait_per_write, 2.0 / 400);
  EXPECT_DOUBLE_EQ(*row.flush_bytes, 1e7 / 400);
  EXPECT_DOUBLE_EQ(*row.writes_per_second(), 40);
  EXPECT_EQ(*row.gap, 8192) << "the gap from the positions, not HADR_LOG_GAP's running average";
  EXPECT_EQ(*row.receive_replay_gap, 1000000 + 5000000 - 900000 - 4000000);
  EXPECT_DOUBLE_EQ(*row.buffer_percent, 41);
  EXPECT_FALSE(c.rows[0].log_rate) << "the first sample has no interval before it";
  EXPECT_DOUBLE_EQ(*c.summary.log_rate, 1e6);
  EXPECT_DOUBLE_EQ(*c.summary.wait_per_write, 4.0 / 800);
  EXPECT_DOUBLE_EQ(*c.summary.seconds, 20);
}

TEST(Channel, AStandbyKnownByAnotherNamePairsWithTheLonePrimaryChannel) {
  const std::string primary = db2pd_sample("PRIMARY", 0, {{"STANDBY_MEMBER_HOST", "10.0.0.2"}});
  const std::string standby = db2pd_sample("STANDBY", 0, {{"STANDBY_MEMBER_HOST", "hostS"}});
  const auto channels = channels_of({monitor_file(primary, "p"), monitor_file(standby, "s")});
  ASSERT_EQ(channels.size(), 1u);
  EXPECT_EQ(channels.front().primary.size(), 1u);
  EXPECT_EQ(channels.front().standby.size(), 1u);
}

TEST(Channel, EachStandbyOfAPrimaryIsItsOwnChannel) {
  std::string text;
  for (const char* host : {"s1.example.com", "s2", "S1"}) {
    text += db2pd_sample("PRIMARY", 0, {{"STANDBY_MEMBER_HOST", host}});
  }
  // s1.example.com and S1 are one host, written two ways; the file's time check counts it twice.
  EXPECT_THROW(monitor_file(text, "p"), MonitorInputError);
  const std::string two = db2pd_sample("PRIMARY", 0, {{"STANDBY_MEMBER_HOST", "s1.example.com"}}) +
                          db2pd_sample("PRIMARY", 0, {{"STANDBY_MEMBER_HOST", "s2"}});
  const auto channels = channels_of({monitor_file(two, "p")});
  ASSERT_EQ(channels.size(), 2u);
  EXPECT_EQ(channels[0].key.standby_host, "s1.example.com");
  EXPECT_EQ(channels[1].key.standby_host, "s2");
}

}  // namespace
}  // namespace simhadr
