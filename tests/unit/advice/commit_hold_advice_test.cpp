// -maxCommitHold's advice against the rules of HADR's states, and against
// -model run with the settings it names.
#include "simhadr/advice/commit_hold_advice.hpp"

#include <gtest/gtest.h>

#include "virtual_time/virtual_run.hpp"

namespace simhadr {
namespace commit_hold_advice_test {

CommitHoldAsk ask(SyncMode mode, double max_hold) {
  CommitHoldAsk ask;
  ask.mode = mode;
  ask.max_hold_seconds = max_hold;
  ask.hadr_timeout_seconds = 120;
  ask.log_bytes_per_sec = 4e6;
  ask.outage_seconds = 30;
  return ask;
}

TEST(CommitHoldAdvice, SyncAndNearSyncGiveUpAfterIbmsLeastWaitLimitAndHoldTheRestInTheWindow) {
  for (const SyncMode mode : {SyncMode::Sync, SyncMode::NearSync}) {
    const CommitHoldAdvice advice = advise_commit_hold(ask(mode, 20));
    EXPECT_EQ(advice.allowed_seconds, 120);  // Db2's defaults: the timeout alone
    EXPECT_EQ(advice.wait_limit_seconds, 5);
    EXPECT_EQ(advice.window_seconds, 15);
    EXPECT_EQ(advice.bytes_at_risk, 4e6 * 10);  // the 10 s committed alone
  }
  // A bound under the least wait limit is all wait limit.
  const CommitHoldAdvice tight = advise_commit_hold(ask(SyncMode::Sync, 2));
  EXPECT_EQ(tight.wait_limit_seconds, 2);
  EXPECT_FALSE(tight.window_seconds);
}

TEST(CommitHoldAdvice, TheSettingsGivenHoldUntilTheFirstOfLimitAndTimeoutThenTheWindow) {
  CommitHoldAsk given = ask(SyncMode::NearSync, 20);
  given.peer_wait_limit_seconds = 10;
  given.peer_window_seconds = 30;
  EXPECT_EQ(advise_commit_hold(given).allowed_seconds, 40);
  given.mode = SyncMode::Async;  // no window in ASYNC
  EXPECT_EQ(advise_commit_hold(given).allowed_seconds, 10);
  given.hadr_timeout_seconds = 0;
  given.peer_wait_limit_seconds = 0;
  EXPECT_FALSE(advise_commit_hold(given).allowed_seconds);  // as long as the link is down
}

TEST(CommitHoldAdvice, AsyncSpendsItAllOnTheWaitLimitAndSuperAsyncHasNothingToSet) {
  const CommitHoldAdvice async = advise_commit_hold(ask(SyncMode::Async, 20));
  EXPECT_EQ(async.wait_limit_seconds, 20);
  EXPECT_FALSE(async.window_seconds);
  const CommitHoldAdvice superasync = advise_commit_hold(ask(SyncMode::SuperAsync, 20));
  EXPECT_FALSE(superasync.wait_limit_seconds);
  EXPECT_NE(
      commit_hold_advice_text(ask(SyncMode::SuperAsync, 20), superasync).find("nothing to set"),
      std::string::npos);
}

TEST(CommitHoldAdvice, TargetsPaceCommitsTheHeldLogAtOnceSoTheWholeOutageIsAtRisk) {
  CommitHoldAsk paced = ask(SyncMode::NearSync, 20);
  paced.makes_up_held_log = true;
  EXPECT_EQ(advise_commit_hold(paced).bytes_at_risk, 4e6 * 30);
  paced.outage_seconds = 15;  // back within the hold: nothing committed alone
  EXPECT_EQ(advise_commit_hold(paced).bytes_at_risk, 0);
}

// The model, run with what the advice names, holds commits no longer than the bound, and its
// log gap is the advice's bytes at risk.
TEST(CommitHoldAdvice, TheModelWithTheAdvisedSettingsKeepsWithinTheBound) {
  for (const double bound : {8.0, 20.0}) {
    const CommitHoldAsk asked = ask(SyncMode::NearSync, bound);
    const CommitHoldAdvice advice = advise_commit_hold(asked);
    VirtualRunPlan plan;
    plan.mode = asked.mode;
    plan.run_time = from_seconds(60);
    plan.network.rate = 12.5_MBps;
    plan.target = MBytesPerSec{4};
    plan.outages = OutagePlan{*asked.outage_seconds, std::nullopt};
    plan.peer_wait_limit = from_seconds(*advice.wait_limit_seconds);
    plan.peer_window = from_seconds(*advice.window_seconds);
    FixedFlushSize sizes(16);
    const StopSource never;
    const VirtualOutcome out = run_virtual(plan, sizes, never);
    EXPECT_LE(to_seconds(out.primary.failure_record->longest.duration), bound + 1e-6);
    EXPECT_NEAR(to_seconds(out.primary.failure_record->longest.duration), bound, 0.02 * bound);
    CommitHoldAsk paced = asked;
    paced.makes_up_held_log = true;
    const double at_risk = *advise_commit_hold(paced).bytes_at_risk;
    EXPECT_NEAR(static_cast<double>(out.primary.log_gap->worst_bytes), at_risk, 0.01 * at_risk);
  }
}

}  // namespace commit_hold_advice_test
}  // namespace simhadr
