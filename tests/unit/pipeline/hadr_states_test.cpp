// The primary's HADR states through a failure (HadrStates), by the rules Db2
// documents for HADR_TIMEOUT, DB2_HADR_PEER_WAIT_LIMIT and HADR_PEER_WINDOW.
#include "simhadr/pipeline/hadr_states.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace hadr_states_test {

constexpr Nanos kTimeout = std::chrono::seconds(60);
constexpr Nanos kWaitLimit = std::chrono::seconds(5);
constexpr Nanos kWindow = std::chrono::seconds(10);

std::vector<HadrState> path(const HadrStates& states) {
  std::vector<HadrState> seen;
  for (const StateChange& change : states.changes()) {
    if (seen.empty()) seen.push_back(change.from);
    seen.push_back(change.to);
  }
  return seen;
}

TEST(HadrStates, TheFirstOfTheWaitLimitAndTheTimeoutGivesUp) {
  const HadrStates states(SyncMode::NearSync, {kTimeout, kWaitLimit, kWindow});
  const Nanos blocked = std::chrono::seconds(100);
  EXPECT_EQ(states.gives_up_at(blocked, std::nullopt), blocked + kWaitLimit);
  EXPECT_EQ(states.gives_up_at(blocked, blocked - kTimeout + std::chrono::seconds(1)),
            blocked + std::chrono::seconds(1));
  EXPECT_EQ(states.gives_up_at(std::nullopt, std::nullopt), std::nullopt);
  EXPECT_EQ(states.why_given_up(blocked + kWaitLimit, std::nullopt), StateCause::PeerWaitLimit);
  EXPECT_EQ(states.why_given_up(blocked, blocked - kTimeout), StateCause::HadrTimeout);
  // Without a wait limit (Db2's default) only the timeout gives up.
  const HadrStates no_limit(SyncMode::Sync, {kTimeout, {}, {}});
  EXPECT_EQ(no_limit.gives_up_at(blocked, std::nullopt), std::nullopt);
  EXPECT_EQ(no_limit.gives_up_at(blocked, blocked), blocked + kTimeout);
}

TEST(HadrStates, SyncAndNearSyncHoldCommitsThroughThePeerWindowThenGoOnAlone) {
  for (const SyncMode mode : {SyncMode::Sync, SyncMode::NearSync}) {
    HadrStates states(mode, {kTimeout, kWaitLimit, kWindow});
    EXPECT_TRUE(states.connected());
    const Nanos lost = std::chrono::seconds(20);
    EXPECT_EQ(states.lost(lost, StateCause::PeerWaitLimit), lost + kWindow);
    EXPECT_FALSE(states.gives_up_at(lost, lost));  // nothing more to give up on
    states.window_ended(lost + kWindow);
    states.standby_back(std::chrono::seconds(45));
    states.caught_up(std::chrono::seconds(60));
    EXPECT_EQ(path(states), (std::vector{HadrState::Peer, HadrState::DisconnectedPeer,
                                         HadrState::RemoteCatchupPending, HadrState::RemoteCatchup,
                                         HadrState::Peer}));
    EXPECT_EQ(states.changes()[1].why, StateCause::PeerWindow);
    EXPECT_EQ(states.changes()[1].at, lost + kWindow);
  }
}

TEST(HadrStates, AStandbyBackWithinTheWindowEndsItAtOnce) {
  HadrStates states(SyncMode::Sync, {kTimeout, kWaitLimit, kWindow});
  states.lost(std::chrono::seconds(20), StateCause::PeerWaitLimit);
  states.standby_back(std::chrono::seconds(25));
  EXPECT_FALSE(states.window_end());
  EXPECT_EQ(path(states),
            (std::vector{HadrState::Peer, HadrState::DisconnectedPeer, HadrState::RemoteCatchup}));
}

TEST(HadrStates, AsyncIgnoresThePeerWindowAsDb2Does) {
  HadrStates states(SyncMode::Async, {kTimeout, kWaitLimit, kWindow});
  EXPECT_EQ(states.lost(std::chrono::seconds(20), StateCause::PeerWaitLimit), std::nullopt);
  EXPECT_EQ(states.state(), HadrState::RemoteCatchupPending);
}

TEST(HadrStates, SuperAsyncIsNeverInPeerStateAndItsLogNeverWaits) {
  HadrStates states(SyncMode::SuperAsync, {kTimeout, kWaitLimit, kWindow});
  EXPECT_EQ(states.state(), HadrState::RemoteCatchup);
  EXPECT_TRUE(states.connected());
  EXPECT_FALSE(states.commits_wait());
  // A wait on the link is its log reader's, which no wait limit breaks; the timeout still does.
  const Nanos blocked = std::chrono::seconds(10);
  EXPECT_EQ(states.gives_up_at(blocked, std::nullopt), std::nullopt);
  EXPECT_EQ(states.gives_up_at(blocked, blocked), blocked + kTimeout);
  states.lost(blocked + kTimeout, StateCause::HadrTimeout);
  states.standby_back(std::chrono::seconds(100));
  states.caught_up(std::chrono::seconds(110));
  EXPECT_EQ(path(states), (std::vector{HadrState::RemoteCatchup, HadrState::RemoteCatchupPending,
                                       HadrState::RemoteCatchup}));
}

}  // namespace hadr_states_test
}  // namespace simhadr
