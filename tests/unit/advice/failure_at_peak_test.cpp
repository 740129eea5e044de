// -calculate -model's failure lines: closed forms on the rules HadrStates follows.
#include "simhadr/advice/failure_at_peak.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace failure_at_peak_test {

WorkloadInterval peak(double mib_per_sec, double seconds = 60) {
  WorkloadInterval interval;
  interval.timestamp = "2013-02-26 15:32:09";
  interval.rate = MiBPerSec{mib_per_sec};
  interval.seconds = seconds;
  interval.flush_pages = 16;
  return interval;
}

FailurePlan plan(SyncMode mode, double outage) {
  FailurePlan plan;
  plan.settings.mode = mode;
  plan.settings.hadr_timeout_seconds = 120;
  plan.settings.outage_seconds = outage;
  plan.window_bytes = 6291456;
  plan.standby_holds_bytes = 1 << 30;
  return plan;
}

TEST(FailureAtPeak, AnOutageHoldsCommitsUntilTheSettingsGiveUpOrItEnds) {
  FailurePlan sync = plan(SyncMode::Sync, 30);
  EXPECT_EQ(failure_at_peak(sync, peak(4)).hold_seconds, 30);  // the 120 s timeout outlasts it
  EXPECT_FALSE(failure_at_peak(sync, peak(4)).hold_bounded_by_settings);
  sync.settings.peer_wait_limit_seconds = 5;
  sync.settings.peer_window_seconds = 10;
  EXPECT_EQ(failure_at_peak(sync, peak(4)).hold_seconds, 15);
  EXPECT_TRUE(failure_at_peak(sync, peak(4)).hold_bounded_by_settings);
  EXPECT_EQ(failure_at_peak(plan(SyncMode::SuperAsync, 30), peak(4)).hold_seconds, 0);
}

TEST(FailureAtPeak, AsyncWaitsOnlyOnceItsSendBufferIsFull) {
  const ModeFailure async = failure_at_peak(plan(SyncMode::Async, 30), peak(6.0));
  const double fill = 6291456 / (6.0 * 1048576);  // the window at the peak's rate: 1 s
  EXPECT_NEAR(*async.hold_seconds, 30 - fill, 1e-9);
}

TEST(FailureAtPeak, ATakeoverReplaysWhatThePeakWroteBeyondReplayUpToWhatTheStandbyHolds) {
  FailurePlan replayed = plan(SyncMode::NearSync, 30);
  replayed.replay = DiskParams{MBytesPerSec{4}, 0};
  // 5 MB/s of log (5e6 / 2^20 MiB/s) for 60 s against 4 MB/s of replay: 60 MB behind, 15 s.
  const ModeFailure behind = failure_at_peak(replayed, peak(5e6 / 1048576.0));
  EXPECT_NEAR(static_cast<double>(behind.takeover_bytes), 60e6, 1);
  EXPECT_NEAR(*behind.takeover_seconds, 15, 1e-6);
  replayed.standby_holds_bytes = 8000000;  // a full buffer and spool hold the primary back
  EXPECT_NEAR(*failure_at_peak(replayed, peak(5e6 / 1048576.0)).takeover_seconds, 2, 1e-6);
  // Replay that keeps up has one flush to finish.
  EXPECT_EQ(failure_at_peak(replayed, peak(1)).takeover_bytes, 16u * 4096);
}

}  // namespace failure_at_peak_test
}  // namespace simhadr
