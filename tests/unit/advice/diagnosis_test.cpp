// -diagnose's rules, each at its threshold: the verdict IBM's guide gives a
// channel's samples, the findings beside it, and the runs that confirm it.
#include "simhadr/advice/diagnosis.hpp"

#include <gtest/gtest.h>

#include <functional>

#include "unit/monitor/sample_text.hpp"

namespace simhadr {
namespace {

using testing::db2pd_sample;
using testing::Fields;
using testing::monitor_file;

// n samples 10 s apart, each sample's fields from `figures(i)`.
std::string series(std::string_view role, int n, const std::function<Fields(int)>& figures) {
  std::string text;
  for (int i = 0; i < n; ++i) text += db2pd_sample(role, i * 10, figures(i));
  return text;
}

Fields peer(int i, double wait_per_write, long long gap = 8192, std::string mode = "NEARSYNC") {
  const long long pos = 1'000'000'000LL + i * 10'000'000LL;
  return {{"HADR_SYNCMODE", mode},
          {"HADR_STATE", "PEER"},
          {"HADR_CONNECT_STATUS", "CONNECTED"},
          {"HADR_FLAGS", "TCP_PROTOCOL"},
          {"LOG_HADR_WAIT_ACCUMULATED(seconds)", fmt::format("{:.6f}", i * 1000 * wait_per_write)},
          {"LOG_HADR_WAIT_COUNT", std::to_string(i * 1000)},
          {"SOCK_SEND_BUF_REQUESTED,ACTUAL(bytes)", "0, 262144"},
          {"SOCK_RECV_BUF_REQUESTED,ACTUAL(bytes)", "0, 262144"},
          {"PRIMARY_LOG_FILE,PAGE,POS", fmt::format("S1.LOG, 0, {}", pos)},
          {"STANDBY_LOG_FILE,PAGE,POS", fmt::format("S1.LOG, 0, {}", pos - gap)},
          {"STANDBY_REPLAY_LOG_FILE,PAGE,POS", fmt::format("S1.LOG, 0, {}", pos - gap - 4096)},
          {"STANDBY_RECV_BUF_SIZE(pages)", "1024"},
          {"STANDBY_RECV_BUF_PERCENT", "3"},
          {"STANDBY_SPOOL_LIMIT(pages)", "0"}};
}

Fields with(Fields fields, const Fields& changes) {
  for (const auto& [name, value] : changes) {
    bool replaced = false;
    for (auto& field : fields) {
      if (field.first == name) {
        field.second = value;
        replaced = true;
      }
    }
    if (!replaced) fields.emplace_back(name, value);
  }
  return fields;
}

PairDiagnosis diagnosed(const std::vector<std::string>& texts) {
  std::vector<MonitorFile> files;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    files.push_back(monitor_file(texts[i], fmt::format("f{}.txt", i)));
  }
  return diagnose_pair(std::move(files));
}

const ChannelDiagnosis& only(const PairDiagnosis& pair) {
  EXPECT_EQ(pair.diagnoses.size(), 1u);
  return pair.diagnoses.front();
}

std::optional<HadrVerdict> verdict_of(const std::string& primary) {
  return only(diagnosed({primary})).verdict;
}

TEST(Diagnosis, WaitsDecideBetweenHealthyAndNetwork) {
  EXPECT_EQ(verdict_of(series("PRIMARY", 4, [](int i) { return peer(i, 0.005); })),
            HadrVerdict::Healthy);
  EXPECT_EQ(verdict_of(series("PRIMARY", 4, [](int i) { return peer(i, 0.025); })),
            HadrVerdict::Network);
  const PairDiagnosis mild =
      diagnosed({series("PRIMARY", 4, [](int i) { return peer(i, 0.015); })});
  EXPECT_EQ(only(mild).verdict, HadrVerdict::Network);
  EXPECT_NE(only(mild).evidence.find("under its 20 ms alert"), std::string::npos)
      << only(mild).evidence;
}

TEST(Diagnosis, AGrowingGapIsTheNetworkEvenWithShortWaits) {
  const auto growing =
      series("PRIMARY", 5, [](int i) { return peer(i, 0.001, 8192 + i * 2'000'000LL); });
  const PairDiagnosis pair = diagnosed({growing});
  EXPECT_EQ(only(pair).verdict, HadrVerdict::Network);
  EXPECT_NE(
      only(pair).evidence.find("the log gap grew from 0.008 MB to 8.008 MB (in 4 of 4 intervals)"),
      std::string::npos)
      << only(pair).evidence;
  // Up and down by a flush is a steady gap.
  EXPECT_EQ(verdict_of(series("PRIMARY", 5, [](int i) { return peer(i, 0.001, (i % 2) * 65536); })),
            HadrVerdict::Healthy);
}

Fields congested(int i, std::string_view state, std::string_view mode) {
  // Sample i is taken at 08:00:00 + 10 i s on the wall clock; its congestion began 3 s before.
  const int began = 8 * 3600 + i * 10 - 3;
  return with(
      peer(i, 0.001, 8192, std::string(mode)),
      {{"HADR_STATE", std::string(state)},
       {"HADR_CONNECT_STATUS", "CONGESTED"},
       {"HADR_CONNECT_STATUS_TIME", fmt::format("12/02/2025 {:02}:{:02}:{:02}.000000", began / 3600,
                                                began / 60 % 60, began % 60)}});
}

TEST(Diagnosis, CongestionOverASecondIsTheNetworkExceptInRemoteCatchup) {
  const auto in_peer = series("PRIMARY", 3, [](int i) { return congested(i, "PEER", "ASYNC"); });
  const PairDiagnosis pair = diagnosed({in_peer});
  EXPECT_EQ(only(pair).verdict, HadrVerdict::Network);
  EXPECT_NE(only(pair).evidence.find("CONGESTED for 3.0 s"), std::string::npos)
      << only(pair).evidence;
  const auto catching_up =
      series("PRIMARY", 3, [](int i) { return congested(i, "REMOTE_CATCHUP", "SUPERASYNC"); });
  const PairDiagnosis normal = diagnosed({catching_up});
  EXPECT_EQ(only(normal).verdict, HadrVerdict::Healthy);
  ASSERT_FALSE(only(normal).findings.empty());
  EXPECT_NE(only(normal).findings.front().find("normal in remote catch-up"), std::string::npos);
}

TEST(Diagnosis, TheBlockedFlagOnTheStandbyIsReplay) {
  const auto primary = series("PRIMARY", 3, [](int i) { return peer(i, 0.050); });
  const auto standby = series("STANDBY", 3, [](int i) {
    return with(peer(i, 0.050),
                {{"HADR_FLAGS", i > 0 ? "TCP_PROTOCOL STANDBY_RECV_BLOCKED" : "TCP_PROTOCOL"},
                 {"STANDBY_RECV_BUF_PERCENT", "100"}});
  });
  const PairDiagnosis pair = diagnosed({primary, standby});
  EXPECT_EQ(only(pair).verdict, HadrVerdict::StandbyReplay)
      << "not the network, whatever the waits";
  EXPECT_NE(only(pair).evidence.find("STANDBY_RECV_BLOCKED in 2 of 3 standby samples"),
            std::string::npos)
      << only(pair).evidence;
  const std::string& command = only(pair).plan.model_command;
  EXPECT_NE(command.find("-replay 1.000"), std::string::npos) << command;
  EXPECT_NE(command.find("-hadrBufSize 1024"), std::string::npos) << command;
  EXPECT_NE(command.find("-flushSize 2 "), std::string::npos)
      << "10 MB over 1000 writes: " << command;
}

TEST(Diagnosis, TheLogDeviceFullFlagComesFirst) {
  const auto standby = series("STANDBY", 2, [](int i) {
    return with(peer(i, 0.001), {{"HADR_FLAGS", "STANDBY_LOG_DEVICE_FULL STANDBY_RECV_BLOCKED"}});
  });
  EXPECT_EQ(only(diagnosed({standby})).verdict, HadrVerdict::StandbyLogDeviceFull);
}

// V10.1 reports no HADR_FLAGS: receive blocked is derived from the buffer and the spool.
Fields v101(int i, int buffer_percent, long long unreplayed, long long spool_pages) {
  Fields fields =
      with(peer(i, 0.001), {{"STANDBY_RECV_BUF_PERCENT", std::to_string(buffer_percent)},
                            {"STANDBY_SPOOL_LIMIT(pages)", std::to_string(spool_pages)}});
  std::erase_if(fields, [](const auto& f) { return f.first == "HADR_FLAGS"; });
  const long long received = 1'000'000'000LL + i * 10'000'000LL - 8192;
  return with(fields, {{"STANDBY_REPLAY_LOG_FILE,PAGE,POS",
                        fmt::format("S1.LOG, 0, {}", received - unreplayed)}});
}

TEST(Diagnosis, WithoutFlagsAFullBufferWithTheReplayGapNearItsSizeIsReplay) {
  EXPECT_EQ(verdict_of(series("STANDBY", 3, [](int i) { return v101(i, 100, 1000 * 4096LL, 0); })),
            HadrVerdict::StandbyReplay);
  EXPECT_EQ(verdict_of(series("STANDBY", 3, [](int i) { return v101(i, 100, 100 * 4096LL, 0); })),
            HadrVerdict::Healthy)
      << "a full buffer with little unreplayed is not blocked receive";
  EXPECT_EQ(
      verdict_of(series("STANDBY", 3, [](int i) { return v101(i, 100, 1000 * 4096LL, 100000); })),
      HadrVerdict::Healthy)
      << "with spooling on, a full buffer is normal";
  EXPECT_EQ(
      verdict_of(series("STANDBY", 3, [](int i) { return v101(i, 100, 95000 * 4096LL, 100000); })),
      HadrVerdict::StandbyReplay)
      << "the spool close to its limit";
}

TEST(Diagnosis, AConnectionLostOrHeldInThePeerWindow) {
  const auto lost = series("PRIMARY", 3, [](int i) {
    return with(peer(i, 0.001), {{"HADR_STATE", i < 1 ? "PEER" : "DISCONNECTED"},
                                 {"HADR_CONNECT_STATUS", i < 1 ? "CONNECTED" : "DISCONNECTED"}});
  });
  EXPECT_EQ(verdict_of(lost), HadrVerdict::Disconnected);
  const auto held = series("PRIMARY", 2, [](int i) {
    return with(peer(i, 0.001),
                {{"HADR_STATE", "DISCONNECTED_PEER"},
                 {"HADR_CONNECT_STATUS", "DISCONNECTED"},
                 {"PEER_WINDOW_END", "12/02/2025 08:02:00.000000 (1764680520)"},
                 {"HADR_CONNECT_STATUS_TIME", "12/02/2025 08:00:00.000000 (1764680400)"}});
  });
  const PairDiagnosis pair = diagnosed({held});
  EXPECT_EQ(only(pair).verdict, HadrVerdict::PeerWindow);
  EXPECT_NE(only(pair).evidence.find("until PEER_WINDOW_END, 110 s after this sample"),
            std::string::npos)
      << only(pair).evidence;
}

TEST(Diagnosis, OneSampleGivesOnlyWhatItShowsByItself) {
  const PairDiagnosis one = diagnosed({series("PRIMARY", 1, [](int i) { return peer(i, 0.5); })});
  EXPECT_FALSE(only(one).verdict);
  EXPECT_TRUE(only(one).static_only);
  EXPECT_TRUE(only(one).plan.model_command.empty());
  const auto blocked = series("STANDBY", 1, [](int i) {
    return with(peer(i, 0.001), {{"HADR_FLAGS", "STANDBY_RECV_BLOCKED"}});
  });
  EXPECT_EQ(verdict_of(blocked), HadrVerdict::StandbyReplay) << "a flag needs no interval";
}

std::string findings_text(const ChannelDiagnosis& d) {
  std::string text;
  for (const std::string& finding : d.findings) text += finding + "\n";
  return text;
}

TEST(Diagnosis, FindingsBesideTheVerdict) {
  const auto primary = series("PRIMARY", 3, [](int i) {
    return with(peer(i, 0.002), {{"SOCK_SEND_BUF_REQUESTED,ACTUAL(bytes)", "1048576, 425984"},
                                 {"SOCK_RECV_BUF_REQUESTED,ACTUAL(bytes)", "0, 32768"},
                                 {"HEARTBEAT_MISSED", std::to_string(i * 2)},
                                 {"LOG_HADR_WAIT_CUR(seconds)",
                                  fmt::format("{:.3f}", i > 0 ? 1 + (i - 1) * 10.0 : 0.0)}});
  });
  const std::string text = findings_text(only(diagnosed({primary})));
  EXPECT_NE(text.find("SOCK_SEND_BUF on the primary: DB2_HADR_SOSNDBUF asked for 1048576 bytes, "
                      "the system gave 425984"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("SOCK_RECV_BUF"), std::string::npos)
      << "the primary's receive buffer carries acks, and the kernel sized it: " << text;
  EXPECT_NE(text.find("HEARTBEAT_MISSED rose from 0 to 4"), std::string::npos) << text;
  EXPECT_NE(text.find("LOG_HADR_WAIT_CUR grew from 1.000 s to 11.000 s in 10 s"), std::string::npos)
      << text;
  EXPECT_NE(text.find("no standby samples"), std::string::npos) << text;
}

// Where the kernel sizes a buffer (REQUESTED 0) it also grows it: a small
// figure is its size of the moment, no finding. A size pinned small is one.
TEST(Diagnosis, SocketBuffersOnlyWhereTheDatabasePinnedThem) {
  const auto buffers = [](std::string_view send, std::string_view receive) {
    return [=](int i) {
      return with(peer(i, 0.002),
                  {{"SOCK_SEND_BUF_REQUESTED,ACTUAL(bytes)", std::string(send)},
                   {"SOCK_RECV_BUF_REQUESTED,ACTUAL(bytes)", std::string(receive)}});
    };
  };
  const std::string kernel =
      findings_text(only(diagnosed({series("PRIMARY", 2, buffers("0, 19800", "0, 16384")),
                                    series("STANDBY", 2, buffers("0, 16384", "0, 87380"))})));
  EXPECT_EQ(kernel.find("SOCK_"), std::string::npos) << kernel;
  const std::string pinned = findings_text(
      only(diagnosed({series("PRIMARY", 2, buffers("32768, 65536", "0, 16384")),
                      series("STANDBY", 2, buffers("16384, 32768", "16384, 32768"))})));
  EXPECT_NE(pinned.find("SOCK_SEND_BUF on the primary: DB2_HADR_SOSNDBUF pins it at 32768 bytes"),
            std::string::npos)
      << pinned;
  EXPECT_NE(pinned.find("SOCK_RECV_BUF on the standby: DB2_HADR_SORCVBUF pins it at 16384 bytes"),
            std::string::npos)
      << pinned;
  EXPECT_EQ(pinned.find("SOCK_SEND_BUF on the standby"), std::string::npos)
      << "the standby's send buffer carries acks only: " << pinned;
}

TEST(Diagnosis, ARecentReconnection) {
  const auto back = series("PRIMARY", 3, [](int i) {
    return with(peer(i, 0.002), {{"HADR_CONNECT_STATUS", i == 0 ? "DISCONNECTED" : "CONNECTED"},
                                 {"HADR_STATE", i == 0 ? "DISCONNECTED" : "PEER"}});
  });
  const ChannelDiagnosis d = only(diagnosed({back}));
  EXPECT_EQ(d.verdict, HadrVerdict::Healthy);
  EXPECT_NE(findings_text(d).find("reconnected between 08:00:00 and 08:00:10"), std::string::npos)
      << findings_text(d);
}

TEST(Diagnosis, ThePairsVerdictIsItsWorstChannels) {
  const std::string text =
      db2pd_sample("PRIMARY", 0, with(peer(0, 0.001), {{"STANDBY_MEMBER_HOST", "s1"}})) +
      db2pd_sample("PRIMARY", 0,
                   with(peer(0, 0.001),
                        {{"STANDBY_MEMBER_HOST", "s2"}, {"HADR_CONNECT_STATUS", "DISCONNECTED"}})) +
      db2pd_sample("PRIMARY", 10, with(peer(1, 0.001), {{"STANDBY_MEMBER_HOST", "s1"}})) +
      db2pd_sample("PRIMARY", 10,
                   with(peer(1, 0.001),
                        {{"STANDBY_MEMBER_HOST", "s2"}, {"HADR_CONNECT_STATUS", "DISCONNECTED"}}));
  const PairDiagnosis pair = diagnosed({text});
  ASSERT_EQ(pair.diagnoses.size(), 2u);
  EXPECT_EQ(pair.diagnoses[0].verdict, HadrVerdict::Healthy);
  EXPECT_EQ(pair.diagnoses[1].verdict, HadrVerdict::Disconnected);
  EXPECT_EQ(pair.worst, 1u);
}

TEST(Diagnosis, TheNetworksConfirmingRunAndHostCommands) {
  const ChannelDiagnosis d =
      only(diagnosed({series("PRIMARY", 3, [](int i) { return peer(i, 0.030, 8192, "SYNC"); })}));
  ASSERT_EQ(d.verdict, HadrVerdict::Network);
  EXPECT_EQ(d.plan.model_command,
            "simhadr -model -syncMode SYNC -flushSize 2 -netRate 1.062 -t 60");
  ASSERT_EQ(d.plan.host_commands.size(), 4u);
  EXPECT_EQ(d.plan.host_commands[0],
            "on hostS: simhadr -role standby -lhost hostS -lport 55000 -rhost hostP -rport 55000");
  EXPECT_EQ(d.plan.host_commands[1],
            "on hostP: simhadr -role primary -lhost hostP -lport 55000 -rhost hostS -rport 55000 "
            "-syncMode SYNC -flushSize 2 -t 60");
}

}  // namespace
}  // namespace simhadr
