// Faults a long run meets: the peer killed outright, a peer that never comes,
// a host without the memory asked for.
// The survivor prints what it measured and exits on its own, within seconds.
#include <signal.h>

#include <gtest/gtest.h>
#include <unistd.h>

#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;

// How long the survivor may take to notice and report, from the kill.
constexpr auto kSurvivorBound = 5s;

std::optional<int> exit_within(ChildProcess& process, std::chrono::seconds bound) {
  return process.wait(std::chrono::duration_cast<std::chrono::milliseconds>(bound));
}

struct KilledStandbyCase {
  std::string mode;
  bool throttled;  // a slow -target leaves nothing unread: the kill closes, not resets
};

std::ostream& operator<<(std::ostream& out, const KilledStandbyCase& run) {
  return out << run.mode << (run.throttled ? " at -target 0.5" : " flat out");
}

class KilledStandby : public ::testing::TestWithParam<KilledStandbyCase> {};

// Killed, a standby says nothing before its connection ends (with a reset when
// log was unread, else with a close as orderly as a stopped standby's): a
// failure, status 1, with the report of what was measured.
TEST_P(KilledStandby, ThePrimaryReportsAFailure) {
  const KilledStandbyCase& run = GetParam();
  std::vector<std::string> options{"-t", "60", "-syncMode", run.mode};
  if (run.throttled) options.insert(options.end(), {"-target", "0.5"});
  ChildProcess primary(concat(primary_args("127.0.0.1", "0"), options));
  ChildProcess standby(standby_args("127.0.0.1", listening_port(primary)));
  ASSERT_TRUE(standby.wait_for_output("Receiving log flushes.", 10s));
  std::this_thread::sleep_for(300ms);
  standby.send_signal(SIGKILL);
  ASSERT_EQ(exit_within(primary, kSurvivorBound), 1) << primary.err();
  const ParsedReport report = parse_report(primary.out()).value_or(ParsedReport{});
  EXPECT_EQ(report.summary_lines_seen, 7);
  EXPECT_GT(report.flushes, 0u);
  EXPECT_EQ(primary.out().find("Interrupted by the standby"), std::string::npos) << primary.out();
  const std::string err = primary.err();
  EXPECT_TRUE(err.starts_with("simhadr: error: ")) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
}

INSTANTIATE_TEST_SUITE_P(
    Modes, KilledStandby,
    ::testing::Values(KilledStandbyCase{"SYNC", false}, KilledStandbyCase{"NEARSYNC", false},
                      KilledStandbyCase{"ASYNC", false}, KilledStandbyCase{"SYNC", true},
                      KilledStandbyCase{"ASYNC", true}, KilledStandbyCase{"SUPERASYNC", true}),
    [](const auto& info) {
      return info.param.mode + (info.param.throttled ? "Throttled" : "Flat");
    });

TEST(KilledPrimary, TheStandbyReportsWhatItReceived) {
  ChildProcess primary(concat(primary_args("127.0.0.1", "0"), {"-t", "60", "-flushSize", "64"}));
  ChildProcess standby(standby_args("127.0.0.1", listening_port(primary)));
  ASSERT_TRUE(standby.wait_for_output("Receiving log flushes.", 10s));
  std::this_thread::sleep_for(300ms);
  primary.send_signal(SIGKILL);
  // A kill between two flushes looks like the primary's normal end (status 0);
  // one in the middle of a flush, or with an ack unread (a reset), is a
  // failure (status 1) that says so.
  const std::optional<int> status = exit_within(standby, kSurvivorBound);
  ASSERT_TRUE(status == 0 || status == 1) << standby.err();
  if (status == 1) {
    const std::string err = standby.err();
    EXPECT_TRUE(err.find("in the middle of a flush") != std::string::npos ||
                err.find("reset the connection") != std::string::npos)
        << err;
  }
  const ParsedReport report = parse_report(standby.out()).value_or(ParsedReport{});
  EXPECT_EQ(report.summary_lines_seen, 7);
  EXPECT_GT(report.flushes, 0u);
}

TEST(ConnectTimeout, APrimaryGivesUpOnAStandbyThatNeverComes) {
  ChildProcess primary(concat(primary_args("127.0.0.1", "0"), {"-connectTimeout", "1"}));
  EXPECT_EQ(exit_within(primary, kSurvivorBound), 1);
  EXPECT_NE(primary.err().find("no standby connected within 1 s (-connectTimeout"),
            std::string::npos)
      << primary.err();
}

TEST(ConnectTimeout, AStandbyGivesUpOnAPrimaryThatNeverListens) {
  const std::string port = std::to_string(private_port(PortBlock::NoListener));
  ChildProcess standby(concat(standby_args("127.0.0.1", port), {"-connectTimeout", "1.5"}));
  EXPECT_EQ(exit_within(standby, kSurvivorBound), 1);
  EXPECT_NE(standby.err().find("did not accept a connection within 1.5 s (-connectTimeout; 0 "
                               "waits without end); last attempt: Connection refused"),
            std::string::npos)
      << standby.err();
  EXPECT_NE(standby.out().find("Retrying"), std::string::npos);
}

TEST(OutOfMemory, AStandbyWhoseReceiveBufferDoesNotFitSaysWhichOptionAskedForIt) {
  if (binary_sanitized()) {
    GTEST_SKIP() << "a sanitized binary cannot start under an address-space limit";
  }
  if (::access("/usr/bin/prlimit", X_OK) != 0) GTEST_SKIP() << "prlimit (util-linux) is missing";
  ChildProcess primary(concat(primary_args("127.0.0.1", "0"), {"-t", "60"}));
  // 512 MiB of address space: room for the process, not for a 1 GiB receive buffer.
  const std::vector<std::string> limited = {"--as=536870912", binary_under_test()};
  ChildProcess standby(concat(limited, concat(standby_args("127.0.0.1", listening_port(primary)),
                                              {"-hadrBufSize", "262144"})),
                       "/usr/bin/prlimit");
  EXPECT_EQ(exit_within(standby, kSurvivorBound), 1);
  const std::string err = standby.err();
  EXPECT_NE(err.find("simhadr: error: -hadrBufSize 262144 pages is more than this host can give: "
                     "cannot allocate a buffer of 1073741824 bytes"),
            std::string::npos)
      << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_EQ(exit_within(primary, kSurvivorBound), 1) << primary.err();
}

}  // namespace
}  // namespace simhadr::e2e
