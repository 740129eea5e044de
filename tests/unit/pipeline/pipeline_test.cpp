#include <gtest/gtest.h>

#include <chrono>
#include <vector>

#include "simhadr/pipeline/flush_steps.hpp"
#include "simhadr/pipeline/pacing.hpp"
#include "simhadr/pipeline/run_limits.hpp"

namespace simhadr {
namespace {

using enum FlushStep;

std::vector<FlushStep> steps_of(SyncMode mode) {
  const FlushSteps steps(rules_for(mode));
  return {steps.all().begin(), steps.all().end()};
}

TEST(FlushSteps, SyncWritesBeforeShippingAndWaitsForTheAck) {
  EXPECT_EQ(steps_of(SyncMode::Sync),
            (std::vector{StartIo, AwaitIo, Send, AwaitAck, Shipped, Finish}));
}

TEST(FlushSteps, NearSyncShipsWhileItWritesAndWaitsForTheAck) {
  EXPECT_EQ(steps_of(SyncMode::NearSync),
            (std::vector{StartIo, Send, AwaitAck, Shipped, AwaitIo, Finish}));
}

TEST(FlushSteps, AsyncAndSuperAsyncShipWithoutAnAck) {
  const std::vector expected{StartIo, Send, Shipped, AwaitIo, Finish};
  EXPECT_EQ(steps_of(SyncMode::Async), expected);
  EXPECT_EQ(steps_of(SyncMode::SuperAsync), expected);
}

TEST(RunLimits, EndsAtTheFlushCountOrTheTimeWhicheverComesFirst) {
  const RunLimits limits{10, std::chrono::seconds(2)};
  EXPECT_FALSE(limits.reached(9, std::chrono::seconds(1)));
  EXPECT_TRUE(limits.reached(10, std::chrono::seconds(1)));
  EXPECT_TRUE(limits.reached(3, std::chrono::seconds(2)));
  EXPECT_FALSE(RunLimits{}.reached(1'000'000, std::chrono::hours(24)));
}

TEST(Pacing, HoldsTheNextFlushUntilTheAverageIsBackAtTheTarget) {
  const Pacing pacing(10.0_MBps);  // 10 MB/s: 1 MB takes 100 ms
  const Clock::time_point start{};
  EXPECT_EQ(pacing.resume_at(start, 1'000'000, start + std::chrono::milliseconds(40)),
            start + std::chrono::milliseconds(100));
  EXPECT_EQ(pacing.resume_at(start, 1'000'000, start + std::chrono::milliseconds(150)),
            start + std::chrono::milliseconds(150));
  ASSERT_TRUE(pacing.initial_stats());
  EXPECT_EQ(pacing.initial_stats()->mbytes_per_sec, 10.0);
}

TEST(Pacing, WithoutATargetNothingWaits) {
  const Pacing pacing(std::nullopt);
  const Clock::time_point now = Clock::time_point{} + std::chrono::milliseconds(5);
  EXPECT_EQ(pacing.resume_at({}, 1'000'000'000, now), now);
  EXPECT_FALSE(pacing.initial_stats());
}

}  // namespace
}  // namespace simhadr
