// Our binary against peers that are not simhadr: scripted "primaries" that
// send garbage, HTTP, random bytes, broken page streams or resets, and
// scripted "standbys" that ack wrongly, speak HTTP or connect from a host the
// primary was not told about. Each ends in one clear line and exit status 1,
// never a crash and never a hang.
#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include "fake_peer.hpp"
#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;

std::string random_bytes(std::size_t size) {
  std::mt19937 generator(20261130);
  std::uniform_int_distribution<int> byte(0, 255);
  std::string bytes(size, '\0');
  for (char& c : bytes) c = static_cast<char>(byte(generator));
  return bytes;
}

// A failed run: the report of what was measured on stdout, then one error line on stderr.
// A run that began (its handshake went or came) fails with its report; one
// that never began fails with its one line only.
enum class Began : bool { No, Yes };

void expect_failed_with(ChildProcess& process, const std::string& reason,
                        Began began = Began::Yes) {
  ASSERT_EQ(process.wait(10s), 1) << process.err();
  const std::string err = process.err();
  EXPECT_TRUE(err.starts_with("simhadr: error: ")) << err;
  EXPECT_NE(err.find(reason), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_EQ(parse_report(process.out()).value_or(ParsedReport{}).summary_lines_seen,
            began == Began::Yes ? 7 : 0)
      << process.out();
  if (began == Began::No) {
    EXPECT_EQ(process.out().find("Bottleneck:"), std::string::npos) << process.out();
  }
}

// Our standby, connected to a fake primary.
struct StandbyFacingFake {
  explicit StandbyFacingFake(std::vector<std::string> extra = {})
      : primary(FakePeer::listening()),
        standby(concat(standby_args("127.0.0.1", std::to_string(primary.port())), extra)) {
    EXPECT_TRUE(primary.accept(10s)) << standby.err();
  }
  FakePeer primary;
  ChildProcess standby;
};

struct StandbyCase {
  std::string name;
  std::string stream;
  std::string reason;
  Began began = Began::No;
};

class StandbyRefuses : public ::testing::TestWithParam<StandbyCase> {};

TEST_P(StandbyRefuses, WithOneLineAndItsReport) {
  StandbyFacingFake run;
  run.primary.send(GetParam().stream);
  expect_failed_with(run.standby, GetParam().reason, GetParam().began);
}

std::string http_response() {
  std::string text = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n";
  text.resize(1024, '\0');
  return text;
}

INSTANTIATE_TEST_SUITE_P(
    Streams, StandbyRefuses,
    ::testing::Values(
        StandbyCase{"RandomBytes", random_bytes(4096), "protocol error: "},
        StandbyCase{"HttpResponse", http_response(),
                    "protocol error: handshake expected, but the primary's first "
                    "bytes are 'HTTP/'"},
        StandbyCase{"HugeFlushSize", handshake_message("SYNC", 99999999),
                    "protocol error: handshake flushSize '99999999'"},
        StandbyCase{"UnknownMode", handshake_message("FASTEST", 16),
                    "protocol error: handshake syncMode 'FASTEST' is unknown"},
        StandbyCase{"RandomPagesAfterAHandshake",
                    handshake_message("ASYNC", 4) + random_bytes(65536),
                    "protocol error: page 4 of a flush has no end-of-flush marker", Began::Yes},
        StandbyCase{"AFlushLongerThanAnnounced",
                    handshake_message("ASYNC", 2) + flush_bytes(2, 3) + flush_bytes(3, 1),
                    "protocol error: page 2 of a flush has no end-of-flush marker", Began::Yes}),
    [](const auto& info) { return info.param.name; });

TEST(StandbyFacingAFakePrimary, AStreamCutInTheMiddleOfAFlushFails) {
  StandbyFacingFake run;
  const std::string flushes = flush_bytes(4, 2);
  run.primary.send(handshake_message("ASYNC", 4) + flushes.substr(0, flushes.size() - 8192));
  // A reset that overtakes the standby's own view of its connect would look
  // like a refused connect, and be retried.
  ASSERT_TRUE(run.standby.wait_for_output("Receiving log flushes.", 10s));
  run.primary.reset();
  ASSERT_EQ(run.standby.wait(10s), 1);
  // Either the reset or the cut is what the standby saw first; both are failures.
  const std::string err = run.standby.err();
  EXPECT_TRUE(err.find("reset the connection") != std::string::npos ||
              err.find("in the middle of a flush") != std::string::npos)
      << err;
}

TEST(StandbyFacingAFakePrimary, AnOrderlyCloseMidFlushSaysHowMuchArrived) {
  StandbyFacingFake run;
  const std::string flushes = flush_bytes(4, 2);
  run.primary.send(handshake_message("ASYNC", 4) + flushes.substr(0, flushes.size() - 8192));
  run.primary.close();
  expect_failed_with(run.standby, "in the middle of a flush (8192 bytes of it arrived)");
}

TEST(StandbyFacingAFakePrimary, ASilentPrimaryIsAStallAfterTheBound) {
  StandbyFacingFake run({"-stallTimeout", "1"});
  run.primary.send(handshake_message("NEARSYNC", 4) + flush_bytes(4, 1));
  expect_failed_with(run.standby,
                     "the connection stalled: nothing sent or received for 1 s while waiting to "
                     "receive");
}

TEST(StandbyFacingAFakePrimary, AHalfSentHandshakeIsAProtocolErrorWithinTheConnectTimeout) {
  StandbyFacingFake run({"-connectTimeout", "1"});
  run.primary.send(handshake_message("SYNC", 4).substr(0, 100));
  expect_failed_with(run.standby,
                     "protocol error: the other side sent nothing simhadr sends "
                     "within 1 s of connecting (-connectTimeout)",
                     Began::No);
}

TEST(StandbyFacingAFakePrimary,
     AServerThatWaitsForARequestIsAProtocolErrorWithinTheConnectTimeout) {
  StandbyFacingFake run({"-connectTimeout", "1", "-stallTimeout", "60"});
  expect_failed_with(run.standby, "within 1 s of connecting (-connectTimeout): is it simhadr?",
                     Began::No);
}

// Our primary, with a fake standby connected from `source`.
struct PrimaryFacingFake {
  explicit PrimaryFacingFake(std::vector<std::string> extra)
      : primary(concat(primary_args("127.0.0.1", "0"), extra)),
        standby(FakePeer::connecting("127.0.0.1", std::stoi(listening_port(primary)))) {}
  // Reads what the primary sends until `bytes` have come.
  void receive(std::size_t bytes) {
    ASSERT_TRUE(standby.skip(bytes, 10s)) << "the primary stopped sending";
  }
  ChildProcess primary;
  FakePeer standby;
};

TEST(PrimaryFacingAFakeStandby, AWrongAckIsAProtocolError) {
  PrimaryFacingFake run({"-syncMode", "SYNC", "-flushSize", "1", "-t", "30"});
  run.receive(1024 + 4096);
  run.standby.send("HTTP/1.1 200 OK\n");
  expect_failed_with(run.primary, "protocol error: the standby's ack");
}

TEST(PrimaryFacingAFakeStandby, AnHttpClientIsAProtocolError) {
  PrimaryFacingFake run({"-t", "30"});
  run.standby.send("GET / HTTP/1.1\r\nHost: db2-standby\r\n\r\n");
  expect_failed_with(run.primary, "protocol error: the standby's ack");
}

TEST(PrimaryFacingAFakeStandby, AStandbyThatNeverAcksIsAProtocolErrorWithinTheConnectTimeout) {
  PrimaryFacingFake run({"-flushSize", "1", "-connectTimeout", "1", "-t", "30"});
  expect_failed_with(run.primary,
                     "protocol error: the other side sent nothing simhadr sends within 1 s of "
                     "connecting (-connectTimeout)");
}

// A close before any ack is no standby ending its run: the primary fails.
TEST(PrimaryFacingAFakeStandby, AStandbyThatClosesBeforeItsFirstAckIsAFailure) {
  PrimaryFacingFake run({"-syncMode", "NEARSYNC", "-flushSize", "1", "-t", "30"});
  run.receive(1024 + 4096);
  run.standby.close();
  expect_failed_with(run.primary, "");
  EXPECT_EQ(run.primary.out().find("Interrupted by the standby"), std::string::npos);
}

TEST(PrimaryFacingAFakeStandby, AnHttpClientIsAProtocolErrorInAsyncToo) {
  PrimaryFacingFake run({"-syncMode", "ASYNC", "-t", "30"});
  run.receive(1024);
  run.standby.send("GET / HTTP/1.1\r\nHost: db2-standby\r\n\r\n");
  // As a client waiting for its answer, it reads what comes.
  EXPECT_TRUE(run.standby.wait_closed(10s));
  expect_failed_with(run.primary,
                     "protocol error: the standby sent bytes between flushes in ASYNC, where a "
                     "standby sends none");
}

std::vector<std::string> primary_expecting(const std::string& standby_host) {
  return {"-role",  "primary",    "-lhost", "127.0.0.1", "-lport", "0",
          "-rhost", standby_host, "-rport", "1",         "-n",     "20"};
}

TEST(AcceptFilter, APrimaryTakesItsStandbyOnlyFromAnAddressOfRhost) {
  ChildProcess primary(primary_expecting("127.0.0.2"));
  const std::string port = listening_port(primary);
  FakePeer stranger = FakePeer::connecting("127.0.0.1", std::stoi(port));
  EXPECT_TRUE(stranger.wait_closed(10s));
  EXPECT_TRUE(primary.wait_for_output("Refused a connection from 127.0.0.1:", 10s));

  // Still listening: the real standby, from 127.0.0.2, is served.
  ChildProcess standby({"-role", "standby", "-lhost", "127.0.0.2", "-lport", "0", "-bind", "-rhost",
                        "127.0.0.1", "-rport", port});
  const PairRun run = finish(primary, standby);
  EXPECT_EQ(run.primary_status, 0) << run.primary_err;
  EXPECT_EQ(run.standby_status, 0) << run.standby_err;
  EXPECT_EQ(run.standby.flushes, 20u);
}

TEST(AcceptFilter, AStandbyTurnedAwaySaysWhy) {
  ChildProcess primary(concat(primary_expecting("127.0.0.2"), {"-connectTimeout", "5"}));
  ChildProcess standby(standby_args("127.0.0.1", listening_port(primary)));
  ASSERT_EQ(standby.wait(10s), 1);
  EXPECT_NE(standby.err().find("is this host an address of the primary's -rhost?"),
            std::string::npos)
      << standby.err();
}

TEST(AcceptFilter, AnyHostTakesAStandbyFromAnywhere) {
  ChildProcess primary(concat(primary_expecting("127.0.0.2"), {"-anyHost"}));
  ChildProcess standby(standby_args("127.0.0.1", listening_port(primary)));
  const PairRun run = finish(primary, standby);
  EXPECT_EQ(run.primary_status, 0) << run.primary_err;
  EXPECT_EQ(run.standby.flushes, 20u);
  EXPECT_EQ(run.primary_out.find("Refused"), std::string::npos);
}

TEST(AcceptFilter, AnIpv4StandbyOnADualStackListenerIsRecognised) {
  if (!ipv6_loopback_available()) GTEST_SKIP() << "no IPv6 on this machine";
  std::ifstream v6only("/proc/sys/net/ipv6/bindv6only");
  int only = 0;
  if (v6only >> only && only != 0) GTEST_SKIP() << "IPv6 listeners here take no IPv4";
  // The peer shows as ::ffff:127.0.0.1 and must match -rhost 127.0.0.1.
  ChildProcess primary({"-role", "primary", "-lhost", "::", "-lport", "0", "-rhost", "127.0.0.1",
                        "-rport", "1", "-n", "20"});
  ChildProcess standby(standby_args("127.0.0.1", listening_port(primary)));
  const PairRun run = finish(primary, standby);
  EXPECT_EQ(run.primary_status, 0) << run.primary_err << run.primary_out;
  EXPECT_EQ(run.standby.flushes, 20u);
}

}  // namespace
}  // namespace simhadr::e2e
