// The real binary, as two processes on loopback (or one, for -demo). These
// tests check what crossed the wire and what the reports say about it: counts
// and bytes, never speed.
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <regex>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;

class EveryMode : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryMode, BothSidesAgreeOnEveryByteAndAcksMatchTheMode) {
  const std::string mode = GetParam();
  const PairRun run = run_pair({"-n", "200", "-syncmode", mode, "-flushSize", "4"});
  expect_same_log_on_both_sides(run, 200, 16384);
  EXPECT_EQ(run.primary.mode, mode);
  EXPECT_EQ(run.standby.mode, mode);
  const bool acked = mode == "SYNC" || mode == "NEARSYNC";
  EXPECT_EQ(run.standby.sent_bytes, acked ? 200u * 16 : 0u);
  EXPECT_EQ(run.standby.send_calls, acked ? 200u : 0u);
  EXPECT_EQ(run.primary.recv_calls, acked ? 200u : 0u);

  const std::set<std::string> primary_sections =
      acked ? std::set<std::string>{"log write size", "log shipping time", "send size", "recv size"}
            : std::set<std::string>{"log write size", "log shipping time", "send size"};
  std::set<std::string> primary_found = run.primary.distributions;
  primary_found.erase("congestion duration");
  EXPECT_EQ(primary_found, primary_sections);
  EXPECT_EQ(run.primary.distribution_totals.at("log shipping time"), 200u);
  EXPECT_TRUE(run.standby.distributions.contains("log write size"));
  EXPECT_TRUE(run.standby.distributions.contains("recv size"));
  EXPECT_EQ(run.standby.distributions.contains("send size"), acked);
  EXPECT_NE(run.standby_out.find("Zero byte received. Remote end closed connection."),
            std::string::npos);
  // Loopback is a clean link: the primary sees no stall. Its TCP line still
  // gives what the kernel retransmitted, but no bound is put on that here:
  // loopback drops the segments a CPU-starved standby's socket cannot queue,
  // and how many is the scheduler's doing (on a busy 2-core machine, 16
  // segments, 7.4% of a 200-flush run). UnstableLink tells loss from a clean
  // link across a real one.
  EXPECT_EQ(run.primary_out.find("Stalls:"), std::string::npos) << run.primary_out;
  EXPECT_TRUE(std::regex_search(
      run.primary_out, std::regex(R"(retransmitted \d+ bytes \(\d+\.\d% of what was sent\))")))
      << run.primary_out;
  EXPECT_NE(run.primary_out.find("Log gap: worst "), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Modes, EveryMode,
                         ::testing::Values("SYNC", "NEARSYNC", "ASYNC", "SUPERASYNC"));

TEST(Shipping, RemoteCatchupShipsAsSuperAsync) {
  const PairRun run = run_pair({"-n", "50", "-rcu"});
  expect_same_log_on_both_sides(run, 50, 65536);
  EXPECT_EQ(run.standby.mode, "SUPERASYNC");
}

TEST(Shipping, ModelledDisksCountOneWritePerFlushOnBothSides) {
  const PairRun run =
      run_pair({"-n", "20", "-syncmode", "SYNC", "-disk", "50", "0.001", "-flushSize", "4"},
               {"-disk", "50", "0.001"});
  expect_same_log_on_both_sides(run, 20, 16384);
  EXPECT_EQ(run.primary.write_calls, 20u);
  EXPECT_EQ(run.standby.write_calls, 20u);
  EXPECT_NE(
      run.primary_out.find("disk speed: 50.000000 MB/second, overhead: 0.001000 second/write"),
      std::string::npos);
  // In SYNC a flush is written on one disk, then the other: the advisor names both, in series.
  // Read when the connection began: at the end the standby may have closed it.
  EXPECT_NE(run.primary_out.find("path MTU 65535, both ends on this host."), std::string::npos)
      << run.primary_out;
  expect_bottleneck(run.primary_out,
                    "primary and standby disks: a flush of 16384 bytes is written on the primary "
                    "(0.001328 s), then on the standby (0.001328 s) before its ack: 6.170161 "
                    "MBytes/sec for the two in series");
}

TEST(Shipping, BlockingSocketsMoveTheSameBytes) {
  const PairRun run = run_pair({"-n", "100", "-block", "-syncmode", "ASYNC"}, {"-block"});
  expect_same_log_on_both_sides(run, 100, 65536);
  EXPECT_NE(run.primary_out.find("BlockingIO=true\nNAGLE=false"), std::string::npos);
}

TEST(Shipping, SocketBufferOptionsAreAppliedAndReported) {
  const PairRun run =
      run_pair({"-n", "10", "-sockSndBuf", "65536", "-sockRcvBuf", "65536", "-nagle"},
               {"-sockRcvBuf", "131072"});
  expect_same_log_on_both_sides(run, 10, 65536);
  for (const std::string& out : {run.primary_out, run.standby_out}) {
    EXPECT_NE(out.find("Calling setsockopt(SO_RCVBUF)\nSocket property upon buffer resizing"),
              std::string::npos);
  }
  EXPECT_NE(run.primary_out.find("Calling setsockopt(SO_SNDBUF)"), std::string::npos);
  EXPECT_EQ(run.primary_out.find("Calling setsockopt(TCP_NODELAY)"), std::string::npos);
  EXPECT_NE(run.standby_out.find("Calling setsockopt(TCP_NODELAY)"), std::string::npos);
}

TEST(Shipping, StandbyCanBindItsLocalEndBeforeConnecting) {
  const PairRun run = run_pair({"-n", "10"}, {"-bind"});
  expect_same_log_on_both_sides(run, 10, 65536);
  EXPECT_NE(run.standby_out.find("Binding socket to local address.\nConnecting to remote host"),
            std::string::npos);
}

TEST(Shipping, TargetRateAddsTheIdleLine) {
  const PairRun run = run_pair({"-n", "20", "-target", "1000"});
  expect_same_log_on_both_sides(run, 20, 65536);
  EXPECT_TRUE(std::regex_search(
      run.primary_out,
      std::regex(
          R"(targetRate 1000\.000000 MBytes/sec, totalIdleTime [\d.]+ second \(\d+% idle\))")));
}

TEST(Shipping, VerboseTracesEveryStep) {
  const PairRun run =
      run_pair({"-n", "3", "-syncmode", "SYNC", "-flushSize", "2", "-verbose"}, {"-verbose"});
  expect_same_log_on_both_sides(run, 3, 8192);
  EXPECT_NE(run.primary_out.find("1024 bytes sent\nSending log flushes."), std::string::npos);
  EXPECT_NE(run.primary_out.find("Sending 2 pages\n8192 bytes sent\nReceiving ack message.\n16 "
                                 "bytes received\nLog shipping took"),
            std::string::npos);
  EXPECT_NE(run.standby_out.find("A flush of 2 pages has been received."), std::string::npos);
  EXPECT_NE(run.standby_out.find("Sending ack message.\n16 bytes sent"), std::string::npos);
}

TEST(Shipping, TheReportHeaderFollowsTheOriginal) {
  const PairRun run = run_pair({"-n", "5"});
  EXPECT_TRUE(run.primary_out.starts_with("+ simhadr -role primary -lhost 127.0.0.1 -lport 0 "));
  EXPECT_TRUE(std::regex_search(
      run.primary_out,
      std::regex(
          R"(\n\nMeasured sleep overhead: \d\.\d{6} second, using spin time \d\.\d{6} second\.\nSyncMode = NEARSYNC\nflushSize = 16 pages\n\nResolving local host)")));
  EXPECT_NE(run.primary_out.find(
                "Sending handshake message:\nsyncMode=NEARSYNC\nflushSize=16\nconnTime="),
            std::string::npos);
  EXPECT_NE(run.standby_out.find("Received handshake message:\nsyncMode=NEARSYNC\nflushSize=16\n"),
            std::string::npos);
  EXPECT_NE(run.standby_out.find(
                "Standby receive buffer size 64 pages (262144 bytes)\nReceiving log flushes."),
            std::string::npos);
}

TEST(Shipping, StandbyMayStartFirstAndRetriesUntilThePrimaryListens) {
  const std::string port = std::to_string(private_port(PortBlock::StandbyFirst));
  ChildProcess standby(standby_args("127.0.0.1", port));
  ASSERT_TRUE(standby.wait_for_output("Retrying", 10s)) << standby.err();
  EXPECT_NE(standby.out().find("connect() failed. errno=111, Connection refused"),
            std::string::npos);
  ChildProcess primary(concat(primary_args("127.0.0.1", port), {"-n", "30"}));
  const PairRun run = finish(primary, standby);
  expect_same_log_on_both_sides(run, 30, 65536);
}

TEST(Shipping, WorksOverIpv6) {
  if (!ipv6_loopback_available()) GTEST_SKIP() << "no IPv6 loopback on this machine";
  const PairRun run = run_pair({"-n", "40", "-syncmode", "NEARSYNC"}, {}, "::1");
  expect_same_log_on_both_sides(run, 40, 65536);
  EXPECT_NE(run.primary_out.find("address_type=10 address_length=16\naddress: ::1"),
            std::string::npos);
}

class PrimarySignal : public ::testing::TestWithParam<int> {};

TEST_P(PrimarySignal, EndsBothRunsWithFullReports) {
  ChildProcess primary(concat(primary_args("127.0.0.1", "0"), {"-t", "60", "-flushSize", "4"}));
  const std::string port = listening_port(primary);
  ChildProcess standby(standby_args("127.0.0.1", port));
  ASSERT_TRUE(primary.wait_for_output("Sending log flushes.", 10s));
  std::this_thread::sleep_for(200ms);
  primary.send_signal(GetParam());
  const PairRun run = finish(primary, standby);
  EXPECT_GT(run.primary.flushes, 0u);
  expect_same_log_on_both_sides(run, run.primary.flushes, 16384);
  const std::string said =
      fmt::format("Interrupted by {} after ", GetParam() == SIGINT ? "SIGINT" : "SIGTERM");
  EXPECT_NE(run.primary_out.find(said), std::string::npos) << run.primary_out;
  EXPECT_EQ(run.standby_out.find("Interrupted by"), std::string::npos) << run.standby_out;
}

std::string signal_name(const ::testing::TestParamInfo<int>& info) {
  return info.param == SIGINT ? "SIGINT" : "SIGTERM";
}

INSTANTIATE_TEST_SUITE_P(Interrupts, PrimarySignal, ::testing::Values(SIGINT, SIGTERM),
                         signal_name);

class StandbySignal : public ::testing::TestWithParam<std::tuple<int, std::string>> {};

// Stopped by a signal, the standby ends the run: both sides report, and exit 0.
TEST_P(StandbySignal, EndsBothRunsWithTheirReports) {
  const auto& [signal, mode] = GetParam();
  ChildProcess primary(concat(primary_args("127.0.0.1", "0"), {"-t", "60", "-syncmode", mode}));
  const std::string port = listening_port(primary);
  ChildProcess standby(standby_args("127.0.0.1", port));
  ASSERT_TRUE(standby.wait_for_output("Receiving log flushes.", 10s));
  std::this_thread::sleep_for(200ms);
  standby.send_signal(signal);
  const PairRun run = finish(primary, standby);
  EXPECT_EQ(run.standby_status, 0) << run.standby_err;
  EXPECT_EQ(run.standby.summary_lines_seen, 7);
  EXPECT_GT(run.standby.flushes, 0u);
  EXPECT_NE(run.standby_out.find(
                fmt::format("Interrupted by {} after ", signal == SIGINT ? "SIGINT" : "SIGTERM")),
            std::string::npos)
      << run.standby_out;
  EXPECT_EQ(run.primary_status, 0) << run.primary_err;
  EXPECT_EQ(run.primary.summary_lines_seen, 7);
  EXPECT_GT(run.primary.flushes, 0u);
  EXPECT_NE(run.primary_out.find("Interrupted by the standby after "), std::string::npos)
      << run.primary_out;
  // Every flush the standby counted was shipped; SYNC's last may await its ack.
  EXPECT_LE(run.standby.flushes, run.primary.flushes + 1);
}

INSTANTIATE_TEST_SUITE_P(Interrupts, StandbySignal,
                         ::testing::Combine(::testing::Values(SIGINT, SIGTERM),
                                            ::testing::Values("SYNC", "NEARSYNC", "ASYNC")),
                         [](const auto& info) {
                           return fmt::format(
                               "{}_{}", std::get<0>(info.param) == SIGINT ? "SIGINT" : "SIGTERM",
                               std::get<1>(info.param));
                         });

struct DemoReports {
  std::optional<ParsedReport> primary;
  std::optional<ParsedReport> standby;
};

// The demo prints the primary's report, then the standby's after a marker line.
DemoReports split_demo_output(const std::string& out) {
  const std::size_t standby_at = out.find("======== standby ========");
  if (standby_at == std::string::npos) return {};
  return {parse_report(out.substr(0, standby_at)), parse_report(out.substr(standby_at))};
}

TEST(Demo, RunsBothRolesInOneProcessPrimaryFirst) {
  ChildProcess demo({"-demo", "-n", "50", "-syncmode", "sync", "-flushSize", "2"});
  ASSERT_EQ(demo.wait(kRunBound), 0) << demo.err();
  const auto [primary, standby] = split_demo_output(demo.out());
  ASSERT_TRUE(primary && standby);
  EXPECT_EQ(primary->flushes, 50u);
  EXPECT_EQ(standby->flushes, 50u);
  EXPECT_EQ(primary->sent_bytes, standby->recv_bytes);
  EXPECT_EQ(standby->sent_bytes, 50u * 16);
}

TEST(Demo, CtrlCEndsBothSidesWithMatchingReports) {
  ChildProcess demo({"-demo", "-t", "60", "-flushSize", "4"});
  // The demo's report is printed at its end, so nothing says when it ships: wait out
  // the start (the sleep calibration and the payload probe, under a second even
  // under the sanitizers) with room to spare.
  std::this_thread::sleep_for(2s);
  demo.send_signal(SIGINT);
  ASSERT_EQ(demo.wait(kRunBound), 0) << demo.err();
  const auto [primary, standby] = split_demo_output(demo.out());
  ASSERT_TRUE(primary && standby);
  EXPECT_GT(primary->flushes, 0u);
  EXPECT_EQ(primary->flushes, standby->flushes);
  EXPECT_EQ(primary->sent_bytes, standby->recv_bytes);
}

TEST(Demo, TheWholeReportArrivesThroughAPipe) {
  FILE* pipe = ::popen((binary_under_test() + " -demo -n 20 -syncMode ASYNC").c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  EXPECT_EQ(::pclose(pipe), 0);
  const auto [primary, standby] = split_demo_output(out);
  ASSERT_TRUE(primary && standby);
  EXPECT_EQ(standby->flushes, 20u);
  // The standby's report is last, and it ends with the advisor's line and its CPU line
  // (whatever the verdict: a standby starved of CPU, as under ThreadSanitizer, may
  // have filled its buffer and say so).
  EXPECT_NE(out.rfind("numbers\n\nBottleneck: "), std::string::npos) << out;
  const std::size_t cpu_line = out.rfind("\nCPU: user ");
  ASSERT_NE(cpu_line, std::string::npos);
  EXPECT_NE(out.rfind(" MBytes/sec.\n", cpu_line), std::string::npos);
  EXPECT_TRUE(out.ends_with("% of the run).\n") ||
              out.find("Warning: ", cpu_line) != std::string::npos)
      << out.substr(cpu_line);
}

TEST(SleepTest, ReportsTenSleeps) {
  ChildProcess test({"-testSleep", "0.001"});
  EXPECT_EQ(test.wait(10s), 0);
  const std::string out = test.out();
  EXPECT_EQ(std::count(out.begin(), out.end(), 'R'), 10);  // "Requested sleep ..." lines
  EXPECT_NE(out.find("Sleep test: 10 sleeps of 0.001000 second"), std::string::npos);
}

}  // namespace
}  // namespace simhadr::e2e
