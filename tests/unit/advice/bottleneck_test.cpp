// The advisor on modelled runs, where every part of a flush is known.
#include "simhadr/advice/bottleneck.hpp"

#include <gtest/gtest.h>

#include "model/virtual_run.hpp"

namespace simhadr {
namespace {

Bottleneck advise_model(VirtualRunPlan plan, std::uint32_t flush_pages = 16) {
  plan.run_time = from_seconds(5);
  FixedFlushSize sizes(flush_pages);
  const StopSource never;
  const VirtualOutcome out = run_virtual(plan, sizes, never);
  return advise(out.primary, &out.standby);
}

double forecast(const Bottleneck& b, SyncMode mode) {
  for (const ModeForecast& f : b.modes) {
    if (f.mode == mode) return f.mbytes_per_sec;
  }
  return -1;
}

TEST(Advisor, AFastNetworkLeavesTheDisk) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.disk = DiskParams{50, 0.001};
  const Bottleneck b = advise_model(plan);
  EXPECT_EQ(b.resource, Resource::PrimaryDisk);
  EXPECT_NEAR(b.measured_mbytes_per_sec, forecast(b, SyncMode::Async), 0.01);
  EXPECT_FALSE(b.covering_socket_buffer);
}

TEST(Advisor, NearSyncOverALongRoundTripNamesIt) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::NearSync;
  plan.disk = DiskParams{200, 0.0005};
  plan.network = {0.01, 100.0};
  const Bottleneck b = advise_model(plan);
  EXPECT_EQ(b.resource, Resource::RoundTrip);
  EXPECT_NEAR(b.costs.round_trip, 0.02, 1e-9);
  EXPECT_EQ(*b.covering_socket_buffer, 2'000'000u);  // 100 MB/s x 20 ms
  // The forecast for the mode that ran is what it measured.
  EXPECT_NEAR(forecast(b, SyncMode::NearSync), b.measured_mbytes_per_sec,
              b.measured_mbytes_per_sec * 0.01);
  EXPECT_LT(forecast(b, SyncMode::Sync), forecast(b, SyncMode::NearSync));
  EXPECT_GT(forecast(b, SyncMode::Async), forecast(b, SyncMode::NearSync));
}

TEST(Advisor, SmallBuffersOnAWanNameTheWindow) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.network = {0.005, 12.5};
  plan.window_bytes = 65536;
  const Bottleneck b = advise_model(plan);
  EXPECT_EQ(b.resource, Resource::SocketBufferWindow);
  EXPECT_EQ(*b.covering_socket_buffer, 125'000u);
  EXPECT_EQ(resource_name(b.resource), "socket buffer window");
}

TEST(Advisor, ASlowReplayIsNamed) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.disk = DiskParams{200, 0.0002};
  plan.replay = DiskParams{20, 0};
  const Bottleneck b = advise_model(plan);
  EXPECT_EQ(b.resource, Resource::StandbyReplay);
  EXPECT_NEAR(forecast(b, SyncMode::Async), 20.0, 1e-6);
}

TEST(Advisor, ASyncRunIsLimitedByItsLargestPart) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Sync;
  plan.disk = DiskParams{500, 0.0001};
  plan.network = {0.0001, 10.0};  // sending 64 KiB takes 6.5 ms
  const Bottleneck b = advise_model(plan);
  EXPECT_EQ(b.resource, Resource::NetworkBandwidth);
}

TEST(Advisor, AStandbyWhoseBufferWasRarelyFullIsNotTheLimit) {
  RunResult standby;
  standby.role = Role::Standby;
  standby.elapsed = from_seconds(10);
  standby.buffer_use = BufferUse{65536};
  standby.buffer_use->note(from_seconds(0), 65536);
  standby.buffer_use->note(from_seconds(0.5), 0);
  standby.buffer_use->note(from_seconds(10), 0);
  EXPECT_EQ(advise_standby(standby).resource, Resource::NotThisStandby);
  standby.buffer_use->note(from_seconds(10), 65536);
  standby.buffer_use->note(from_seconds(12), 65536);
  standby.elapsed = from_seconds(12);
  standby.replay_model = DiskParams{10, 0};
  EXPECT_EQ(advise_standby(standby).resource, Resource::StandbyReplay);
}

}  // namespace
}  // namespace simhadr
