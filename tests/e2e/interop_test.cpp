// Against the original binary (SIMHADR_REF=/path/to/simhadr_linux): our
// primary with its standby and its primary with our standby, in every sync
// mode, on loopback and across two namespaces. Both sides must agree on every
// flush and byte, and our reports must have the original's shape, line for
// line, numbers masked, apart from the lines we add. Without SIMHADR_REF the
// tests skip, saying so: the binary is IBM's and is never part of this tree.
//
// Against another build of ours (SIMHADR_PEER), the same both ways on
// loopback: a cross build's simhadr-emulated runs it under qemu-user, and an
// s390x one is big-endian, so every byte order on the wire is put to the test.
// Against our Windows build (SIMHADR_WINDOWS, under Wine), the same; and with
// the original's simhadr_win64.exe (SIMHADR_REF_WIN) too, that against ours on
// Windows, both ways.
#include <signal.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>
#include <tuple>

#include "two_hosts.hpp"
#include "windows_programs.hpp"

// A namespace of its own: the end-to-end tests' executable is one unity batch,
// and these names (Case, kFlushBytes) are other files' too.
namespace simhadr::e2e::interop {
namespace {

using namespace std::chrono_literals;

std::string program_named_by(const char* variable) {
  const char* path = std::getenv(variable);
  return path ? path : "";
}

std::string reference_binary() {
  return program_named_by("SIMHADR_REF");
}
std::string peer_binary() {
  return program_named_by("SIMHADR_PEER");
}
std::string windows_original() {
  const std::string exe = windows_program("SIMHADR_REF_WIN");
  return exe.empty() ? exe : under_wine(exe);
}
std::string windows_build() {
  const std::string exe = windows_program("SIMHADR_WINDOWS");
  return exe.empty() ? exe : under_wine(exe);
}

// The original, on Linux or Windows, refuses -lport 0.
bool an_original(const std::string& program) {
  return program == reference_binary() ||
         (!windows_program("SIMHADR_REF_WIN").empty() && program == windows_original());
}

// A report reduced to its shape: numbers masked, histogram rows (as many as
// the data make) folded into one, the congestion distribution (there only when
// a send had to wait) and the lines only we print left out.
std::vector<std::string> shape_of(const std::string& report) {
  static const std::vector<std::string> ours = {"Bottleneck:",
                                                "Socket buffer covering",
                                                "Same models",
                                                "Compressing the link (what-if):",
                                                "CPU:",
                                                "TCP:",
                                                "Warning: this side waited",
                                                "StandByRcvBufUsed:",
                                                "Stalls:",
                                                "Log gap:",
                                                "HADR timeout:",
                                                "Interrupted by ",
                                                "Sleep accuracy:",
                                                "Warning: inaccurate sleep time:",
                                                "Payload:"};
  static const std::regex number(R"(\d+(\.\d+)?)");
  static const std::regex resolver(R"(via \w+\(\))");
  static const std::regex row(R"((From # to #|Exactly +#) +# numbers|# zeros)");
  static const std::regex spaces(" +");
  // Each system's build says what its system can: Windows has no BlockingIO line
  // (it cannot read a socket's mode back) but SO_DONTLINGER and its performance
  // counter, names its own non-blocking call, and its own time zones.
  static const std::vector<std::string> system_lines = {
      "Timer frequency:", "BlockingIO=", "SO_DONTLINGER="};
  static const std::regex non_blocking_call(
      R"(Calling (fcntl\(O_NONBLOCK\)|ioctlsocket\(FIONBIO\)))");
  static const std::regex time_zone(R"((connTime=\S+_)\D.*)");
  std::vector<std::string> shape;
  std::istringstream in(report);
  for (std::string line; std::getline(in, line);) {
    if (std::ranges::any_of(ours, [&](const std::string& p) { return line.starts_with(p); })) {
      continue;
    }
    // Printed only when some send found the buffer full, which is the run's doing, not the
    // format's.
    if (line.starts_with("Distribution of congestion duration")) {
      while (std::getline(in, line) && !line.empty()) {
      }
      continue;
    }
    if (std::ranges::any_of(system_lines,
                            [&](const std::string& p) { return line.starts_with(p); })) {
      continue;
    }
    line = std::regex_replace(line, non_blocking_call, "Calling <non-blocking call>");
    line = std::regex_replace(line, time_zone, "$1<time zone>");
    line = std::regex_replace(line, number, "#");
    line = std::regex_replace(line, resolver, "via <resolver>");
    if (std::regex_match(line, row)) line = "<histogram row>";
    line = std::regex_replace(line, spaces, " ");
    const bool repeat =
        !shape.empty() && shape.back() == line && (line.empty() || line == "<histogram row>");
    if (!repeat) shape.push_back(line);
  }
  while (!shape.empty() && shape.back().empty()) shape.pop_back();
  return shape;
}

void expect_same_shape(const std::string& ours, const std::string& original,
                       const std::string& what) {
  const auto a = shape_of(ours);
  const auto b = shape_of(original);
  EXPECT_GT(b.size(), 40u) << what << ": too little of the original's report to compare\n"
                           << original;
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    const std::string mine = i < a.size() ? a[i] : "<end>";
    const std::string theirs = i < b.size() ? b[i] : "<end>";
    ASSERT_EQ(mine, theirs) << what << ", shape line " << i + 1 << "\nours:\n"
                            << ours << "\noriginal:\n"
                            << original;
  }
}

// Our primaries take a port from the kernel (-lport 0), which no concurrent test can be
// handed too; the original refuses -lport 0 and is given one of the block's.
PairRun run_on_loopback(const std::vector<std::string>& primary_extra,
                        const PairPrograms& programs) {
  const bool original = an_original(programs.primary);
  std::string port = original ? std::to_string(private_port(PortBlock::Interop)) : "0";
  ChildProcess primary(concat({"-role", "primary", "-lhost", "127.0.0.1", "-lport", port, "-rhost",
                               "127.0.0.1", "-rport", "1"},
                              primary_extra),
                       programs.primary);
  if (original) {
    EXPECT_TRUE(primary.wait_listening(static_cast<std::uint16_t>(std::stoi(port)), 10s));
  } else {
    port = listening_port(primary);
  }
  ChildProcess standby({"-role", "standby", "-lhost", "127.0.0.1", "-lport", "1", "-rhost",
                        "127.0.0.1", "-rport", port},
                       programs.standby);
  return finish(primary, standby);
}

constexpr std::uint64_t kFlushes = 200;
constexpr std::uint64_t kFlushBytes = 4 * 4096;

std::vector<std::string> run_options(const std::string& mode) {
  return {"-n", std::to_string(kFlushes), "-syncmode", mode, "-flushSize", "4"};
}

// One run with our primary and the other program's standby, one the other way round:
// every flush and byte arrives, both sides ran `mode`, and the reports have one shape.
void expect_both_ways_agree(const PairRun& ours_primary, const PairRun& ours_standby,
                            const std::string& mode) {
  expect_same_log_on_both_sides(ours_primary, kFlushes, kFlushBytes);
  expect_same_log_on_both_sides(ours_standby, kFlushes, kFlushBytes);
  for (const PairRun* run : {&ours_primary, &ours_standby}) {
    EXPECT_EQ(run->primary.mode, mode);
    EXPECT_EQ(run->standby.mode, mode);
  }
  expect_same_shape(ours_primary.primary_out, ours_standby.primary_out, "primary report");
  expect_same_shape(ours_standby.standby_out, ours_primary.standby_out, "standby report");
}

using Case = std::tuple<std::string, bool>;  // sync mode, across namespaces

class Interop : public ::testing::TestWithParam<Case> {
 protected:
  void SetUp() override {
    if (reference_binary().empty()) {
      GTEST_SKIP() << "SIMHADR_REF is not set: give it the original simhadr_linux to run the "
                      "interop tests (DEVELOPERS.md says where to get it)";
    }
    ASSERT_EQ(::access(reference_binary().c_str(), X_OK), 0)
        << "SIMHADR_REF=" << reference_binary() << " is not an executable file";
    if (std::get<1>(GetParam())) {
      if (const auto why = TwoHosts::unavailable()) GTEST_SKIP() << *why;
    }
  }

  PairRun run(const PairPrograms& programs) {
    const auto& [mode, across] = GetParam();
    const auto extra = run_options(mode);
    if (!across) return run_on_loopback(extra, programs);
    const TwoHosts hosts;
    return run_across(hosts, extra, {}, programs);
  }
};

TEST_P(Interop, BothWaysEveryFlushArrivesAndTheReportsKeepTheOriginalsShape) {
  const std::string ours = binary_under_test();
  const std::string original = reference_binary();
  expect_both_ways_agree(run({.primary = ours, .standby = original}),
                         run({.primary = original, .standby = ours}), std::get<0>(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(ModesAndPlaces, Interop,
                         ::testing::Combine(::testing::Values("SYNC", "NEARSYNC", "ASYNC",
                                                              "SUPERASYNC"),
                                            ::testing::Bool()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::get<0>(info.param) +
                                  (std::get<1>(info.param) ? "_TwoHosts" : "_Loopback");
                         });

// Stopping, both ways: the original's standby ignores Ctrl-C during a run and
// dies of SIGTERM without a word, so our primary takes its end as a failure;
// the original's primary reads our stopping standby's notice as a strange ack
// and still reports and exits 0.
class StoppingInterop : public ::testing::Test {
 protected:
  void SetUp() override {
    if (reference_binary().empty()) {
      GTEST_SKIP() << "SIMHADR_REF is not set: give it the original simhadr_linux to run the "
                      "interop tests (DEVELOPERS.md says where to get it)";
    }
  }
};

TEST_F(StoppingInterop, TheOriginalsStandbyEndedIsAFailureForOurPrimary) {
  ChildProcess primary({"-role", "primary", "-lhost", "127.0.0.1", "-lport", "0", "-rhost",
                        "127.0.0.1", "-rport", "1", "-syncMode", "SYNC", "-target", "1", "-t",
                        "60"});
  ChildProcess standby({"-role", "standby", "-lhost", "127.0.0.1", "-lport", "1", "-rhost",
                        "127.0.0.1", "-rport", listening_port(primary)},
                       reference_binary());
  // The original's standby prints into a pipe's buffer: our primary's output says when.
  ASSERT_TRUE(primary.wait_for_output("Sending handshake message:", 10s)) << primary.out();
  std::this_thread::sleep_for(500ms);
  standby.send_signal(SIGTERM);
  ASSERT_EQ(primary.wait(10s), 1) << primary.err();
  // Without the notice, whether an ack came first or not.
  EXPECT_NE(primary.err().find("the standby closed the connection"), std::string::npos)
      << primary.err();
  EXPECT_EQ(parse_report(primary.out()).value_or(ParsedReport{}).summary_lines_seen, 7);
}

TEST_F(StoppingInterop, OurStoppedStandbyEndsTheOriginalsRunWithItsReport) {
  const std::string port = std::to_string(private_port(PortBlock::Interop));
  ChildProcess primary(
      {"-role", "primary", "-lhost", "127.0.0.1", "-lport", port, "-rhost", "127.0.0.1", "-rport",
       "1", "-syncMode", "SYNC", "-target", "1", "-t", "60"},
      reference_binary());
  ASSERT_TRUE(primary.wait_listening(static_cast<std::uint16_t>(std::stoi(port)), 10s));
  ChildProcess standby({"-role", "standby", "-lhost", "127.0.0.1", "-lport", "1", "-rhost",
                        "127.0.0.1", "-rport", port});
  ASSERT_TRUE(standby.wait_for_output("Receiving log flushes", 10s)) << standby.out();
  standby.send_signal(SIGINT);
  EXPECT_EQ(standby.wait(10s), 0) << standby.err();
  ASSERT_EQ(primary.wait(10s), 0) << primary.err();
  EXPECT_GT(parse_report(primary.out()).value_or(ParsedReport{}).flushes, 0u) << primary.out();
}

// Every payload our primary can ship, to the original's standby: it checks only
// each flush's marker page, so random bytes and a DBA's files pass as dots do.
class PayloadInterop : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {
 protected:
  void SetUp() override {
    if (reference_binary().empty()) {
      GTEST_SKIP() << "SIMHADR_REF is not set: give it the original simhadr_linux to run the "
                      "interop tests (DEVELOPERS.md says where to get it)";
    }
  }
};

TEST_P(PayloadInterop, TheOriginalsStandbyTakesEachPayload) {
  const auto& [mode, kind] = GetParam();
  std::string payload = kind;
  const auto file =
      std::filesystem::temp_directory_path() /
      ("simhadr-interop-payload-" + mode + "-" + kind + "-" + std::to_string(::getpid()));
  if (kind == "files") {
    std::ofstream out(file, std::ios::binary);
    for (int i = 0; i < 30000; ++i)
      out << "UPDATE ACCOUNT " << i << " SET BALANCE " << i % 97 << '\n';
    payload = file.string();
  }
  const PairRun run =
      run_on_loopback(concat(run_options(mode), {"-payload", payload}),
                      {.primary = binary_under_test(), .standby = reference_binary()});
  expect_same_log_on_both_sides(run, kFlushes, kFlushBytes);
  std::filesystem::remove(file);
}

INSTANTIATE_TEST_SUITE_P(
    ModesAndKinds, PayloadInterop,
    ::testing::Combine(::testing::Values("SYNC", "NEARSYNC", "ASYNC", "SUPERASYNC"),
                       ::testing::Values("dots", "files")),
    [](const auto& info) { return std::get<0>(info.param) + "_" + std::get<1>(info.param); });

// Fails the test unless the file a variable names exists; true when the variable is set.
bool given(const char* variable, const std::string& file, const std::string& what) {
  const char* value = std::getenv(variable);
  if (!value || !*value) return false;
  EXPECT_TRUE(std::filesystem::is_regular_file(file))
      << variable << "=" << value << " is not " << what;
  return std::filesystem::is_regular_file(file);
}

const auto kModes = ::testing::Values("SYNC", "NEARSYNC", "ASYNC", "SUPERASYNC");

class PeerInterop : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (peer_binary().empty()) {
      GTEST_SKIP()
          << "SIMHADR_PEER is not set: give it another build of simhadr, such as "
             "build-s390x/simhadr-emulated from a cross build (DEVELOPERS.md: Static and cross "
             "builds)";
    }
    ASSERT_EQ(::access(peer_binary().c_str(), X_OK), 0)
        << "SIMHADR_PEER=" << peer_binary() << " is not an executable file";
  }
};

// Our Linux build and another program, one run with each as the primary.
void expect_interop(const std::string& ours, const std::string& other, const std::string& mode) {
  const auto extra = run_options(mode);
  expect_both_ways_agree(run_on_loopback(extra, {.primary = ours, .standby = other}),
                         run_on_loopback(extra, {.primary = other, .standby = ours}), mode);
}

TEST_P(PeerInterop, BothWaysEveryFlushArrivesAndTheReportsAgree) {
  expect_interop(binary_under_test(), peer_binary(), GetParam());
}

INSTANTIATE_TEST_SUITE_P(Modes, PeerInterop, kModes);

class WindowsInterop : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (!given("SIMHADR_WINDOWS", windows_program("SIMHADR_WINDOWS"), "our simhadr.exe")) {
      GTEST_SKIP() << "SIMHADR_WINDOWS is not set: give it the simhadr.exe of a windows-x86_64 "
                      "build to run it under Wine (DEVELOPERS.md: Windows)";
    }
  }
};

// Our Windows build under Wine and our Linux build.
TEST_P(WindowsInterop, OurWindowsBuildAndOurLinuxBuildBothWays) {
  expect_interop(binary_under_test(), windows_build(), GetParam());
}

// The original's Windows build and ours, both under Wine.
TEST_P(WindowsInterop, TheOriginalsWindowsBuildAndOursBothWays) {
  if (!given("SIMHADR_REF_WIN", windows_program("SIMHADR_REF_WIN"), "simhadr_win64.exe")) {
    GTEST_SKIP() << "SIMHADR_REF_WIN is not set: give it the original's simhadr_win64.exe "
                    "(DEVELOPERS.md says where to get it)";
  }
  const auto extra = run_options(GetParam());
  const std::string ours = windows_build();
  const std::string original = windows_original();
  expect_both_ways_agree(run_on_loopback(extra, {.primary = ours, .standby = original}),
                         run_on_loopback(extra, {.primary = original, .standby = ours}),
                         GetParam());
}

INSTANTIATE_TEST_SUITE_P(Modes, WindowsInterop, kModes);

}  // namespace
}  // namespace simhadr::e2e::interop
