// -model through an outage of the link, against the rules of HADR's states
// (docs/guide/failure-costs.md): the primary gives up on the standby at the first of
// -peerWaitLimit and -hadrTimeout, holds commits for -peerWindow in SYNC and
// NEARSYNC, goes on alone, and ships what it wrote once the link is back.
// Virtual time is exact: the tolerances are a flush's.
#include <gtest/gtest.h>

#include "simhadr/models/network.hpp"
#include "virtual_time/virtual_run.hpp"

namespace simhadr {
namespace failure_states_test {

constexpr double kLogRate = 4.0;  // R, MB/s
constexpr double kOutage = 30.0;  // D, in the middle of a 60 s run
constexpr double kRun = 60.0;
constexpr double kOutageStart = (kRun - kOutage) / 2;
const double kPayload = 12.5 * NetworkModel::kPayloadShare;  // C, MB/s

struct Failure {
  double wait_limit = 0;
  double window = 0;
  double timeout = kDefaultHadrTimeoutSeconds;
};

// R MB/s of log on a 100 Mbit link, with these settings; `outages` as -netOutage plans them.
VirtualRunPlan plan_with(SyncMode mode, Failure failure, std::optional<OutagePlan> outages,
                         double run = kRun) {
  VirtualRunPlan plan;
  plan.mode = mode;
  plan.run_time = from_seconds(run);
  plan.network.rate = 12.5_MBps;
  plan.target = MBytesPerSec{kLogRate};
  plan.outages = outages;
  plan.peer_wait_limit = from_seconds(failure.wait_limit);
  plan.peer_window = from_seconds(failure.window);
  plan.hadr_timeout = from_seconds(failure.timeout);
  return plan;
}

VirtualOutcome run_plan(const VirtualRunPlan& plan, std::uint32_t flush_pages = 16) {
  FixedFlushSize sizes(flush_pages);
  const StopSource never;
  return run_virtual(plan, sizes, never);
}

// D seconds in the middle of the run.
VirtualOutcome run_through_outage(SyncMode mode, Failure failure) {
  return run_plan(plan_with(mode, failure, OutagePlan{kOutage, std::nullopt}));
}

std::vector<HadrState> path(const FailureRecord& record) {
  std::vector<HadrState> seen;
  for (const StateChange& change : record.changes) {
    if (seen.empty()) seen.push_back(change.from);
    seen.push_back(change.to);
  }
  return seen;
}

// A flush's time at R: how far the first held flush may begin after the outage.
const double kFlushSeconds = 16 * 4096 / (kLogRate * 1e6);

void expect_hold(const FailureRecord& record, double seconds) {
  EXPECT_NEAR(to_seconds(record.longest.duration), seconds, 0.02 * seconds);
  EXPECT_NEAR(to_seconds(record.longest.at), kOutageStart, kFlushSeconds);
}

// Everything written reached the standby: the gap went after the outage.
void expect_all_shipped(const VirtualOutcome& out) {
  EXPECT_EQ(out.standby.flushes.bytes, out.primary.flushes.bytes);
}

TEST(FailureStates, TheWaitLimitThenThePeerWindowHoldCommitsThenThePrimaryGoesOnAlone) {
  for (const SyncMode mode : {SyncMode::Sync, SyncMode::NearSync}) {
    const VirtualOutcome out = run_through_outage(mode, {5, 10});
    const FailureRecord& record = *out.primary.failure_record;
    expect_hold(record, 15);
    EXPECT_EQ(record.longest.detected_by, StateCause::PeerWaitLimit);
    EXPECT_EQ(record.longest.ended_by, StateCause::PeerWindow);
    EXPECT_NEAR(to_seconds(*record.longest.detected_after), 5, 1e-6);
    EXPECT_EQ(path(record), (std::vector{HadrState::Peer, HadrState::DisconnectedPeer,
                                         HadrState::RemoteCatchupPending, HadrState::RemoteCatchup,
                                         HadrState::Peer}));
    EXPECT_EQ(to_seconds(record.changes[2].at), kOutageStart + kOutage);
    expect_all_shipped(out);
    // -target's pace makes up what the hold cost, so at the outage's end the gap is its whole
    // log; it drains at what the link carries beyond R.
    const LogGap& gap = *out.primary.log_gap;
    EXPECT_NEAR(static_cast<double>(gap.worst_bytes), kLogRate * 1e6 * kOutage,
                0.01 * kLogRate * 1e6 * kOutage);
    const double drain = kLogRate * kOutage / (kPayload - kLogRate);
    EXPECT_NEAR(to_seconds(*gap.catch_up), drain, 0.02 * drain);
    EXPECT_NEAR(to_seconds(record.changes[3].at), kOutageStart + kOutage + drain, 0.02 * drain);
  }
}

TEST(FailureStates, WithoutAWindowTheWaitLimitAloneHoldsThem) {
  const VirtualOutcome out = run_through_outage(SyncMode::NearSync, {5, 0});
  const FailureRecord& record = *out.primary.failure_record;
  expect_hold(record, 5);
  EXPECT_EQ(record.longest.ended_by, StateCause::PeerWaitLimit);
  EXPECT_EQ(path(record), (std::vector{HadrState::Peer, HadrState::RemoteCatchupPending,
                                       HadrState::RemoteCatchup, HadrState::Peer}));
  expect_all_shipped(out);
}

TEST(FailureStates, WithNeitherTheTimeoutOrTheOutagesEndReleasesThemWhicheverIsFirst) {
  const VirtualOutcome timed_out = run_through_outage(SyncMode::Sync, {0, 0, 20});
  expect_hold(*timed_out.primary.failure_record, 20 - kFlushSeconds / 2);
  EXPECT_EQ(timed_out.primary.failure_record->longest.detected_by, StateCause::HadrTimeout);
  EXPECT_EQ(to_seconds(timed_out.primary.failure_record->changes.front().at), kOutageStart + 20);
  // Db2's 120 s outlasts the outage: the pair stays in peer and the commit waits it out.
  const VirtualOutcome waited = run_through_outage(SyncMode::Sync, {});
  expect_hold(*waited.primary.failure_record, kOutage - kFlushSeconds / 2);
  EXPECT_TRUE(waited.primary.failure_record->changes.empty());
  EXPECT_EQ(waited.primary.failure_record->longest.ended_by, StateCause::Shipped);
}

TEST(FailureStates, AStandbyBackWithinTheWindowReleasesTheHeldCommitsThen) {
  const VirtualOutcome out = run_through_outage(SyncMode::NearSync, {5, 60});
  const FailureRecord& record = *out.primary.failure_record;
  EXPECT_EQ(record.longest.ended_by, StateCause::StandbyBack);
  expect_hold(record, kOutage - kFlushSeconds / 2);
  EXPECT_EQ(path(record), (std::vector{HadrState::Peer, HadrState::DisconnectedPeer,
                                       HadrState::RemoteCatchup, HadrState::Peer}));
  expect_all_shipped(out);
}

TEST(FailureStates, AsyncHasNoPeerWindowItsLogWaitsForTheSendBufferUntilTheWaitLimit) {
  const VirtualOutcome out = run_through_outage(SyncMode::Async, {5, 10});
  const FailureRecord& record = *out.primary.failure_record;
  EXPECT_NEAR(to_seconds(record.longest.duration), 5, 1e-6);
  // It waits once the window is full: the window's log after the outage began.
  const double filled = static_cast<double>(kAutotunedWindowBytes) / (kLogRate * 1e6);
  EXPECT_NEAR(to_seconds(record.longest.at), kOutageStart + filled, 2 * kFlushSeconds);
  EXPECT_EQ(path(record), (std::vector{HadrState::Peer, HadrState::RemoteCatchupPending,
                                       HadrState::RemoteCatchup, HadrState::Peer}));
  expect_all_shipped(out);
}

TEST(FailureStates, SuperAsyncCommitsNeverWaitAndOnlyTheTimeoutChangesItsState) {
  const VirtualOutcome limit = run_through_outage(SyncMode::SuperAsync, {5, 10});
  EXPECT_FALSE(limit.primary.failure_record->commits_wait);
  EXPECT_TRUE(limit.primary.failure_record->changes.empty());
  EXPECT_EQ(limit.primary.failure_record->held, Nanos{0});
  const VirtualOutcome timed_out = run_through_outage(SyncMode::SuperAsync, {0, 0, 20});
  EXPECT_EQ(path(*timed_out.primary.failure_record),
            (std::vector{HadrState::RemoteCatchup, HadrState::RemoteCatchupPending,
                         HadrState::RemoteCatchup}));
  expect_all_shipped(timed_out);
}

TEST(FailureStates, WithoutAnOutageNothingChangesAndEveryRunIsAsBefore) {
  const VirtualOutcome with = run_plan(plan_with(SyncMode::NearSync, {1, 1}, std::nullopt, 5));
  const VirtualOutcome without = run_plan(plan_with(SyncMode::NearSync, {}, std::nullopt, 5));
  EXPECT_TRUE(with.primary.failure_record->changes.empty());
  EXPECT_EQ(with.primary.flushes.bytes, without.primary.flushes.bytes);
  EXPECT_EQ(with.primary.elapsed, without.primary.elapsed);
}

// A standby only slow (its replay holds a flush past the wait limit) is given up on over a link
// that works: it connects again at once and catches up in remote catch-up.
TEST(FailureStates, ASlowStandbyGivenUpOnReconnectsAndCatchesUp) {
  VirtualRunPlan plan = plan_with(SyncMode::NearSync, {2, 1}, std::nullopt, 30);
  plan.network = {};
  plan.target = MBytesPerSec{5};
  plan.replay = DiskParams{MBytesPerSec{0.4}, 0};
  plan.buffer_pages = 256;
  const VirtualOutcome out = run_plan(plan, 256);
  const FailureRecord& record = *out.primary.failure_record;
  EXPECT_EQ(path(record), (std::vector{HadrState::Peer, HadrState::DisconnectedPeer,
                                       HadrState::RemoteCatchup, HadrState::Peer}));
  EXPECT_EQ(record.changes[1].at, record.changes[0].at);  // no round trip on this link
  EXPECT_NEAR(to_seconds(record.longest.duration), 2, 1e-6);
  expect_all_shipped(out);
}

// Db2 leaves remote catch-up for remote catch-up pending when the timeout finds the link silent.
TEST(FailureStates, AnOutageInRemoteCatchUpEndsItAtTheTimeout) {
  // Outages 10-18, 20-28, ...: catch-up after one runs into the next.
  const VirtualOutcome out = run_plan(plan_with(SyncMode::NearSync, {1, 0, 4}, OutagePlan{8, 10}));
  bool timed_out_in_catch_up = false;
  for (const StateChange& change : out.primary.failure_record->changes) {
    timed_out_in_catch_up |= change.from == HadrState::RemoteCatchup &&
                             change.to == HadrState::RemoteCatchupPending &&
                             change.why == StateCause::HadrTimeout;
  }
  EXPECT_TRUE(timed_out_in_catch_up);
  expect_all_shipped(out);
}

// A takeover replays what the standby wrote and has not replayed: in the buffer and the spool.
TEST(TakeoverCost, IsTheUnreplayedLogOverTheReplayRate) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.run_time = from_seconds(kRun);
  plan.target = MBytesPerSec{10};
  plan.replay = DiskParams{5.0_MBps, 0};
  plan.spool_limit_pages = 1000;
  FixedFlushSize sizes(16);
  const StopSource never;
  const VirtualOutcome out = run_virtual(plan, sizes, never);
  ASSERT_TRUE(out.standby.takeover);
  const TakeoverCost& takeover = *out.standby.takeover;
  EXPECT_EQ(takeover.at_end.bytes, out.standby.replay_backlog.bytes);
  const double expected = static_cast<double>(takeover.at_end.bytes) / 5e6;
  EXPECT_NEAR(to_seconds(takeover.at_end.replay), expected, 0.02 * expected);
  // The spool fills to its limit, and the buffer with it: that is the most there is to replay.
  const double most = static_cast<double>(
      out.standby.spool->max_bytes + pages_to_bytes(out.standby.settings.receive_buffer_pages));
  EXPECT_NEAR(static_cast<double>(takeover.worst.bytes), most, pages_to_bytes(16));
}

// An unlimited spool grows by what the log brings beyond replay, and so does the takeover.
TEST(TakeoverCost, GrowsWithTheSpoolIntervalByInterval) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.run_time = from_seconds(10);
  plan.target = MBytesPerSec{10};
  plan.replay = DiskParams{5.0_MBps, 0};
  plan.spool_limit_pages = kUnlimitedSpool;
  plan.interval = from_seconds(2);
  FixedFlushSize sizes(16);
  const StopSource never;
  const VirtualOutcome out = run_virtual(plan, sizes, never);
  const std::vector<IntervalSample>& intervals = out.standby.intervals;
  ASSERT_GE(intervals.size(), 5u);
  for (std::size_t i = 1; i < 5; ++i) {
    const double grew =
        static_cast<double>(*intervals[i].spool_bytes - *intervals[i - 1].spool_bytes);
    const double expected = (10e6 - 5e6) * to_seconds(intervals[i].end - intervals[i].start);
    EXPECT_NEAR(grew, expected, 0.02 * expected) << "interval " << i;
    // What the spool and the full buffer hold, over the replay rate.
    const double unreplayed = static_cast<double>(
        *intervals[i].spool_bytes + pages_to_bytes(out.standby.settings.receive_buffer_pages));
    EXPECT_NEAR(to_seconds(*intervals[i].takeover_replay), unreplayed / 5e6,
                0.02 * unreplayed / 5e6);
  }
}

}  // namespace failure_states_test
}  // namespace simhadr
