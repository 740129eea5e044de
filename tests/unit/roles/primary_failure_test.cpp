// The real primary through a failure of its link, on a fake clock: the acks
// stop, it gives up at the wait limit, holds commits for the window, goes on
// alone, and takes the standby back when it knocks with a resume request.
#include <gtest/gtest.h>

#include <sstream>

#include "fakes/fake_clock.hpp"
#include "fakes/fake_standby_link.hpp"
#include "roles/primary.hpp"
#include "simhadr/wire/resume.hpp"

namespace simhadr {
// Named, not anonymous: a unity build puts this file beside others of the same helpers.
namespace primary_failure {

using namespace std::chrono_literals;
using testing::FakeClock;
using testing::FakeStandbyLink;

constexpr std::string_view kToken = "0123456789abcdef";

// The standby's side of a new connection: its resume request to read, and the answer taken.
class ResumeRequestSide final : public Transport {
 public:
  explicit ResumeRequestSide(std::uint64_t received) {
    const auto request = encode_resume({std::string(kToken), received});
    request_.assign(request.begin(), request.end());
  }
  IoStep send_some(std::span<const char> data) override {
    answer_.append(data.data(), data.size());
    return {data.size(), false};
  }
  IoStep recv_some(std::span<char> into) override {
    const std::size_t n = std::min(into.size(), request_.size());
    std::copy_n(request_.data(), n, into.data());
    request_.erase(0, n);
    return {n, n == 0};
  }
  bool wait_writable(Nanos) override { return true; }
  bool wait_readable(Nanos) override { return !request_.empty(); }
  void close() override {}
  std::string answer_;

 private:
  std::string request_;
};

// Knocks from `back_at` on; the new connection leads to a standby that acks everything.
class FakeRenewal final : public LinkRenewal {
  FakeClock& clock_;
  Link& link_;
  const FakeStandbyLink& old_side_;
  Clock::time_point back_at_;
  RunLog& log_;

 public:
  FakeRenewal(FakeClock& clock, Link& link, const FakeStandbyLink& old_side,
              Clock::time_point back_at, RunLog& log)
      : clock_(clock), link_(link), old_side_(old_side), back_at_(back_at), log_(log) {}

  bool knocking() override { return !adopted_ && clock_.now() >= back_at_; }
  Link* candidate(Nanos) override {
    if (!knocking()) return nullptr;
    // It has every byte the old link took: only its acks were lost.
    request_.emplace(old_side_.log_bytes());
    candidate_.emplace(*request_, clock_, stop_, log_);
    return &*candidate_;
  }
  void adopt(std::uint64_t, std::uint64_t, const std::optional<CompressionChoice>&) override {
    adopted_ = true;
    link_.rebind(fresh_);
  }
  void drop() override { candidate_.reset(); }
  void abandon() override { abandoned_at_ = clock_.now(); }
  Nanos attempt_bound() const override { return 100ms; }

  std::vector<std::string> fresh_events_;
  FakeStandbyLink fresh_{clock_, fresh_events_, {.one_way = 10us, .acks = true}};
  std::optional<ResumeRequestSide> request_;
  std::optional<Clock::time_point> abandoned_at_;

 private:
  StopSource stop_;
  std::optional<Link> candidate_;
  bool adopted_ = false;
};

TEST(PrimaryFailure, NearSyncHoldsForTheWindowGoesOnAloneAndShipsTheGapOnReturn) {
  std::vector<std::string> events;
  FakeClock clock(&events);
  const auto start = clock.now();
  FakeStandbyLink old_side(clock, events, {.one_way = 10us, .acks = true, .acked_flushes = 3});
  std::ostringstream output;
  RunLog log(output, false);
  StopSource stop;
  Link link(old_side, clock, stop, log);
  FixedFlushSize sizes(2);
  LinearDisk disk({50.0_MBps, 0.001});
  FakeRenewal renewal(clock, link, old_side, start + 4s, log);
  PrimaryPlan plan;
  plan.mode = SyncMode::NearSync;
  plan.run_time = 6s;
  plan.peer_wait_limit = 1s;
  plan.peer_window = 1500ms;
  plan.handshake = {SyncMode::NearSync, 2, "2026-12-05_00:00:00_UTC", {}, {}, std::string(kToken)};
  plan.settings.mode = SyncMode::NearSync;
  plan.settings.flush_pages = 2;
  plan.settings.peer_wait_limit = plan.peer_wait_limit;
  plan.settings.peer_window = plan.peer_window;
  plan.renewal = &renewal;
  Primary primary(plan, sizes, disk, link, clock, stop, log);
  const RoleOutcome outcome = primary.run();

  ASSERT_EQ(outcome.end, RunEnd::Completed) << outcome.failure << output.str();
  ASSERT_TRUE(outcome.result.failure_record);
  const FailureRecord& record = *outcome.result.failure_record;
  std::vector<std::pair<HadrState, StateCause>> changes;
  for (const StateChange& change : record.changes) changes.emplace_back(change.to, change.why);
  EXPECT_EQ(changes, (std::vector<std::pair<HadrState, StateCause>>{
                         {HadrState::DisconnectedPeer, StateCause::PeerWaitLimit},
                         {HadrState::RemoteCatchupPending, StateCause::PeerWindow},
                         {HadrState::RemoteCatchup, StateCause::StandbyBack},
                         {HadrState::Peer, StateCause::CaughtUp}}));
  // The wait limit and the window; the limit is seen within one wait's slice.
  EXPECT_GE(record.longest.duration, 2500ms);
  EXPECT_LE(record.longest.duration, 2500ms + kDeadlineSlice);
  EXPECT_EQ(record.longest.ended_by, StateCause::PeerWindow);
  // The connection was dropped when the primary gave up, at the wait limit.
  ASSERT_TRUE(renewal.abandoned_at_);
  EXPECT_EQ(*renewal.abandoned_at_ - start, record.changes[0].at);
  // The standby came back with all the old link took: the new one carries the
  // answer, then the log written since, and every flush reached one or the other.
  EXPECT_EQ(renewal.request_->answer_, std::string(kResumeTaken));
  EXPECT_EQ(old_side.log_bytes() + renewal.fresh_.log_bytes(),
            pages_to_bytes(2) * outcome.result.flushes.calls);
  EXPECT_GT(record.changes[2].at, 4s);
  EXPECT_LT(record.changes[2].at, 4s + 10ms);
}

}  // namespace primary_failure
}  // namespace simhadr
