// How our primary tells a standby that was stopped from one that was killed:
// a stopping standby sends the 16-byte stop notice before it closes, in any
// mode, in one piece or several; a close without it is a failure.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "fake_peer.hpp"
#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;

constexpr std::string_view kScriptedAck{"ack message\0\0\0\0\0", 16};
constexpr std::string_view kScriptedNotice{"stopping\0\0\0\0\0\0\0\0", 16};
constexpr std::size_t kHandshakeMessage = 1024;
constexpr std::size_t kOnePageFlush = 4096;

// Our primary with a scripted standby, one page per flush, a flush every 0.2 s.
struct ScriptedStandby {
  explicit ScriptedStandby(const std::string& mode)
      : primary(concat(primary_args("127.0.0.1", "0"),
                       {"-syncMode", mode, "-flushSize", "1", "-target", "0.02", "-t", "30"})),
        standby(FakePeer::connecting("127.0.0.1", std::stoi(listening_port(primary)))) {}
  void receive(std::size_t bytes) {
    ASSERT_TRUE(standby.skip(bytes, 10s)) << "the primary stopped sending";
  }
  // As our standby ends: its last bytes, its side closed, then it reads until the primary closes.
  void end_with(const std::vector<std::string_view>& pieces) {
    for (const std::string_view piece : pieces) {
      ASSERT_TRUE(standby.send(piece));
      std::this_thread::sleep_for(50ms);
    }
    standby.finish_sending();
    EXPECT_TRUE(standby.wait_closed(10s));
  }
  ChildProcess primary;
  FakePeer standby;
};

void expect_ended_by_the_standby(ChildProcess& primary) {
  ASSERT_EQ(primary.wait(10s), 0) << primary.err();
  EXPECT_EQ(primary.err(), "");
  const std::string out = primary.out();
  EXPECT_NE(out.find("The standby said it was stopping"), std::string::npos) << out;
  EXPECT_NE(out.find("Interrupted by the standby after "), std::string::npos) << out;
  EXPECT_EQ(parse_report(out).value_or(ParsedReport{}).summary_lines_seen, 7) << out;
}

void expect_failed_without_notice(ChildProcess& primary) {
  ASSERT_EQ(primary.wait(10s), 1) << primary.err();
  const std::string err = primary.err();
  EXPECT_TRUE(
      err.starts_with("simhadr: error: the standby closed the connection without saying "
                      "it was stopping"))
      << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_EQ(parse_report(primary.out()).value_or(ParsedReport{}).summary_lines_seen, 7);
}

TEST(StopNotice, InSyncItComesWhereTheAckWould) {
  ScriptedStandby run("SYNC");
  run.receive(kHandshakeMessage + kOnePageFlush);
  ASSERT_TRUE(run.standby.send(kScriptedAck));
  run.receive(kOnePageFlush);
  run.end_with({kScriptedNotice});
  expect_ended_by_the_standby(run.primary);
}

TEST(StopNotice, BetweenFlushesInNearsync) {
  ScriptedStandby run("NEARSYNC");
  run.receive(kHandshakeMessage + kOnePageFlush);
  ASSERT_TRUE(run.standby.send(kScriptedAck));
  run.end_with({kScriptedNotice});
  expect_ended_by_the_standby(run.primary);
}

TEST(StopNotice, InAsyncInTwoPieces) {
  ScriptedStandby run("ASYNC");
  run.receive(kHandshakeMessage + kOnePageFlush);
  run.end_with({kScriptedNotice.substr(0, 5), kScriptedNotice.substr(5)});
  expect_ended_by_the_standby(run.primary);
}

TEST(StopNotice, ACloseWithoutItAfterAnAckIsAFailure) {
  ScriptedStandby run("SYNC");
  run.receive(kHandshakeMessage + kOnePageFlush);
  ASSERT_TRUE(run.standby.send(kScriptedAck));
  run.end_with({});
  expect_failed_without_notice(run.primary);
}

TEST(StopNotice, ACloseWithoutItInSuperasyncIsAFailure) {
  ScriptedStandby run("SUPERASYNC");
  run.receive(kHandshakeMessage + kOnePageFlush);
  run.end_with({});
  expect_failed_without_notice(run.primary);
}

}  // namespace
}  // namespace simhadr::e2e
