// The advisor on modelled runs, where every part of a flush is known, and on
// real primaries, from what they and their TCP connection measured.
#include "simhadr/advice/bottleneck.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>

#include <utility>

#include "simhadr/models/network.hpp"
#include "simhadr/report/evidence_text.hpp"
#include "virtual_time/virtual_run.hpp"

namespace simhadr {
namespace {

// A modelled run of 5 seconds, and the advisor's verdict on it.
struct AdvisedRun {
  VirtualOutcome outcome;
  Bottleneck bottleneck;
};

AdvisedRun advised_model_run(VirtualRunPlan plan, std::uint32_t flush_pages = 16) {
  plan.run_time = from_seconds(5);
  FixedFlushSize sizes(flush_pages);
  const StopSource never;
  VirtualOutcome out = run_virtual(plan, sizes, never);
  Bottleneck bottleneck = advise(out.primary, &out.standby);
  return {std::move(out), std::move(bottleneck)};
}

Bottleneck advise_model(VirtualRunPlan plan, std::uint32_t flush_pages = 16) {
  return advised_model_run(std::move(plan), flush_pages).bottleneck;
}

double forecast(const Bottleneck& b, SyncMode mode) {
  for (const ModeForecast& f : b.modes) {
    if (f.mode == mode) return f.mbytes_per_sec;
  }
  return -1;
}

// The verdict names `resource`, and its evidence says `words`.
void expect_verdict(const Bottleneck& b, Resource resource, std::string_view words) {
  EXPECT_EQ(b.resource, resource) << evidence_text(b.evidence);
  EXPECT_NE(evidence_text(b.evidence).find(words), std::string::npos) << evidence_text(b.evidence);
}

TEST(Advisor, AFastNetworkLeavesTheDisks) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.disk = DiskParams{50_MBps, 0.001};
  const Bottleneck b = advise_model(plan);
  EXPECT_EQ(b.resource, Resource::BothDisks);
  EXPECT_NEAR(b.measured_mbytes_per_sec, forecast(b, SyncMode::Async), 0.01);
  EXPECT_FALSE(b.covering_socket_buffer);
}

TEST(Advisor, NearSyncOverALongRoundTripNamesIt) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::NearSync;
  plan.disk = DiskParams{200_MBps, 0.0005};
  plan.network = {0.01, 100.0_MBps};
  const Bottleneck b = advise_model(plan);
  EXPECT_EQ(b.resource, Resource::RoundTrip);
  EXPECT_NEAR(b.costs.round_trip, 0.02, 1e-9);
  // 100 MB/s on the wire, 94.1% of it payload, x 20 ms.
  EXPECT_EQ(*b.covering_socket_buffer,
            static_cast<std::uint64_t>(2'000'000 * NetworkModel::kPayloadShare));
  // The forecast for the mode that ran is what it measured.
  EXPECT_NEAR(forecast(b, SyncMode::NearSync), b.measured_mbytes_per_sec,
              b.measured_mbytes_per_sec * 0.01);
  EXPECT_LT(forecast(b, SyncMode::Sync), forecast(b, SyncMode::NearSync));
  EXPECT_GT(forecast(b, SyncMode::Async), forecast(b, SyncMode::NearSync));
}

TEST(Advisor, SmallBuffersOnAWanNameTheWindow) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.network = {0.005, 12.5_MBps};
  plan.window_bytes = 65536;
  const Bottleneck b = advise_model(plan);
  EXPECT_EQ(b.resource, Resource::SocketBufferWindow);
  EXPECT_EQ(*b.covering_socket_buffer,
            static_cast<std::uint64_t>(125'000 * NetworkModel::kPayloadShare));
  EXPECT_EQ(resource_name(b.resource), "socket buffer window");
}

TEST(Advisor, ASlowReplayIsNamed) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.disk = DiskParams{200_MBps, 0.0002};
  plan.replay = DiskParams{20_MBps, 0};
  const Bottleneck b = advise_model(plan);
  EXPECT_EQ(b.resource, Resource::StandbyReplay);
  EXPECT_NEAR(forecast(b, SyncMode::Async), 20.0, 1e-6);
}

TEST(Advisor, AHeadlineAboveTheReplayLimitOwesTheExcessToTheStandbysBuffer) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.replay = DiskParams{20_MBps, 0};
  const auto [out, b] = advised_model_run(plan);
  ASSERT_EQ(b.resource, Resource::StandbyReplay);
  ASSERT_GT(b.measured_mbytes_per_sec, forecast(b, SyncMode::Async));
  ASSERT_TRUE(b.evidence.replayed_seconds);
  EXPECT_EQ(*b.evidence.replayed_bytes, out.primary.flushes.bytes);
  // Over the time it took, replay kept its modelled pace: the headline's excess is the buffer's.
  EXPECT_NEAR(*b.evidence.replayed_mbytes_per_sec, 20.0, 1e-6);
  EXPECT_GT(*b.evidence.replayed_seconds, 5.0);
  EXPECT_NE(evidence_text(b.evidence).find("also counts what its buffer and the link held"),
            std::string::npos);
}

TEST(Advisor, AHeadlineWithinTheLimitSaysNothingOfTheBuffer) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.disk = DiskParams{10_MBps, 0};
  plan.replay = DiskParams{20_MBps, 0};
  EXPECT_FALSE(advise_model(plan).evidence.replayed_seconds);
}

TEST(Advisor, ASyncRunIsLimitedByItsLargestPart) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Sync;
  plan.disk = DiskParams{500_MBps, 0.0001};
  plan.network = {0.0001, 10.0_MBps};  // sending 64 KiB takes 6.5 ms
  const Bottleneck b = advise_model(plan);
  EXPECT_EQ(b.resource, Resource::NetworkBandwidth);
}

// A logger's flushes grow with its rate; what each mode could carry is at the
// largest flush the log buffer allows, whatever rate the run was offered.
Bottleneck advise_logger(double rate, std::optional<DiskParams> disk) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::NearSync;
  plan.disk = disk;
  plan.run_time = from_seconds(20);
  plan.offered = OfferedLoad{OfferedBy::LogRate, MBytesPerSec{rate}};
  LoggerFlushSizes logger({MBytesPerSec{rate}, 256, {}}, Clock::time_point{});
  const StopSource never;
  const VirtualOutcome out = run_virtual(plan, logger, never);
  return advise(out.primary, &out.standby);
}

TEST(Advisor, ARunThatCarriedItsLogRateSaysSoWithForecastsThatDoNotEchoIt) {
  const DiskParams disk{100_MBps, 0.002};
  const Bottleneck light = advise_logger(10, disk);
  const Bottleneck heavy = advise_logger(30, disk);
  for (const Bottleneck* b : {&light, &heavy}) {
    EXPECT_EQ(b->resource, Resource::Workload);
    EXPECT_EQ(b->evidence.form, EvidenceForm::LoadCarried);
    EXPECT_EQ(b->flush_bytes, 256.0 * kPageBytes);
    ASSERT_TRUE(b->nearest);
    EXPECT_EQ(b->nearest->resource, Resource::BothDisks);
    // 1 MiB over 100 MB/s plus 2 ms.
    EXPECT_NEAR(*b->evidence.capacity_mbytes_per_sec, 1.048576 / (0.002 + 1.048576 / 100), 1e-9);
    EXPECT_TRUE(b->evidence.commit_wait_seconds);
  }
  for (const SyncMode mode :
       {SyncMode::Sync, SyncMode::NearSync, SyncMode::Async, SyncMode::SuperAsync}) {
    EXPECT_DOUBLE_EQ(forecast(light, mode), forecast(heavy, mode)) << to_string(mode);
  }
  EXPECT_NEAR(light.measured_mbytes_per_sec, 10, 0.1);
  EXPECT_NEAR(heavy.measured_mbytes_per_sec, 30, 0.3);
}

TEST(Advisor, NothingModelledNamesNoResource) {
  const Bottleneck carried = advise_logger(12, std::nullopt);
  EXPECT_EQ(carried.resource, Resource::Workload);
  EXPECT_FALSE(carried.nearest);
  EXPECT_FALSE(carried.evidence.capacity_mbytes_per_sec);
  EXPECT_NE(evidence_text(carried.evidence).find("no figure limits this mode"), std::string::npos);

  VirtualRunPlan plan;
  plan.mode = SyncMode::NearSync;
  plan.max_flushes = 100;
  FixedFlushSize sizes(16);
  const StopSource never;
  const VirtualOutcome out = run_virtual(plan, sizes, never);
  const Bottleneck flat_out = advise(out.primary, &out.standby);
  EXPECT_EQ(flat_out.resource, Resource::Unknown);
  EXPECT_EQ(flat_out.evidence.form, EvidenceForm::NothingModelled);
}

TEST(Advisor, ALogRateTheDisksCannotCarryNamesThem) {
  // 1 MiB flushes at 5 MB/s and 2 ms take 0.21 s: the log buffer holds back 8 MB/s.
  const Bottleneck b = advise_logger(8, DiskParams{5_MBps, 0.002});
  EXPECT_EQ(b.resource, Resource::BothDisks);
  EXPECT_FALSE(b.nearest);
  EXPECT_LT(b.measured_mbytes_per_sec, 0.97 * 8);
}

TEST(Advisor, ATargetRunMeasuresItsHeadlineAndNamesWhatWouldLimitItNext) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.network = {0.001, 12.5_MBps};
  plan.target = 6.0_MBps;
  plan.offered = OfferedLoad{OfferedBy::Target, *plan.target};
  const Bottleneck b = advise_model(plan);
  EXPECT_EQ(b.resource, Resource::Target);
  EXPECT_NEAR(b.measured_mbytes_per_sec, 6, 0.06);
  ASSERT_TRUE(b.nearest);
  EXPECT_EQ(b.nearest->resource, Resource::NetworkBandwidth);
  EXPECT_NEAR(*b.evidence.capacity_mbytes_per_sec, 12.5 * NetworkModel::kPayloadShare, 0.01);
}

TEST(Advisor, AStandbyWhoseBufferWasRarelyFullIsNotTheLimit) {
  RunResult standby;
  standby.settings.role = Role::Standby;
  standby.elapsed = from_seconds(10);
  standby.buffer_use = BufferUse{65536};
  standby.buffer_use->note(from_seconds(0), 65536);
  standby.buffer_use->note(from_seconds(0.5), 0);
  standby.buffer_use->note(from_seconds(10), 0);
  EXPECT_EQ(advise_standby(standby).resource, Resource::NotThisStandby);
  standby.buffer_use->note(from_seconds(10), 65536);
  standby.buffer_use->note(from_seconds(12), 65536);
  standby.elapsed = from_seconds(12);
  standby.settings.replay = DiskParams{10_MBps, 0};
  EXPECT_EQ(advise_standby(standby).resource, Resource::StandbyReplay);
}

TEST(Advisor, SyncNamesBothDisksInSeries) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Sync;
  plan.disk = DiskParams{50_MBps, 0.001};
  const Bottleneck b = advise_model(plan);
  EXPECT_EQ(b.resource, Resource::BothDisks);
  EXPECT_EQ(resource_name(b.resource), "primary and standby disks");
  // 64 KiB at 50 MB/s + 1 ms, twice: what SYNC gets, not one disk's 28.4 MB/s.
  EXPECT_NE(evidence_text(b.evidence).find("14.180861 MBytes/sec for the two in series"),
            std::string::npos)
      << evidence_text(b.evidence);
}

TEST(Advisor, EqualDisksInAsyncAreNamedTogether) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.disk = DiskParams{50_MBps, 0.001};
  plan.run_time = from_seconds(5);
  FixedFlushSize sizes(16);
  const StopSource never;
  VirtualOutcome out = run_virtual(plan, sizes, never);
  EXPECT_EQ(advise(out.primary, &out.standby).resource, Resource::BothDisks);
  // A slower standby disk is named on its own.
  out.standby.settings.disk = DiskParams{20_MBps, 0.001};
  EXPECT_EQ(advise(out.primary, &out.standby).resource, Resource::StandbyDisk);
}

// A real primary's result: `flushes` of 64 KiB in `seconds`, with TCP's view.
RunResult real_primary(SyncMode mode, std::uint64_t flushes, double seconds) {
  RunResult r;
  r.settings.mode = mode;
  r.settings.flush_pages = 16;
  r.elapsed = from_seconds(seconds);
  r.flushes = {flushes, flushes * 65536, r.elapsed};
  r.send_phase = {flushes, flushes * 65536, from_seconds(seconds * 0.01)};
  if (expects_ack(mode)) r.ack_wait = {flushes, 0, from_seconds(seconds * 0.98)};
  r.cpu = CpuUsage{from_seconds(seconds * 0.01), from_seconds(seconds * 0.02), Nanos{0}, r.elapsed};
  TcpStats tcp;
  tcp.watched = r.elapsed;
  tcp.busy = from_seconds(seconds * 0.99);
  tcp.bytes_acked = r.flushes.bytes;
  tcp.min_round_trip = std::chrono::microseconds(20);
  r.tcp = tcp;
  return r;
}

TEST(Advisor, ARealPrimaryOnASlowWireNamesItsBandwidth) {
  // 560 flushes of 64 KiB in 3 s: about 12.2 MB/s, the link busy all the time.
  for (const SyncMode mode : {SyncMode::Sync, SyncMode::NearSync, SyncMode::Async}) {
    const RunResult primary = real_primary(mode, 560, 3.0);
    const Bottleneck b = advise(primary, nullptr);
    EXPECT_EQ(b.resource, Resource::NetworkBandwidth)
        << to_string(mode) << ": " << evidence_text(b.evidence);
    const double link = 560 * 65536 / 1e6 / (3.0 * 0.99 - (expects_ack(mode) ? 560 * 20e-6 : 0));
    EXPECT_NE(evidence_text(b.evidence).find(fmt::format("({:.6f} MBytes/sec", link)),
              std::string::npos)
        << evidence_text(b.evidence);
    for (const ModeForecast& f : b.modes) EXPECT_LE(f.mbytes_per_sec, link * (1 + 1e-9));
    if (mode == SyncMode::Sync) {
      // The ack wait was the flush crossing the wire; what is left is TCP's round trip.
      EXPECT_NEAR(b.costs.round_trip, 20e-6, 1e-9);
      EXPECT_NEAR(forecast(b, SyncMode::Sync), b.measured_mbytes_per_sec,
                  0.02 * b.measured_mbytes_per_sec);
    }
  }
}

TEST(Advisor, OnOneHostTheWireIsTheCpu) {
  RunResult primary = real_primary(SyncMode::Async, 560, 3.0);
  primary.tcp->same_host = true;
  const Bottleneck one_host = advise(primary, nullptr);
  expect_verdict(one_host, Resource::SenderCpu, "is this host copying, not a wire");
  // Another host, but a sender whose CPU time per flush is as long as the wire's.
  primary.tcp->same_host = false;
  primary.cpu->system = from_seconds(2.0);
  const Bottleneck unclear = advise(primary, nullptr);
  expect_verdict(unclear, Resource::SenderCpu, "the wire and the CPU cannot be told apart");
}

TEST(Advisor, AClosedReceiveWindowNamesTheStandbyAndCapsEveryMode) {
  RunResult primary = real_primary(SyncMode::Async, 560, 3.0);
  primary.tcp->receiver_limited = from_seconds(2.0);
  const Bottleneck b = advise(primary, nullptr);
  expect_verdict(b, Resource::StandbyDiskOrReplay, "receive window was closed 66.7%");
  // The figures the sentence was written from, as -json carries them.
  EXPECT_EQ(b.evidence.form, EvidenceForm::WindowClosed);
  EXPECT_NEAR(*b.evidence.held_back_share, 2.0 / 3.0, 1e-9);
  EXPECT_FALSE(b.evidence.send_buffer_bytes);
  for (const ModeForecast& f : b.modes) EXPECT_LE(f.mbytes_per_sec, b.measured_mbytes_per_sec);
}

// The kernel counts the window closed while the primary idles at its -target
// pace: the share is of the time TCP was watched, never above all of it.
TEST(Advisor, AWindowClosedWhileThePrimaryIdledIsAShareOfTheTimeWatched) {
  RunResult primary = real_primary(SyncMode::Async, 560, 3.0);
  primary.target = TargetStats{4.0, from_seconds(2.0)};
  primary.tcp->receiver_limited = from_seconds(2.7);
  const Bottleneck b = advise(primary, nullptr);
  expect_verdict(b, Resource::StandbyDiskOrReplay, "receive window was closed 90.0%");
  EXPECT_NEAR(*b.evidence.held_back_share, 0.9, 1e-9);
  // Counted in the kernel's ticks, a share may pass the time watched by one: never all of it.
  primary.tcp->receiver_limited = from_seconds(3.004);
  EXPECT_DOUBLE_EQ(*advise(primary, nullptr).evidence.held_back_share, 1.0);
}

TEST(Advisor, ASendBufferAllInFlightNamesTheWindow) {
  RunResult primary = real_primary(SyncMode::Async, 560, 3.0);
  primary.socket_send_buffer = 65536;
  primary.tcp->send_buffer_limited = from_seconds(1.5);
  const Bottleneck b = advise(primary, nullptr);
  expect_verdict(b, Resource::SocketBufferWindow, "all 65536 bytes of the send buffer");
  EXPECT_EQ(b.evidence.form, EvidenceForm::SendBufferInFlight);
  EXPECT_EQ(b.evidence.send_buffer_bytes, 65536u);
  EXPECT_DOUBLE_EQ(*b.evidence.held_back_share, 0.5);
}

TEST(Advisor, WaitingForACpuOutweighsTheRestWhenTheLogFellShort) {
  RunResult primary = real_primary(SyncMode::Async, 560, 3.0);
  primary.cpu->waiting_for_cpu = from_seconds(0.6);  // 20%: the link still names itself
  EXPECT_EQ(advise(primary, nullptr).resource, Resource::NetworkBandwidth);
  // 40%, but the log moved as fast as the link allows: the link is still the limit.
  primary.cpu->waiting_for_cpu = from_seconds(1.2);
  EXPECT_EQ(advise(primary, nullptr).resource, Resource::NetworkBandwidth);
  // 40%, and TCP was busy only half the run: the link allowed twice what came.
  primary.tcp->busy = from_seconds(1.5);
  const Bottleneck b = advise(primary, nullptr);
  expect_verdict(b, Resource::HostCpu, "waited for a CPU 40.0% of the run, and the log moved at");
}

TEST(Advisor, WithoutTcpStatisticsSendsThatWaitedForRoomNameTheStandby) {
  RunResult primary = real_primary(SyncMode::Async, 560, 3.0);
  primary.tcp.reset();
  primary.congestions = {100, 0, from_seconds(1.0)};
  EXPECT_EQ(advise(primary, nullptr).resource, Resource::StandbyDiskOrReplay);
}

}  // namespace
}  // namespace simhadr

namespace simhadr {
namespace {

// 6 s in ASYNC on a 12 MB/s link, of which `stalled` seconds carried nothing.
RunResult primary_with_stall(double stalled) {
  RunResult primary = real_primary(SyncMode::Async, 0, 6.0);
  const auto flushes = static_cast<std::uint64_t>(12e6 * (6.0 - stalled) / 65536);
  primary.flushes = {flushes, flushes * 65536, primary.elapsed};
  primary.send_phase = {flushes, flushes * 65536, from_seconds(0.06)};
  primary.tcp->busy = primary.elapsed;
  primary.tcp->bytes_acked = primary.flushes.bytes;
  primary.tcp->bytes_sent = primary.flushes.bytes;
  primary.stalls = StallRecord{{{from_seconds(2.3), from_seconds(stalled)}}, from_seconds(0.2)};
  return primary;
}

TEST(Advisor, StallsOfATenthOfTheRunAreOutagesAndTheLinkIsMeasuredOutsideThem) {
  const Bottleneck b = advise(primary_with_stall(2.0), nullptr);
  expect_verdict(b, Resource::NetworkOutages,
                 "1 stall of the connection, the longest 2.000 s at 2.300 s, 2.000 s in all "
                 "(33.3% of the run)");
  const double link = 12.0 * (1 - 1e-9);
  EXPECT_NE(evidence_text(b.evidence).find("outside them the link carried 11.99"),
            std::string::npos)
      << evidence_text(b.evidence);
  EXPECT_NEAR(forecast(b, SyncMode::Async), 12.0, 0.05);
  for (const ModeForecast& f : b.modes) EXPECT_LE(f.mbytes_per_sec, 12.0 + 1e-6) << link;
  const auto limit =
      std::ranges::find(b.limits, Resource::NetworkBandwidth, &ResourceLimit::resource);
  ASSERT_NE(limit, b.limits.end());
  EXPECT_NEAR(limit->mbytes_per_sec, 12.0, 0.05);
}

// A standby taken back: the connection was reset 1 s into the 2 s stall and a
// new one carried the rest, so TCP watched neither the second second nor counted it busy.
TEST(Advisor, AStallBetweenTwoConnectionsIsNotTakenFromTheSecondOnesTime) {
  RunResult primary = primary_with_stall(2.0);
  primary.tcp->watched = primary.elapsed - from_seconds(1.0);
  primary.tcp->busy = primary.tcp->watched;
  const Bottleneck b = advise(primary, nullptr);
  expect_verdict(b, Resource::NetworkOutages, "1 stall of the connection");
  EXPECT_NEAR(forecast(b, SyncMode::Async), 12.0, 0.05);
  for (const ModeForecast& f : b.modes) EXPECT_TRUE(std::isfinite(f.mbytes_per_sec));
}

TEST(Advisor, ShortStallsAreNotOutagesAndAreNotMentioned) {
  const Bottleneck b = advise(primary_with_stall(0.5), nullptr);
  EXPECT_EQ(b.resource, Resource::NetworkBandwidth) << evidence_text(b.evidence);
  EXPECT_EQ(evidence_text(b.evidence).find("stall"), std::string::npos)
      << evidence_text(b.evidence);
}

TEST(Advisor, ARunThatKeptItsTargetKeepsItsVerdictWithTheStallsBesideIt) {
  RunResult primary = primary_with_stall(2.0);
  primary.target = TargetStats{7.0, from_seconds(0.5)};
  primary.settings.offered = OfferedLoad{OfferedBy::Target, 7.0_MBps};
  const Bottleneck b = advise(primary, nullptr);
  EXPECT_EQ(b.resource, Resource::Target) << evidence_text(b.evidence);
  EXPECT_NE(evidence_text(b.evidence)
                .find("2.000 s in all (33.3% of the run), which the run's -target pace "
                      "absorbed"),
            std::string::npos)
      << evidence_text(b.evidence);
  // A target the run fell short of is no excuse.
  primary.target->mbytes_per_sec = 20.0;
  primary.settings.offered->rate = 20.0_MBps;
  EXPECT_EQ(advise(primary, nullptr).resource, Resource::NetworkOutages);
}

// A workload cut short by -t: the intervals it never reached were offered
// nothing, and neither count as kept up with nor set the busiest rate.
TEST(Advisor, AWorkloadCutShortSpeaksOfTheIntervalsItReached) {
  RunResult primary = real_primary(SyncMode::Async, 300, 3.0);
  primary.settings.flush_pages = 256;
  primary.settings.offered = OfferedLoad{OfferedBy::Workload, 50.0_MBps};
  const auto step = [](double seconds, double bytes) {
    WorkloadStepTally tally;
    tally.seconds = seconds;
    tally.offered_bytes = tally.written_bytes = tally.shipped_bytes = bytes;
    return tally;
  };
  primary.workload = {step(2, 8e6), step(1, 6e6), step(0, 0), step(0, 0)};
  const Bottleneck b = advise(primary, nullptr);
  EXPECT_EQ(b.resource, Resource::Workload) << evidence_text(b.evidence);
  EXPECT_EQ(*b.evidence.workload_intervals, 2u);
  EXPECT_DOUBLE_EQ(*b.evidence.offered_mbytes_per_sec, 6.0);
  EXPECT_NE(evidence_text(b.evidence).find("each of the 2 workload intervals the run reached"),
            std::string::npos)
      << evidence_text(b.evidence);
  // None reached: nothing was carried.
  for (WorkloadStepTally& tally : primary.workload) tally = step(0, 0);
  EXPECT_NE(advise(primary, nullptr).resource, Resource::Workload);
}

TEST(Advisor, RetransmissionsOfAQuarterOfTheBytesSentArePacketLoss) {
  RunResult primary = real_primary(SyncMode::Async, 560, 3.0);
  primary.tcp->bytes_sent = primary.tcp->bytes_acked * 2;
  primary.tcp->bytes_retransmitted = primary.tcp->bytes_acked;
  const Bottleneck lossy = advise(primary, nullptr);
  expect_verdict(lossy, Resource::PacketLoss, "50.0% of what TCP sent was sent again");
  EXPECT_NE(evidence_text(lossy.evidence).find("the link's capacity can be higher"),
            std::string::npos);
  // A tenth is named beside the verdict, not as one.
  primary.tcp->bytes_sent = primary.tcp->bytes_acked * 10 / 9;
  primary.tcp->bytes_retransmitted = primary.tcp->bytes_sent - primary.tcp->bytes_acked;
  const Bottleneck some = advise(primary, nullptr);
  expect_verdict(some, Resource::NetworkBandwidth, "; TCP sent 10.0% of its bytes again");
  primary.tcp->bytes_retransmitted = 0;
  EXPECT_EQ(evidence_text(advise(primary, nullptr).evidence).find("again"), std::string::npos);
}

// -model -tls: the cipher is CPU on each side, named as such when it limits.
TEST(Advisor, EncryptionSlowerThanTheLinkNamesTheSendersCpu) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.network = {0.0001, 1250.0_MBps};
  plan.thread_cpu = ThreadCpuCost::cipher_per_gb(2.0, 2.0);  // 500 MB/s each way
  const Bottleneck b = advise_model(plan, 256);
  expect_verdict(b, Resource::SenderCpu, "TLS: encrypting each flush of 1048576 bytes");
  EXPECT_NEAR(*b.evidence.cipher_seconds, 0.002097152, 1e-9);
  // The wire carries one flush from the send buffer while the thread encrypts the next: the
  // cipher alone sets the pace.
  EXPECT_NEAR(b.measured_mbytes_per_sec, forecast(b, SyncMode::Async),
              0.01 * b.measured_mbytes_per_sec);
  EXPECT_NEAR(b.measured_mbytes_per_sec, 500.0, 5.0);
}

TEST(Advisor, DecryptionSlowerThanEverythingElseNamesTheReceiversCpu) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.network = {0.0001, 1250.0_MBps};
  plan.thread_cpu =
      ThreadCpuCost{0.1e-9, 4e-9, 0, 0};  // encrypting at 10 GB/s, decrypting at 250 MB/s
  const Bottleneck b = advise_model(plan, 256);
  expect_verdict(b, Resource::ReceiverCpu, "TLS: decrypting each flush of 1048576 bytes");
  EXPECT_NEAR(b.measured_mbytes_per_sec, 250.0, 2.5);
  EXPECT_NEAR(forecast(b, SyncMode::Async), 250.0, 0.01);
}

TEST(Advisor, ACheapCipherLeavesTheRoundTrip) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Sync;
  plan.network = {0.001, 1250.0_MBps};
  plan.thread_cpu = ThreadCpuCost::cipher_per_gb(0.3, 0.3);
  const Bottleneck b = advise_model(plan, 16);
  EXPECT_EQ(b.resource, Resource::RoundTrip) << evidence_text(b.evidence);
  EXPECT_GT(b.costs.sender_cpu(), 0);
  EXPECT_GT(b.costs.receiver_cpu(), 0);
}

// -tcpCost: the kernel's work is the thread's too, in series with the cipher,
// and the verdict's sentence gives each part.
TEST(Advisor, TcpWorkAddsToTheCipherOnTheSendersThread) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.network = {0.0001, 12500.0_MBps};
  plan.thread_cpu = ThreadCpuCost{0.3e-9, 0.3e-9, 0.4e-9, 0.1e-9};
  const Bottleneck b = advise_model(plan, 16);
  expect_verdict(b, Resource::SenderCpu, "encrypting (0.000020 s) and TCP's work (0.000026 s)");
  EXPECT_NEAR(*b.evidence.cipher_seconds, 65536 * 0.3e-9, 1e-9);  // whole nanoseconds
  EXPECT_NEAR(*b.evidence.tcp_seconds, 65536 * 0.4e-9, 1e-9);
  EXPECT_NEAR(b.measured_mbytes_per_sec, 1000.0 / 0.7, 1000.0 / 0.7 * 0.01);
  EXPECT_NEAR(forecast(b, SyncMode::Async), 1000.0 / 0.7, 1000.0 / 0.7 * 0.01);
}

TEST(Advisor, TcpWorkAloneNamesTheReceiversCpu) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.thread_cpu = ThreadCpuCost{0, 0, 0.2e-9, 1e-9};
  plan.network = {0.0001, std::nullopt};
  const Bottleneck b = advise_model(plan, 16);
  expect_verdict(b, Resource::ReceiverCpu,
                 "-tcpCost: TCP's work on each flush of 65536 bytes takes the standby");
  EXPECT_NEAR(b.measured_mbytes_per_sec, 1000.0, 10.0);
}

}  // namespace
}  // namespace simhadr
