// The command line as a user meets it: every refusal is one line on stderr
// naming the option, exit status 2, at once; runtime failures of the set-up
// (a port in use, a host that does not resolve, no permission) exit 1.
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;

const std::vector<std::string> kPrimary{"-role", "primary", "-lhost",    "127.0.0.1", "-lport",
                                        "47000", "-rhost",  "127.0.0.1", "-rport",    "47001"};

struct Refusal {
  std::vector<std::string> args;
  std::string must_mention;
};

// Test names hold the arguments: a long one is cut to its start.
void print_args(const std::vector<std::string>& args, std::ostream* out) {
  for (const std::string& arg : args) *out << '\'' << arg.substr(0, 40) << "' ";
}

void PrintTo(const Refusal& refusal, std::ostream* out) {
  print_args(refusal.args, out);
}

class RefusedCommandLines : public ::testing::TestWithParam<Refusal> {};

TEST_P(RefusedCommandLines, ExitTwoWithOneLineNamingTheOption) {
  const Refusal& refusal = GetParam();
  const auto start = std::chrono::steady_clock::now();
  ChildProcess refused(refusal.args);
  EXPECT_EQ(refused.wait(10s), 2);
  // "Well under a second" is the promise; the bound leaves room for a loaded machine.
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
  const std::string err = refused.err();
  EXPECT_TRUE(err.starts_with("simhadr: ")) << err;
  EXPECT_NE(err.find(refusal.must_mention), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  // Whatever was typed, the line stays readable: a long value is cut.
  EXPECT_LT(err.size(), 400u) << err.size();
  EXPECT_TRUE(refused.out().empty());
}

const std::string kLongValue(100000, 'x');

std::vector<Refusal> refusals() {
  std::vector<Refusal> list = {
      {{"-foo"}, "-foo"},
      {{},
       "give -role primary|standby, -demo, -model, -calculate FILE, -diagnose FILE, a disk test"},
      {{"-calculate", "/tmp", "-network", "10", "0.001", "-disk", "100", "0.001"},
       "-calculate '/tmp' is a directory; give a file"},
      {{"-calculate", "/etc/passwd", "-network", "10", "0.001", "-disk", "100", "0.001",
        "-compress", "zstd"},
       "-compress 'zstd': -calculate takes the ratio alone"},
      {{"-calculate", "/no/such/scan", "-network", "10", "0.001", "-disk", "100", "0.001"},
       "-calculate '/no/such/scan': cannot read it: No such file or directory"},
      {{"-diagnose", "/tmp"}, "-diagnose '/tmp' is a directory; give a file"},
      {{"-diagnose", "/no/such/samples"},
       "-diagnose '/no/such/samples': cannot read it: No such file or directory"},
      {{"-diagnose", "-", "-"}, "-diagnose reads stdin (-) once"},
      {{"-diagnose", "/dev/null", "-role", "primary"}, "-diagnose reads monitor samples"},
      {{"-demo", "-workload", "/tmp"}, "-workload '/tmp' is a directory; give a file"},
      {{"-demo", "-payload", "/tmp"}, "-payload '/tmp' is a directory; give a file"},
      {{"-demo", "-payload", "/no/such/S0000001.LOG"},
       "-payload '/no/such/S0000001.LOG': cannot read it: No such file or directory"},
      {{"-demo", "-payload", "/dev/null"}, "-payload '/dev/null' is not a regular file"},
      {concat(kPrimary, {"-flushSizes", "/tmp"}), "-flushSizes '/tmp' is a directory; give a file"},
      {{"-demo", "-json", "/tmp"}, "-json '/tmp' is a directory; give a file name"},
      {{"-demo", "-csv", "/tmp"}, "-csv '/tmp' is a directory; give a file name"},
      {concat(kPrimary, {"-t", kLongValue}), "...' (100000 characters) is not a number"},
      {{"-demo", "-syncMode", kLongValue}, "...' (100000 characters) is unknown"},
      {{"-" + kLongValue}, "unknown option -xxxx"},
      {{"-demo", kLongValue}, "... (100000 characters)"},
      {{"-demo", "-csv", "/no/such/dir/" + kLongValue}, "cannot write in directory '/no/such/dir'"},
      {{"-model"}, "-model needs something that takes time"},
      {{"-model", "-netDelay", "0"}, "-model needs something that takes time"},
      {{"-role", "primary", "-lhost", "localhost", "-lport", "0", "-rhost", "a,b,c,d", "-rport",
        "1,2,3,4"},
       "at most 3"},
      {{"-role", "primary", "-lhost", "localhost", "-lport", "0", "-rhost", "a,b", "-rport", "1"},
       "-rhost lists 2 standbys but -rport 1"},
      {{"-role", "primary", "-lhost", "localhost", "-lport", "0", "-rhost", "a,b", "-rport", "1,2",
        "-replay", "20"},
       "-replay applies to a standby"},
      {{"-role", "primary", "-lhost", "localhost", "-lport", "0", "-rhost", "a,b", "-rport", "1,2",
        "-spoolLimit", "10"},
       "-spoolLimit applies to a standby"},
      {{"-role", "standby", "-lhost", "localhost", "-lport", "1", "-rhost", "a,b", "-rport", "1,2"},
       "one address on a standby"},
      {{"-role", "standby", "-lhost", "localhost", "-lport", "1", "-rhost", "a", "-rport", "1",
        "-spoolLimit", "-2"},
       "-spoolLimit -2 is out of range"},
      {{"-role", "standby", "-lhost", "localhost", "-lport", "1", "-rhost", "a", "-rport", "1",
        "-spoolLimit", "3000000000"},
       "-spoolLimit 3000000000 is out of range"},
      {{"-model", "-rhost", "a,b", "-netRate", "10,20,30"}, "-netRate lists 3 values for 2"},
      {{"-role", "primary", "-lhost", "localhost", "-lport", "0", "-rhost", "a", "-rport", "1",
        "-uplinkRate", "10"},
       "-uplinkRate is for -model"},
      {{"-role", "primary", "-lhost", "localhost", "-lport", "0", "-rhost", "a", "-rport", "1",
        "-netOutage", "2"},
       "-netOutage is for -model; on a real link, take it down"},
      {{"-role", "primary", "-lhost", "localhost", "-lport", "0", "-rhost", "a", "-rport", "1",
        "-tcpCost", "0.4"},
       "-tcpCost is for -model; a real run's CPU line shows what TCP costs each side"},
      {{"-model", "-tcpCost", "0.4,0.2,0.1"}, "-tcpCost takes one figure, or two"},
      {{"-model", "-tcpCost", "0,0"}, "-model needs something that takes time"},
      {{"-model", "-netRate", "12.5", "-netOutageEvery", "10", "-t", "30"},
       "-netOutageEvery needs -netOutage SECONDS"},
      {{"-model", "-netRate", "12.5", "-netOutage", "5", "-netOutageEvery", "5", "-t", "30"},
       "-netOutageEvery 5 s leaves no time between outages of 5 s"},
      {{"-model", "-netRate", "12.5", "-netOutage", "5", "-n", "100"},
       "-netOutage alone comes in the middle of the run: give -t"},
      {{"-model", "-netRate", "12.5", "-netOutage", "0", "-t", "30"}, "-netOutage"},
      {{"-model", "-netRate", "12.5", "-hadrTimeout", "-3", "-t", "30"}, "-hadrTimeout"},
      {{"-role", "primary", "-lhost", "localhost", "-lport", "0", "-rhost", "a,b", "-rport", "1,2",
        "-netDelay", "0.01"},
       "-netDelay shapes one connection"},
      {{"-model", "-role", "primary", "-disk", "10", "0"},
       "-model runs both roles in virtual time; leave out -role"},
      {{"-model", "-demo", "-disk", "10", "0"},
       "-model runs both roles in virtual time; leave out -demo"},
      {{"-model", "-replay", "0"}, "-replay"},
      {{"-model", "-replay", "10", "-1"}, "-replay"},
      {{"-model", "-netDelay", "-0.1"}, "-netDelay"},
      {{"-model", "-netDelay", "11"}, "-netDelay"},
      {{"-model", "-netRate", "0"}, "-netRate"},
      {{"-model", "-logRate", "5"}, "-logBufSize"},
      {{"-model", "-logBufSize", "64", "-disk", "10", "0"}, "-logRate"},
      {{"-model", "-logRate", "5", "-logBufSize", "0"}, "-logBufSize"},
      {{"-model", "-logRate", "5", "-logBufSize", "64", "-flushSize", "8"}, "only one of"},
      {{"-model", "-logRate", "5", "-logBufSize", "64", "-target", "8"}, "-target"},
      {{"-model", "-logRate", "5", "-logBufSize", "64", "-hadrBufSize", "32"}, "-hadrBufSize"},
      {{"-model", "-flushSizes", "/nonexistent/sizes", "-disk", "10", "0"}, "-flushSizes"},
      {{"-s", "1"}, "ambiguous"},
      {{}, "nothing to do"},
      {{"-role", "primary"}, "-lhost"},
      {{"-role", "x", "-lhost", "a", "-lport", "1", "-rhost", "b", "-rport", "2"}, "-role"},
      {{"-demo", "-role", "primary"}, "-demo"},
      {{"-demo", "-disk", "5"}, "-disk"},
      {{"-demo", "-disk", "0", "0.001"}, "-disk"},
      {{"-demo", "-disk", "50", "-1"}, "-disk"},
      {{"-demo", "stray"}, "stray"},
      {{"-demo", "-flushSize"}, "flushSize"},
      {{"-write", "a", "-read", "b"}, "only one of"},
      {{"-testDisk", "d", "-demo"},
       "-testDisk is a disk test, which runs on its own; leave out -demo"},
      {{"-write", "a", "-role", "primary"},
       "-write is a disk test, which runs on its own; leave out -role"},
      {{"-read", "a", "-model"}, "-read is a disk test, which runs on its own; leave out -model"},
      {{"-read", "a", "-threads", "2"}, "-threads"},
      {{"-write", "a", "-threads", "0"}, "-threads"},
      {{"-write", "a", "-threads", "65"}, "-threads"},
      {{"-write"}, "write"},
      {{"-write", ""}, "-write needs a file name"},
      {{"-testDisk", ""}, "-testDisk needs a directory name"},
      {{"-demo", "-flushSize", "16", "-hadrBufSize", "8"}, "-hadrBufSize 8"},
      {{"-role", "standby", "-lhost", "a", "-lport", "1", "-rhost", "b", "-rport", "2", "-syncMode",
        "fast"},
       "-syncMode"},
      {{"-demo", "-rhost"}, "rhost"},
      {{"-demo", "-loop"}, "-loop"},
      {concat(kPrimary, {"-loop"}), "-loop"},
      {{"-demo", "-json", "same", "-csv", "same"}, "-json"},
      {{"-demo", "-csv", "-"}, "-csv"},
      {{"-demo", "-json", "/nonexistent-dir/run.json"}, "-json '/nonexistent-dir/run.json'"},
      {{"-demo", "-csv", "/"}, "-csv"},
      {concat(kPrimary, {"-standbyHadrBufSize", "8"}), "-standbyHadrBufSize 8"},
      {concat(kPrimary, {"-tls", "-tlsHostCheck"}), "-tlsHostCheck"},
      {concat(kPrimary, {"-tlsKey", "/etc/hostname"}), "-tlsKey needs -tlsCert"},
      {concat(kPrimary, {"-tlsCert", "/nonexistent/side.pem"}), "-tlsCert '/nonexistent/side.pem'"},
      {concat(kPrimary, {"-tlsCA", "/nonexistent/ca.pem"}), "-tlsCA '/nonexistent/ca.pem'"},
  };
  const std::vector<std::pair<std::string, std::string>> bad_values = {
      {"-flushSize", "0"},
      {"-flushSize", "-5"},
      {"-flushSize", "16x"},
      {"-flushSize", "010x"},
      {"-flushSize", "1e3"},
      {"-flushSize", "99999999"},
      {"-flushSize", ""},
      {"-hadrBufSize", "0"},
      {"-n", "0"},
      {"-n", "-1"},
      {"-n", "abc"},
      {"-t", "0"},
      {"-t", "-2"},
      {"-t", "nan"},
      {"-t", "inf"},
      {"-t", "2s"},
      {"-target", "0"},
      {"-target", "-1"},
      {"-sockSndBuf", "-1"},
      {"-sockSndBuf", "0"},
      {"-sockRcvBuf", "x"},
      {"-sockRcvBuf", "99999999999"},
      {"-spin", "-0.1"},
      {"-spin", "5"},
      {"-syncMode", "fast"},
      {"-lport", "65536"},
      {"-lport", "-1"},
      {"-lport", "http"},
      {"-rport", "0"},
      {"-testSleep", "0"},
      {"-testSleep", "1000"},
      {"-testSleep", "x"},
      {"-lport", "0x50"},
      {"-disk", "fast"},
      {"-connectTimeout", "-1"},
      {"-connectTimeout", "soon"},
      {"-stallTimeout", "-5"},
      {"-stallTimeout", "1e99"},
      {"-interval", "0"},
      {"-interval", "0.01"},
      {"-standbySockRcvBuf", "0"},
      {"-standbyHadrBufSize", "-1"},
      {"-tlsVersion", "1.1"},
      {"-tlsVersion", "TLSV11"},
      {"-tlsCost", "-1"},
      {"-tlsCost", "x"},
      {"-tlsCost", "0.3,0"},
      {"-tlsCost", "0.3,0.5,0.7"},
  };
  for (const auto& [option, value] : bad_values) {
    list.push_back({concat(kPrimary, {option, value}), option});
  }
  return list;
}

INSTANTIATE_TEST_SUITE_P(Table, RefusedCommandLines, ::testing::ValuesIn(refusals()));

TEST(CommandLine, TheTableHoldsAtLeastFortyCommandLines) {
  EXPECT_GE(refusals().size(), 40u);
}

TEST(CommandLine, HelpAndVersionExitZero) {
  ChildProcess help({"-h"});
  EXPECT_EQ(help.wait(5s), 0);
  EXPECT_NE(help.out().find("-syncMode"), std::string::npos);
  ChildProcess version({"--version"});
  EXPECT_EQ(version.wait(5s), 0);
  EXPECT_TRUE(version.out().starts_with("simhadr "));
}

TEST(CommandLine, ListeningOnAPortInUseIsARuntimeError) {
  ChildProcess first(concat(primary_args("127.0.0.1", "0"), {"-t", "30"}));
  const std::string port = listening_port(first);
  ChildProcess second(concat(primary_args("127.0.0.1", port), {"-t", "1"}));
  EXPECT_EQ(second.wait(10s), 1);
  EXPECT_NE(second.err().find("cannot listen on 127.0.0.1:" + port), std::string::npos)
      << second.err();
}

TEST(CommandLine, AHostThatDoesNotResolveIsNamed) {
  // One quick try of the resolver, whatever DNS this machine has or lacks.
  ::setenv("RES_OPTIONS", "timeout:1 attempts:1", 1);
  ChildProcess primary({"-role", "primary", "-lhost", "no-such-host.invalid", "-lport", "0",
                        "-rhost", "127.0.0.1", "-rport", "1"});
  EXPECT_EQ(primary.wait(20s), 1);
  EXPECT_NE(primary.err().find("-lhost 'no-such-host.invalid': cannot resolve it"),
            std::string::npos)
      << primary.err();
}

// Failures found while running: exit 1 and one line, "simhadr: error: ...".
struct RunFailure {
  std::vector<std::string> args;
  std::string must_mention;
};

void PrintTo(const RunFailure& failure, std::ostream* out) {
  print_args(failure.args, out);
}

class FailedRuns : public ::testing::TestWithParam<RunFailure> {};

TEST_P(FailedRuns, ExitOneWithOneLineSayingWhatWasLost) {
  // One quick try of the resolver, whatever DNS this machine has or lacks.
  ::setenv("RES_OPTIONS", "timeout:1 attempts:1", 1);
  const RunFailure& failure = GetParam();
  ChildProcess run(failure.args);
  EXPECT_EQ(run.wait(30s), 1);
  const std::string err = run.err();
  EXPECT_TRUE(err.starts_with("simhadr: error: ")) << err;
  EXPECT_NE(err.find(failure.must_mention), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_LT(err.size(), 400u) << err.size();
}

INSTANTIATE_TEST_SUITE_P(
    Table, FailedRuns,
    ::testing::Values(
        RunFailure{{"-demo", "-t", "0.2", "-json", "/dev/full"},
                   "cannot write -json file '/dev/full': No space left on device: the run's JSON "
                   "document is lost (the text report is complete)"},
        RunFailure{{"-demo", "-t", "0.2", "-csv", "/dev/full"},
                   "cannot append to -csv file '/dev/full': No space left on device: the run's "
                   "CSV rows are lost (the text report is complete)"},
        RunFailure{{"-demo", "-t", "0.2", "-json", "/dev/full", "-csv", "/dev/full/x"},
                   "JSON document is lost; cannot open -csv file '/dev/full/x'"},
        RunFailure{{"-role", "primary", "-lhost", kLongValue, "-lport", "0", "-rhost", "127.0.0.1",
                    "-rport", "1"},
                   "...' (100000 characters): cannot resolve it"}));

TEST(CommandLine, ListeningWithoutPermissionIsARuntimeError) {
  std::vector<std::string> args = {"-role",  "primary", "-lhost",          "127.0.0.1",
                                   "-lport", "1",       "-rhost",          "127.0.0.1",
                                   "-rport", "2",       "-connectTimeout", "1"};
  std::string program = binary_under_test();
  if (::geteuid() == 0) {
    // Root may listen anywhere; run as nobody to meet the refusal a DBA would.
    if (::access("/usr/bin/setpriv", X_OK) != 0) GTEST_SKIP() << "setpriv is not installed";
    args.insert(args.begin(), {"--reuid=65534", "--regid=65534", "--clear-groups", program});
    program = "/usr/bin/setpriv";
  }
  ChildProcess primary(args, program);
  const std::optional<int> status = primary.wait(10s);
  if (status == 127 || primary.err().find("setpriv") != std::string::npos) {
    GTEST_SKIP() << "cannot run the binary as nobody here: " << primary.err();
  }
  if (primary.out().find("Listening on local host TCP port 1") != std::string::npos) {
    GTEST_SKIP() << "this host lets anyone listen on port 1";
  }
  EXPECT_EQ(status, 1);
  EXPECT_NE(primary.err().find("cannot listen on 127.0.0.1:1: Permission denied"),
            std::string::npos)
      << primary.err();
}

}  // namespace
}  // namespace simhadr::e2e
