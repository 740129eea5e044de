// The real binary on two hosts made of network namespaces: distinct
// addresses, a 1500-byte MTU and, where a test asks, a rate-limited link.
// Counts, bytes and verdicts; never speeds.
#include <gtest/gtest.h>

#include <regex>

#include "two_hosts.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;

class TwoHostTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const auto why = TwoHosts::unavailable()) GTEST_SKIP() << *why;
  }
};

class TwoHostsEveryMode : public TwoHostTest, public ::testing::WithParamInterface<std::string> {};

TEST_P(TwoHostsEveryMode, BothSidesAgreeOnBytesAndFlushes) {
  const TwoHosts hosts;
  const PairRun run = run_across(hosts, {"-n", "200", "-syncMode", GetParam(), "-flushSize", "4"});
  expect_same_log_on_both_sides(run, 200, 16384);
  EXPECT_EQ(run.standby.mode, GetParam());
}

// The advisor on a 100 Mbit/s link, in each mode: the wire is the limit, and
// no mode is forecast faster than the rate it measured for the wire.
TEST_P(TwoHostsEveryMode, OnARateLimitedLinkTheAdvisorNamesTheBandwidth) {
  const TwoHosts hosts(
      {.primary_rate = "100mbit", .intruder = false, .queue_limit_bytes = std::nullopt});
  const PairRun run = run_across(hosts, {"-t", "2", "-syncMode", GetParam()});
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  EXPECT_NE(run.primary_out.find("path MTU 1500."), std::string::npos) << run.primary_out;
  // A clean link: no stall, and no loss beside the verdict.
  EXPECT_EQ(run.primary_out.find("Stalls:"), std::string::npos) << run.primary_out;
  EXPECT_EQ(run.primary_out.find("of its bytes again"), std::string::npos) << run.primary_out;
  if (!expect_bottleneck(run.primary_out, "network bandwidth: ")) return;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      run.primary_out, m,
      std::regex(R"(Bottleneck: network bandwidth: a flush of 65536 bytes takes [\d.]+ s on the )"
                 R"(link \(([\d.]+) MBytes/sec, TCP's pace)")))
      << run.primary_out;
  const double link = std::stod(m[1]);
  ASSERT_TRUE(std::regex_search(
      run.primary_out, m,
      std::regex(R"(Same models, each sync mode: SYNC ([\d.]+), NEARSYNC ([\d.]+), ASYNC )"
                 R"(([\d.]+), SUPERASYNC ([\d.]+) MBytes/sec)")));
  for (int mode = 1; mode <= 4; ++mode) EXPECT_LE(std::stod(m[mode]), link * 1.000001);
}

INSTANTIATE_TEST_SUITE_P(Modes, TwoHostsEveryMode,
                         ::testing::Values("SYNC", "NEARSYNC", "ASYNC", "SUPERASYNC"));

TEST_F(TwoHostTest, FlushesArriveInMtuSizedSegmentsAndAreReassembled) {
  // At 100 Mbit/s a 1448-byte segment lands every 0.12 ms: the standby reads
  // a flush in many pieces and must put each flush back together.
  const TwoHosts hosts(
      {.primary_rate = "100mbit", .intruder = false, .queue_limit_bytes = std::nullopt});
  const PairRun run = run_across(hosts, {"-n", "50", "-syncMode", "SYNC"});
  expect_same_log_on_both_sides(run, 50, 65536);
  EXPECT_GT(run.standby.recv_calls, 2 * run.standby.flushes);
  EXPECT_NE(run.primary_out.find("path MTU 1500."), std::string::npos) << run.primary_out;
}

// -calculate -model's window limit on a real link: 80 Mbit/s (10 MB/s) with a
// 100 ms round trip (-netDelay: this kernel has no netem) and 64 KiB buffers.
// The window, not the link, holds ASYNC back, at no more than window / round trip.
TEST_F(TwoHostTest, ASixtyFourKiBWindowHoldsAsyncOnATenMBLinkAsCalculateForesees) {
  const TwoHosts hosts(
      {.primary_rate = "80mbit", .intruder = false, .queue_limit_bytes = std::nullopt});
  const PairRun run = run_across(hosts, {"-t", "4", "-syncMode", "ASYNC", "-netDelay", "0.05",
                                         "-sockSndBuf", "65536", "-sockRcvBuf", "65536"});
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  expect_bottleneck(run.primary_out, "socket buffer window: ");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      run.primary_out, m,
      std::regex(R"(ASYNC: Total \d+ bytes in [\d.]+ seconds, ([\d.]+) MBytes/sec)")))
      << run.primary_out;
  RecordProperty("async_mbytes_per_sec", m[1].str());
  // An order of magnitude under the link: the window allows 65536 bytes per 0.1 s.
  EXPECT_LT(std::stod(m[1]), 65536 / 0.1 / 1e6 * 1.1) << run.primary_out;
}

TEST_F(TwoHostTest, ThePrimaryTurnsAwayAnotherHostAndServesItsStandby) {
  const TwoHosts hosts(
      {.primary_rate = std::nullopt, .intruder = true, .queue_limit_bytes = std::nullopt});
  const auto inside = [](const std::string& ns, std::vector<std::string> args) {
    return ChildProcess(TwoHosts::inside(ns, binary_under_test(), args), TwoHosts::launcher());
  };
  ChildProcess primary =
      inside(hosts.primary(),
             concat(TwoHosts::side("primary", TwoHosts::kPrimaryAddress, TwoHosts::kStandbyAddress),
                    {"-n", "20"}));
  ASSERT_TRUE(primary.wait_for_output("Listening on local host TCP port", 10s)) << primary.err();
  ChildProcess intruder = inside(
      hosts.intruder(),
      concat(TwoHosts::side("standby", TwoHosts::kIntruderAddress, TwoHosts::kPrimaryAddress),
             {"-connectTimeout", "5"}));
  EXPECT_EQ(intruder.wait(15s), 1) << intruder.out();
  EXPECT_TRUE(primary.wait_for_output(
      std::string("Refused a connection from ") + TwoHosts::kIntruderAddress + ":", 10s))
      << primary.out();

  ChildProcess standby =
      inside(hosts.standby(),
             TwoHosts::side("standby", TwoHosts::kStandbyAddress, TwoHosts::kPrimaryAddress));
  const PairRun run = finish(primary, standby);
  expect_same_log_on_both_sides(run, 20, 65536);
}

}  // namespace
}  // namespace simhadr::e2e
