// The per-mode sequence of one flush, as exact arithmetic on a fake clock:
// what happens in which order, and what a flush costs.
#include "roles/primary.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "fakes/fake_clock.hpp"
#include "fakes/fake_standby_link.hpp"

namespace simhadr {
namespace {

using namespace std::chrono_literals;
using testing::FakeClock;
using testing::FakeStandbyLink;
using testing::StandbyBehaviour;

struct PrimaryRig {
  PrimaryRig(SyncMode mode, std::uint32_t pages, std::optional<DiskParams> disk_params,
             StandbyBehaviour behaviour, PrimaryPlan extra = {})
      : clock(&events),
        link(clock, events, std::move(behaviour)),
        log(output, false),
        measured(link, clock, stop, log),
        sizes(pages),
        disk(disk_params ? std::unique_ptr<DiskModel>(new LinearDisk(*disk_params))
                         : std::unique_ptr<DiskModel>(new InstantDisk())) {
    extra.mode = mode;
    extra.handshake = {mode, pages, "2026-11-30_00:00:00_UTC"};
    extra.settings.mode = mode;
    extra.settings.flush_pages = pages;
    extra.settings.disk = disk_params;
    primary.emplace(extra, sizes, *disk, measured, clock, stop, log);
  }

  Nanos ship_one_flush() {
    const auto before = clock.now();
    auto now = before;
    EXPECT_EQ(primary->ship_first(now), TransferEnd::Done);
    EXPECT_EQ(now, clock.now());
    return now - before;
  }

  std::vector<std::string> events;
  FakeClock clock;
  FakeStandbyLink link;
  std::ostringstream output;
  RunLog log;
  StopSource stop;
  Link measured;
  FixedFlushSize sizes;
  std::unique_ptr<DiskModel> disk;
  std::optional<Primary> primary;
};

const DiskParams kDisk{50.0_MBps, 0.001};  // 4 pages: 1 ms + 327.68 us

std::string sleep_of(Nanos d) {
  return fmt::format("sleep {}", d.count());
}

TEST(PrimarySequence, SyncWritesThenShipsThenWaitsForTheAckAfterTheStandbysWrite) {
  const Nanos io = LinearDisk(kDisk).io_time(4 * kPageBytes);
  PrimaryRig rig(SyncMode::Sync, 4, kDisk, {.one_way = 50us, .acks = true, .write_before_ack = io});
  rig.events.clear();
  EXPECT_EQ(rig.ship_one_flush(), 2 * io + 100us);
  EXPECT_EQ(rig.events, (std::vector<std::string>{sleep_of(io), "send 16384", "ack"}));
  EXPECT_EQ(rig.primary->result().ship_micros.sum(), std::uint64_t(to_whole_micros(io + 100us)));
}

TEST(PrimarySequence, NearSyncHidesTheRoundTripBehindTheWrite) {
  const Nanos io = LinearDisk(kDisk).io_time(4 * kPageBytes);
  PrimaryRig rig(SyncMode::NearSync, 4, kDisk, {.one_way = 50us, .acks = true});
  rig.events.clear();
  EXPECT_EQ(rig.ship_one_flush(), io);
  EXPECT_EQ(rig.events, (std::vector<std::string>{"send 16384", "ack", sleep_of(io - 100us)}));
}

TEST(PrimarySequence, NearSyncCostsTheRoundTripWhenItIsLongerThanTheWrite) {
  const Nanos io = LinearDisk(kDisk).io_time(4 * kPageBytes);
  PrimaryRig rig(SyncMode::NearSync, 4, kDisk, {.one_way = 5ms, .acks = true});
  rig.events.clear();
  EXPECT_EQ(rig.ship_one_flush(), 10ms);
  EXPECT_GT(Nanos{10ms}, io);
  EXPECT_EQ(rig.events, (std::vector<std::string>{"send 16384", "ack"}));
}

TEST(PrimarySequence, AsyncShipsWithoutReadingAndWritesInParallel) {
  const Nanos io = LinearDisk(kDisk).io_time(4 * kPageBytes);
  PrimaryRig rig(SyncMode::Async, 4, kDisk, {.one_way = 50us});
  rig.events.clear();
  EXPECT_EQ(rig.ship_one_flush(), io);
  EXPECT_EQ(rig.events, (std::vector<std::string>{"send 16384", sleep_of(io)}));
  EXPECT_EQ(rig.link.recv_calls(), 0);
}

TEST(PrimarySequence, SuperAsyncReadsInsteadOfWritingAndTakesNoAck) {
  const Nanos io = LinearDisk(kDisk).io_time(4 * kPageBytes);
  PrimaryRig rig(SyncMode::SuperAsync, 4, kDisk, {});
  rig.events.clear();
  EXPECT_EQ(rig.ship_one_flush(), io);
  EXPECT_EQ(rig.events, (std::vector<std::string>{"send 16384", sleep_of(io)}));
  EXPECT_EQ(rig.link.recv_calls(), 0);
  EXPECT_EQ(rig.primary->result().disk.calls, 1u);
  EXPECT_EQ(rig.primary->result().disk.time, io);
}

TEST(PrimarySequence, ACongestionIsCountedOnceWithItsDurationAndTheBytesStayTheSame) {
  StandbyBehaviour congested{.send_script = {{8192, false}, {0, true}}, .block_time = 250us};
  // The original's pages, the same in both runs.
  PrimaryPlan dots;
  dots.settings.payload = PayloadSpec{PayloadKind::Dots, {}};
  PrimaryRig rig(SyncMode::Async, 4, std::nullopt, congested, dots);
  PrimaryRig clean(SyncMode::Async, 4, std::nullopt, {}, dots);
  rig.ship_one_flush();
  clean.ship_one_flush();
  const RunResult& r = rig.primary->result();
  EXPECT_EQ(r.congestions.calls, 1u);
  EXPECT_EQ(r.congestions.time, 250us);
  EXPECT_EQ(r.congestion_micros.sum(), 250u);
  EXPECT_EQ(r.sends.calls, 2u);  // 8192 bytes, then the rest after the wait
  EXPECT_EQ(r.sends.bytes, 16384u);
  EXPECT_EQ(rig.link.wire(), clean.link.wire());
}

TEST(PrimaryRun, SendsTheHandshakeThenExactlyNFlushesThenCloses) {
  PrimaryPlan plan;
  plan.max_flushes = 5;
  PrimaryRig rig(SyncMode::NearSync, 2, std::nullopt, {.one_way = 10us, .acks = true}, plan);
  const RoleOutcome outcome = rig.primary->run();
  EXPECT_EQ(outcome.end, RunEnd::Completed);
  EXPECT_EQ(outcome.result.flushes.calls, 5u);
  EXPECT_EQ(outcome.result.recvs.bytes, 5 * kAckBytes);
  EXPECT_EQ(rig.link.wire().size(), kHandshakeBytes + 5 * 2 * kPageBytes);
  EXPECT_EQ(rig.link.wire().substr(0, 18), "syncMode=NEARSYNC\n");
  EXPECT_EQ(rig.events.back(), "close");
  EXPECT_EQ(outcome.result.elapsed, 5 * 20us);
}

TEST(PrimaryRun, RunTimeLimitEndsTheRunAfterTheFlushThatCrossesIt) {
  PrimaryPlan plan;
  plan.run_time = 1ms;
  PrimaryRig rig(SyncMode::Async, 1, DiskParams{1000.0_MBps, 0.0003}, {}, plan);
  const RoleOutcome outcome = rig.primary->run();
  const Nanos io = LinearDisk({1000.0_MBps, 0.0003}).io_time(kPageBytes);
  EXPECT_EQ(outcome.result.flushes.calls, static_cast<std::uint64_t>((1ms + io - 1ns) / io));
}

// The time limit and the interval boundaries are judged at the same instant, the flush's end, so
// no flush ships after the boundary the limit ends on. Here a flush costs nothing but the time
// that passes between the clock's readings (the creep), much less than a tenth of the period, so
// such a flush would fall in a tail too short to print, and in no interval.
TEST(PrimaryRun, IntervalsHoldEveryFlushUpToTheTimeLimit) {
  for (const Nanos creep : std::vector<Nanos>{1us, 3us, 7us, 13us, 31us}) {
    PrimaryPlan plan;
    plan.run_time = 3ms;
    plan.interval = 1ms;
    PrimaryRig rig(SyncMode::Async, 1, std::nullopt, {}, plan);
    rig.clock.creep_on_every_read(creep);
    const RoleOutcome outcome = rig.primary->run();
    std::uint64_t in_intervals = 0;
    for (const IntervalSample& interval : outcome.result.intervals) {
      in_intervals += interval.flushes;
    }
    EXPECT_EQ(in_intervals, outcome.result.flushes.calls) << "creep " << creep.count() << " ns";
    EXPECT_EQ(outcome.result.intervals.size(), 3u) << "creep " << creep.count() << " ns";
  }
}

TEST(PrimaryRun, TargetRateHoldsTheAverageAndCountsTheIdleTime) {
  PrimaryPlan plan;
  plan.max_flushes = 10;
  plan.target = 10.0_MBps;
  PrimaryRig rig(SyncMode::Async, 16, std::nullopt, {}, plan);
  const RoleOutcome outcome = rig.primary->run();
  // Flush k starts when k flushes' bytes at 10 MB/s have elapsed; the last is not followed by
  // idling.
  const Nanos expected = from_seconds(9 * 65536 / 10e6);
  EXPECT_NEAR(static_cast<double>(outcome.result.elapsed.count()),
              static_cast<double>(expected.count()), 10.0);
  ASSERT_TRUE(outcome.result.target);
  EXPECT_EQ(outcome.result.target->idle, outcome.result.elapsed);
}

TEST(PrimaryRun, AStopRequestEndsTheRunAsInterrupted) {
  PrimaryRig rig(SyncMode::Async, 1, std::nullopt, {});
  rig.stop.request();
  const RoleOutcome outcome = rig.primary->run();
  EXPECT_EQ(outcome.end, RunEnd::Interrupted);
  EXPECT_EQ(outcome.result.flushes.calls, 0u);
}

TEST(PrimaryRun, AnAckThatIsNotAnAckIsAProtocolError) {
  PrimaryPlan plan;
  plan.max_flushes = 5;
  PrimaryRig rig(SyncMode::Sync, 2, std::nullopt,
                 {.one_way = 10us, .acks = true, .ack = "HTTP/1.1 200 OK\n"}, plan);
  const RoleOutcome outcome = rig.primary->run();
  EXPECT_EQ(outcome.end, RunEnd::Failed);
  EXPECT_TRUE(outcome.failure.starts_with("protocol error: the standby's ack")) << outcome.failure;
  EXPECT_EQ(outcome.result.flushes.calls, 0u);
  EXPECT_EQ(rig.events.back(), "close");
}

}  // namespace
}  // namespace simhadr
