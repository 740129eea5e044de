// Both engines on the same input: the real Primary and Standby, each in a
// thread of its own on one virtual clock and joined by an in-memory link with
// the network model's delay (tests/fakes/lockstep.hpp), against -model's
// run_virtual on the same plan. The flush cycle and the standby cycle are the
// same code in both, so what they count must be equal to the nanosecond.
#include <gtest/gtest.h>

#include <sstream>

#include "fakes/lockstep.hpp"
#include "roles/primary.hpp"
#include "roles/standby.hpp"
#include "simhadr/wire/flush_codec.hpp"
#include "simhadr/wire/handshake.hpp"
#include "virtual_time/virtual_run.hpp"

namespace simhadr::cross_engine_test {
namespace {

using namespace std::chrono_literals;
using testing::Lockstep;
using testing::LockstepClock;
using testing::LockstepEnd;
using testing::LockstepWire;

constexpr std::uint32_t kPages = 16;
// Larger than any run here ships, so that it never binds: the engines differ in when a
// standby busy with a write takes bytes off its socket, which only a full window would show.
constexpr std::uint64_t kWindow = std::uint64_t{1} << 32;

struct Case {
  const char* name;
  VirtualRunPlan plan;  // mode, limits, disk, replay, spool, target, delay, buffer
};

struct Outcomes {
  RunResult primary;
  RunResult standby;
};

Outcomes run_real(const VirtualRunPlan& plan) {
  Lockstep world;
  // Acks take no wire time in -model: the way back has the delay alone.
  const NetworkModel forth(plan.network, kWindow);
  const NetworkModel back(
      NetworkParams{.one_way_delay_seconds = plan.network.one_way_delay_seconds}, kWindow);
  LockstepWire to_standby(forth, kHandshakeBytes);
  LockstepWire to_primary(back);
  LockstepEnd primary_end(world, to_standby, to_primary);
  LockstepEnd standby_end(world, to_primary, to_standby);
  LockstepClock primary_clock(world);
  LockstepClock standby_clock(world);
  const StopSource stop;
  std::ostringstream primary_text;
  std::ostringstream standby_text;
  RunLog primary_log(primary_text, false);
  RunLog standby_log(standby_text, false);
  const std::unique_ptr<DiskModel> disk = make_disk_model(plan.disk);
  FixedFlushSize sizes(kPages);

  Link primary_link(primary_end, primary_clock, stop, primary_log);
  PrimaryPlan primary_plan;
  static_cast<ShippingPlan&>(primary_plan) = plan;
  primary_plan.handshake = {plan.mode, kPages, "2026-12-05_00:00:00_UTC"};
  primary_plan.settings.payload = PayloadSpec{PayloadKind::Dots};
  Primary primary(primary_plan, sizes, *disk, primary_link, primary_clock, stop, primary_log);

  Link standby_link(standby_end, standby_clock, stop, standby_log);
  StandbyPlan standby_plan;
  static_cast<ShippingPlan&>(standby_plan) = plan;
  Standby standby(standby_plan, *disk, standby_link, standby_clock, stop, standby_log);

  Outcomes out;
  world.run(
      {[&] { out.primary = primary.run().result; }, [&] { out.standby = standby.run().result; }});
  return out;
}

Outcomes run_model(const VirtualRunPlan& plan) {
  FixedFlushSize sizes(kPages);
  const StopSource stop;
  const VirtualOutcome outcome = run_virtual(plan, sizes, stop);
  return {outcome.primary, outcome.standby};
}

void expect_same_histogram(const Pow2Histogram& real, const Pow2Histogram& model,
                           const char* what) {
  const HistogramView a = real.view();
  const HistogramView b = model.view();
  EXPECT_EQ(a.count, b.count) << what;
  EXPECT_EQ(a.sum, b.sum) << what;
  EXPECT_EQ(a.min, b.min) << what;
  EXPECT_EQ(a.max, b.max) << what;
  ASSERT_EQ(a.buckets.size(), b.buckets.size()) << what;
  for (std::size_t i = 0; i < a.buckets.size(); ++i) {
    EXPECT_EQ(a.buckets[i].count, b.buckets[i].count) << what << ", bucket " << i;
  }
}

VirtualRunPlan plan_of(SyncMode mode, double one_way_seconds) {
  VirtualRunPlan plan;
  plan.mode = mode;
  plan.network.one_way_delay_seconds = one_way_seconds;
  plan.window_bytes = kWindow;
  return plan;
}

std::vector<Case> cases() {
  std::vector<Case> all;
  for (const SyncMode mode :
       {SyncMode::Sync, SyncMode::NearSync, SyncMode::Async, SyncMode::SuperAsync}) {
    Case n{"-n", plan_of(mode, 0.0005)};
    n.plan.max_flushes = 300;
    all.push_back(n);

    Case t{"-t", plan_of(mode, 0.0002)};
    t.plan.run_time = 300ms;
    t.plan.disk = DiskParams{200.0_MBps, 0.0005};
    all.push_back(t);

    Case target{"-target", plan_of(mode, 0.0003)};
    target.plan.run_time = 400ms;
    target.plan.target = MBytesPerSec{20.0};
    all.push_back(target);

    Case replay{"-replay with -spoolLimit", plan_of(mode, 0.0002)};
    replay.plan.max_flushes = 200;
    replay.plan.disk = DiskParams{400.0_MBps, 0.0002};
    replay.plan.replay = DiskParams{20.0_MBps, 0.001};
    replay.plan.buffer_pages = 2 * kPages;
    replay.plan.spool_limit_pages = 40 * kPages;
    all.push_back(replay);

    Case disk{"-disk", plan_of(mode, 0.0001)};
    disk.plan.max_flushes = 300;
    disk.plan.disk = DiskParams{100.0_MBps, 0.001};
    all.push_back(disk);

    Case rate{"-netRate", plan_of(mode, 0.0002)};
    rate.plan.max_flushes = 200;
    rate.plan.network.rate = MBytesPerSec{50.0};
    rate.plan.disk = DiskParams{400.0_MBps, 0.0001};
    all.push_back(rate);
  }
  return all;
}

class CrossEngine : public ::testing::TestWithParam<Case> {};

TEST_P(CrossEngine, TheRealPairAndTheModelCountTheSame) {
  const VirtualRunPlan& plan = GetParam().plan;
  const Outcomes real = run_real(plan);
  const Outcomes model = run_model(plan);

  EXPECT_GT(model.primary.flushes.calls, 10u);
  EXPECT_EQ(real.primary.flushes.calls, model.primary.flushes.calls);
  EXPECT_EQ(real.primary.flushes.bytes, model.primary.flushes.bytes);
  EXPECT_EQ(real.primary.elapsed, model.primary.elapsed);
  EXPECT_EQ(real.primary.disk.time, model.primary.disk.time);
  expect_same_histogram(real.primary.ship_micros, model.primary.ship_micros, "shipping time");
  EXPECT_EQ(real.primary.send_phase.time, model.primary.send_phase.time);
  EXPECT_EQ(real.primary.ack_wait.calls, model.primary.ack_wait.calls);
  EXPECT_EQ(real.primary.ack_wait.time, model.primary.ack_wait.time);
  ASSERT_EQ(real.primary.target.has_value(), model.primary.target.has_value());
  if (real.primary.target) {
    EXPECT_EQ(real.primary.target->idle, model.primary.target->idle);
  }

  EXPECT_EQ(real.standby.flushes.calls, model.standby.flushes.calls);
  EXPECT_EQ(real.standby.disk.calls, model.standby.disk.calls);
  expect_same_histogram(real.standby.write_bytes, model.standby.write_bytes, "standby writes");
  EXPECT_EQ(real.standby.replays.calls, model.standby.replays.calls);
  EXPECT_EQ(real.standby.sends.bytes, model.standby.sends.bytes);  // its acks
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  std::string name = fmt::format("{}_{}", to_string(info.param.plan.mode), info.param.name);
  std::erase_if(name, [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); });
  return name;
}

INSTANTIATE_TEST_SUITE_P(ModesAndLimits, CrossEngine, ::testing::ValuesIn(cases()), case_name);

}  // namespace
}  // namespace simhadr::cross_engine_test
