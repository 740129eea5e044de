// The link's bound on waiting: a peer that moves nothing for the stall bound
// ends the transfer with an error; one that keeps moving, however slowly, does not.
#include "roles/link.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "fakes/fake_clock.hpp"
#include "simhadr/wire/protocol_error.hpp"

namespace simhadr {
namespace {

using namespace std::chrono_literals;
using testing::FakeClock;

// Moves one byte per call every `every`, or nothing ever when every is zero;
// each wait costs the slice it was given.
class TrickleTransport final : public Transport {
 public:
  TrickleTransport(FakeClock& clock, Nanos every) : clock_(clock), every_(every) {}

  IoStep send_some(std::span<const char> data) override { return step(data.size()); }
  IoStep recv_some(std::span<char> into) override { return step(into.size()); }
  bool wait_writable(Nanos max_wait) override { return wait(max_wait); }
  bool wait_readable(Nanos max_wait) override { return wait(max_wait); }
  void close() override {}

 private:
  IoStep step(std::size_t room) {
    if (every_ == Nanos{0} || clock_.now() < next_ || room == 0) return {0, true};
    next_ = clock_.now() + every_;
    return {1, false};
  }
  bool wait(Nanos max_wait) {
    if (every_ != Nanos{0} && next_ - clock_.now() <= max_wait) {
      clock_.advance(std::max(next_ - clock_.now(), Nanos{0}));
      return true;
    }
    clock_.advance(max_wait);
    return false;
  }

  FakeClock& clock_;
  Nanos every_;
  Clock::time_point next_{};
};

struct LinkRig {
  explicit LinkRig(Nanos every, Nanos stall_bound, Nanos first_message_bound = Nanos{0})
      : transport(clock, every),
        log(output, false),
        link(transport, clock, stop, log, stall_bound, first_message_bound) {}
  FakeClock clock;
  TrickleTransport transport;
  std::ostringstream output;
  RunLog log;
  StopSource stop;
  Link link;
};

TEST(LinkStall, NothingMovingForTheBoundEndsASendWithAnError) {
  LinkRig rig(Nanos{0}, 60s);
  const std::string data(10, '.');
  try {
    rig.link.send_all(data, nullptr);
    FAIL() << "no stall reported";
  } catch (const TransportError& error) {
    EXPECT_NE(std::string(error.what())
                  .find("nothing sent or received for 60 s while waiting to "
                        "send (-stallTimeout"),
              std::string::npos)
        << error.what();
  }
  EXPECT_EQ(rig.clock.now().time_since_epoch(), 60s);
}

TEST(LinkStall, NothingMovingForTheBoundEndsAReceiveWithAnError) {
  LinkRig rig(Nanos{0}, 5s);
  std::array<char, 16> ack{};
  EXPECT_THROW(rig.link.recv_exact(ack, nullptr), TransportError);
  EXPECT_EQ(rig.clock.now().time_since_epoch(), 5s);
}

TEST(LinkStall, APeerSilentFromTheStartIsAProtocolErrorWithinTheFirstMessageBound) {
  LinkRig rig(Nanos{0}, 60s, 2s);
  std::array<char, 16> ack{};
  try {
    rig.link.recv_exact(ack, nullptr);
    FAIL() << "no protocol error";
  } catch (const ProtocolError& error) {
    EXPECT_NE(std::string(error.what()).find("within 2 s of connecting (-connectTimeout)"),
              std::string::npos)
        << error.what();
  }
  EXPECT_EQ(rig.clock.now().time_since_epoch(), 2s);
}

TEST(LinkStall, OnceTheFirstMessageCameTheStallBoundHolds) {
  LinkRig rig(Nanos{0}, 5s, 2s);
  rig.link.first_message_came();
  std::array<char, 16> ack{};
  EXPECT_THROW(rig.link.recv_exact(ack, nullptr), TransportError);
  EXPECT_EQ(rig.clock.now().time_since_epoch(), 5s);
}

TEST(LinkStall, ThePollingWaitOfTheStandbyIsBoundedToo) {
  LinkRig rig(Nanos{0}, 1s);
  for (int slice = 0; slice < 9; ++slice) rig.link.wait_readable();
  EXPECT_THROW(rig.link.wait_readable(), TransportError);
}

TEST(LinkStall, TimeSpentOutsideTheWaitsDoesNotCount) {
  LinkRig rig(Nanos{0}, 1s);
  for (int slice = 0; slice < 5; ++slice) rig.link.wait_readable();
  rig.clock.advance(10s);  // a modelled write between two waits
  for (int slice = 0; slice < 4; ++slice) rig.link.wait_readable();
  EXPECT_THROW(rig.link.wait_readable(), TransportError);
}

TEST(LinkStall, SlowButSteadyProgressIsNotAStall) {
  LinkRig rig(40s, 60s);
  const std::string data(5, '.');
  EXPECT_EQ(rig.link.send_all(data, nullptr), TransferEnd::Done);
  EXPECT_EQ(rig.clock.now().time_since_epoch(), 4 * 40s);
}

TEST(LinkStall, ZeroWaitsWithoutBoundUntilAStop) {
  LinkRig rig(Nanos{0}, Nanos{0});
  rig.stop.request();
  const std::string data(10, '.');
  EXPECT_EQ(rig.link.send_all(data, nullptr), TransferEnd::Stopped);
  EXPECT_EQ(rig.clock.now().time_since_epoch(), kStopCheckSlice + kStopGrace);
}

}  // namespace
}  // namespace simhadr
