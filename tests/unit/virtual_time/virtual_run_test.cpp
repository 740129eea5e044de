// The virtual-time mode against the closed forms and the what-if models'
// arithmetic. Virtual time is exact, so these are tight tolerances, not timings.
#include <gtest/gtest.h>

#include "simhadr/models/closed_forms.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/models/network.hpp"
#include "virtual_time/virtual_run.hpp"

namespace simhadr {
namespace {

constexpr std::array kModes{SyncMode::Sync, SyncMode::NearSync, SyncMode::Async,
                            SyncMode::SuperAsync};

VirtualOutcome run(const VirtualRunPlan& plan, std::uint32_t flush_pages) {
  FixedFlushSize sizes(flush_pages);
  const StopSource never;
  return run_virtual(plan, sizes, never);
}

// Enough flushes for a run's start to weigh under 1% of its pace.
constexpr std::uint64_t kFlushes = 50;

double seconds_per_flush(const RunResult& r) {
  return to_seconds(r.busy_time()) / static_cast<double>(r.flushes.calls);
}

// The pace flushes settle to, as the closed forms give it. Without an ack to
// wait for, a primary whose window never fills runs ahead of a slower stage;
// the pipeline's pace is then the standby's, which a window holds the primary
// to in the end. It is taken between two runs, so their start is left out.
double steady_seconds_per_flush(VirtualRunPlan plan, std::uint32_t flush_pages) {
  if (expects_ack(plan.mode)) {
    plan.max_flushes = kFlushes;
    const VirtualOutcome out = run(plan, flush_pages);
    EXPECT_EQ(out.standby.flushes.bytes, kFlushes * pages_to_bytes(flush_pages));
    return seconds_per_flush(out.primary);
  }
  Nanos caught_up[2];
  for (const std::uint64_t i : {0U, 1U}) {
    plan.max_flushes = kFlushes * (i + 1);
    const VirtualOutcome out = run(plan, flush_pages);
    EXPECT_EQ(out.standby.flushes.bytes, *plan.max_flushes * pages_to_bytes(flush_pages));
    caught_up[i] = out.standby.elapsed;
  }
  return to_seconds(caught_up[1] - caught_up[0]) / static_cast<double>(kFlushes);
}

struct GridPoint {
  DiskParams disk;
  std::uint32_t flush_pages;
  std::optional<MBytesPerSec> net_rate;
  double one_way_delay;
};

TEST(VirtualRun, ReproducesTheClosedFormsOverAGrid) {
  std::vector<GridPoint> grid;
  for (const DiskParams disk :
       {DiskParams{20_MBps, 0.002}, DiskParams{200_MBps, 0.0005}, DiskParams{2000_MBps, 0}}) {
    for (const std::uint32_t pages : {1u, 16u, 256u}) {
      for (const std::optional<MBytesPerSec> rate :
           {std::optional<MBytesPerSec>{}, std::optional(12.5_MBps), std::optional(125.0_MBps),
            std::optional(1250.0_MBps)}) {
        for (const double delay : {0.0, 0.0005, 0.005}) grid.push_back({disk, pages, rate, delay});
      }
    }
  }
  int checked = 0;
  for (const GridPoint& point : grid) {
    for (const SyncMode mode : kModes) {
      VirtualRunPlan plan;
      plan.mode = mode;
      plan.disk = point.disk;
      plan.network = {point.one_way_delay, point.net_rate};
      // Window and buffers large enough not to bind: the closed forms have neither.
      plan.window_bytes = 1ULL << 34;
      plan.buffer_pages = 16 * point.flush_pages;
      const std::uint64_t bytes = pages_to_bytes(point.flush_pages);
      const NetworkModel net(plan.network, plan.window_bytes);
      const double write = to_seconds(LinearDisk(point.disk).io_time(bytes));
      const FlushCosts costs{write, to_seconds(net.serialization(bytes)), write,
                             to_seconds(net.round_trip())};
      // In the asynchronous modes the standby's disk is a pipeline stage too.
      double expected = closed_form_seconds(mode, costs);
      if (mode != SyncMode::Sync) expected = std::max(expected, costs.standby_write);
      EXPECT_NEAR(steady_seconds_per_flush(plan, point.flush_pages), expected, expected * 0.01)
          << to_string(mode) << " disk " << point.disk.rate.value() << " pages "
          << point.flush_pages << " rate " << point.net_rate.value_or(MBytesPerSec{}).value()
          << " delay " << point.one_way_delay;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 432);
}

// -tls, -tcpCost: the primary's thread encrypts each flush and hands it to
// TCP a segment at a time, the standby's takes each segment as it arrives and
// decrypts it. In the asynchronous modes the standby's thread is a pipeline
// stage, as its disk is. (A standby slower than its primary holds it back only
// through the window, which is too large here: the advisor's tests cover that.)
// 1300 pages is several TLS parts, the last of them and its last segment short.
TEST(VirtualRun, ChargesEachSidesThreadAsTheClosedFormsSay) {
  struct Tcp {
    double send_per_gb;
    double receive_per_gb;
  };
  int checked = 0;
  for (const double seconds_per_gb : {0.0, 0.3, 3.0}) {
    for (const Tcp tcp : {Tcp{0.0, 0.0}, Tcp{0.4, 0.2}, Tcp{2.0, 0.1}}) {
      if (seconds_per_gb == 0 && tcp.send_per_gb == 0) continue;
      for (const std::uint32_t pages : {1u, 16u, 256u, 1300u}) {
        for (const double delay : {0.0, 0.0005}) {
          for (const SyncMode mode : kModes) {
            VirtualRunPlan plan;
            plan.mode = mode;
            plan.max_flushes = kFlushes;
            plan.disk = DiskParams{200_MBps, 0.0001};
            plan.network = {delay, std::nullopt};
            plan.window_bytes = 1ULL << 34;
            plan.buffer_pages = 16 * pages;
            plan.thread_cpu = ThreadCpuCost::cipher_per_gb(seconds_per_gb, seconds_per_gb);
            plan.thread_cpu->tcp_send_seconds_per_byte = tcp.send_per_gb / 1e9;
            plan.thread_cpu->tcp_receive_seconds_per_byte = tcp.receive_per_gb / 1e9;
            const VirtualOutcome out = run(plan, pages);
            const std::uint64_t bytes = pages_to_bytes(pages);
            const double write = to_seconds(LinearDisk(*plan.disk).io_time(bytes));
            FlushCosts costs{write, 0.0, write, 2 * delay};
            costs.threads = thread_shipping(bytes, *plan.thread_cpu,
                                            NetworkModel(plan.network, plan.window_bytes));
            double expected = closed_form_seconds(mode, costs);
            if (mode != SyncMode::Sync) {
              expected = std::max({expected, write, costs.receiver_cpu()});
            }
            ASSERT_EQ(out.primary.flushes.calls, kFlushes);
            EXPECT_NEAR(seconds_per_flush(out.primary), expected, expected * 0.01)
                << to_string(mode) << " " << seconds_per_gb << " s/GB, TCP " << tcp.send_per_gb
                << "/" << tcp.receive_per_gb << " s/GB, pages " << pages << " delay " << delay;
            EXPECT_EQ(out.standby.flushes.bytes, kFlushes * pages_to_bytes(pages));
            ++checked;
          }
        }
      }
    }
  }
  EXPECT_EQ(checked, 256);
}

// Over a link with a rate, in the asynchronous modes: the primary encrypts
// the next flush while the wire still carries this one from the send buffer.
TEST(VirtualRun, EncryptsTheNextFlushWhileTheWireCarriesThisOne) {
  int checked = 0;
  for (const double seconds_per_gb : {0.3, 3.0}) {
    for (const std::uint32_t pages : {1u, 16u, 256u}) {
      for (const MBytesPerSec rate : {125.0_MBps, 1250.0_MBps}) {
        for (const SyncMode mode : {SyncMode::Async, SyncMode::SuperAsync}) {
          VirtualRunPlan plan;
          plan.mode = mode;
          plan.network = {0.0001, rate};
          plan.window_bytes = 1ULL << 34;
          plan.buffer_pages = 16 * pages;
          plan.thread_cpu = ThreadCpuCost{seconds_per_gb / 1e9, 0.0, 0.0, 0.0};
          const std::uint64_t bytes = pages_to_bytes(pages);
          const NetworkModel net(plan.network, plan.window_bytes);
          FlushCosts costs{0.0, to_seconds(net.serialization(bytes)), 0.0,
                           to_seconds(net.round_trip())};
          costs.threads = thread_shipping(bytes, *plan.thread_cpu, net);
          const double expected = closed_form_seconds(mode, costs);
          EXPECT_NEAR(steady_seconds_per_flush(plan, pages), expected, expected * 0.01)
              << to_string(mode) << " " << seconds_per_gb << " s/GB, pages " << pages << " rate "
              << rate.value();
          ++checked;
        }
      }
    }
  }
  EXPECT_EQ(checked, 24);
}

TEST(VirtualRun, IsDeterministic) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::NearSync;
  plan.run_time = from_seconds(2);
  plan.disk = DiskParams{80_MBps, 0.001};
  plan.network = {0.002, 40.0_MBps};
  plan.replay = DiskParams{30_MBps, 0.0002};
  const VirtualOutcome a = run(plan, 16);
  const VirtualOutcome b = run(plan, 16);
  EXPECT_EQ(a.primary.flushes.calls, b.primary.flushes.calls);
  EXPECT_EQ(a.primary.elapsed, b.primary.elapsed);
  EXPECT_EQ(a.standby.elapsed, b.standby.elapsed);
  EXPECT_EQ(a.primary.congestions.time, b.primary.congestions.time);
}

TEST(VirtualRun, BothSidesAgreeOnWhatMoved) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Sync;
  plan.max_flushes = 500;
  plan.disk = DiskParams{100_MBps, 0.0005};
  plan.network = {0.001, 50.0_MBps};
  const VirtualOutcome out = run(plan, 8);
  EXPECT_EQ(out.primary.flushes.bytes, out.standby.flushes.bytes);
  EXPECT_EQ(out.primary.sends.bytes, out.standby.recvs.bytes);
  EXPECT_EQ(out.standby.disk.bytes, out.primary.flushes.bytes);
  EXPECT_EQ(out.primary.recvs.calls, 500u);  // one ack per flush
  EXPECT_EQ(out.standby.sends.calls, 500u);
}

TEST(VirtualRun, ReplaySlowerThanTheLogFillsTheBufferAndSetsThePace) {
  for (const SyncMode mode : kModes) {
    VirtualRunPlan plan;
    plan.mode = mode;
    plan.run_time = from_seconds(20);
    plan.disk = DiskParams{200_MBps, 0.0002};  // the log could go at ~150 MB/s
    plan.replay = DiskParams{20_MBps, 0};      // replay only 20
    plan.buffer_pages = 256;
    const VirtualOutcome out = run(plan, 16);
    const double primary_rate = mbytes_per_sec(out.primary.flushes.bytes, out.primary.elapsed);
    if (mode == SyncMode::Sync) {
      EXPECT_LT(primary_rate, 20.0 * 1.02);  // SYNC alone may be slower than replay
      continue;
    }
    EXPECT_NEAR(primary_rate, 20.0, 20.0 * 0.03) << to_string(mode);
    const BufferUse& use = *out.standby.buffer_use;
    EXPECT_EQ(use.max_bytes, use.capacity_bytes) << to_string(mode);
    EXPECT_GT(to_seconds(use.full_time), 0.9 * to_seconds(out.standby.elapsed)) << to_string(mode);
    // NEARSYNC waits for each ack (sent only once the flush is in the buffer),
    // so it has one flush out at a time; the asynchronous modes fill the window.
    if (mode != SyncMode::NearSync) {
      EXPECT_GT(out.primary.congestions.calls, 0u) << to_string(mode);
    }
  }
}

TEST(VirtualRun, EveryWrittenFlushCountsAsReplayedAndTheEndSaysWhichStillAwaitIt) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.max_flushes = 100;
  plan.disk = DiskParams{500_MBps, 0};
  plan.replay = DiskParams{5_MBps, 0};  // 13.1 ms a flush of 16 pages, far behind the log
  plan.buffer_pages = 64;               // four flushes
  const VirtualOutcome out = run(plan, 16);
  EXPECT_EQ(out.standby.flushes.calls, 100u);
  // As the real standby counts them: once written, each is handed to replay.
  EXPECT_EQ(out.standby.replays.calls, 100u);
  EXPECT_EQ(out.standby.replays.time, 100 * from_seconds(pages_to_bytes(16) / 5e6));
  // The run ends once the last flush is written; the buffer's four await replay.
  EXPECT_EQ(out.standby.replay_backlog.calls, 4u);
  EXPECT_EQ(out.standby.replay_backlog.bytes, pages_to_bytes(64));
}

TEST(VirtualRun, ReplayFasterThanTheLogKeepsTheBufferLow) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.run_time = from_seconds(5);
  plan.disk = DiskParams{50_MBps, 0.001};
  plan.replay = DiskParams{500_MBps, 0};
  const VirtualOutcome out = run(plan, 16);
  EXPECT_EQ(out.standby.buffer_use->full_time, Nanos{0});
  EXPECT_EQ(out.primary.congestions.calls, 0u);
}

TEST(VirtualRun, WindowLimitedThroughputIsWindowOverRoundTrip) {
  for (const std::uint64_t window : {65536ULL, 131072ULL, 262144ULL}) {
    for (const double delay : {0.005, 0.02}) {
      VirtualRunPlan plan;
      plan.mode = SyncMode::Async;
      plan.run_time = from_seconds(10);
      plan.disk = DiskParams{10000_MBps, 0};
      plan.network = {delay, std::nullopt};
      plan.window_bytes = window;
      plan.buffer_pages = 4096;
      const VirtualOutcome out = run(plan, 16);
      const double expected = static_cast<double>(window) / kBytesPerMByte / (2 * delay);
      EXPECT_NEAR(mbytes_per_sec(out.primary.flushes.bytes, out.primary.elapsed), expected,
                  expected * 0.02)
          << window << " bytes, " << delay << " s";
    }
  }
}

TEST(VirtualRun, ThroughputRisesWithTheWindowUntilTheRate) {
  double previous = 0;
  for (const std::uint64_t window : {32768ULL, 65536ULL, 131072ULL, 262144ULL, 1048576ULL}) {
    VirtualRunPlan plan;
    plan.mode = SyncMode::Async;
    plan.run_time = from_seconds(10);
    plan.disk = DiskParams{10000_MBps, 0};
    plan.network = {0.005, 12.5_MBps};
    plan.window_bytes = window;
    plan.buffer_pages = 4096;
    const VirtualOutcome out = run(plan, 16);
    const double rate = mbytes_per_sec(out.primary.flushes.bytes, out.primary.elapsed);
    const NetworkModel net(plan.network, window);
    EXPECT_NEAR(rate, net.throughput_bound().value(), net.throughput_bound().value() * 0.02)
        << window;
    EXPECT_LE(rate, net.payload_rate().value() * 1.001);
    EXPECT_GE(rate, previous * 0.999);
    previous = rate;
  }
  const double payload = 12.5 * NetworkModel::kPayloadShare;
  EXPECT_NEAR(previous, payload, payload * 0.01);
}

TEST(VirtualRun, NoMoreThanTheWindowIsEverInFlight) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.max_flushes = 100;
  plan.disk = DiskParams{10000_MBps, 0};
  plan.network = {0.01, std::nullopt};
  plan.window_bytes = 65536;
  const VirtualOutcome out = run(plan, 64);  // each flush is four windows
  EXPECT_EQ(out.primary.sends.calls, 400u);
  EXPECT_EQ(out.primary.send_bytes.view().max, 65536u);
  // Each window waits one round trip for the previous one.
  EXPECT_NEAR(to_seconds(out.primary.elapsed), 399 * 0.02, 0.001);
}

TEST(VirtualRun, TargetPacesTheModelledRun) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.run_time = from_seconds(10);
  plan.disk = DiskParams{500_MBps, 0};
  plan.target = 20_MBps;
  const VirtualOutcome out = run(plan, 16);
  EXPECT_NEAR(mbytes_per_sec(out.primary.flushes.bytes, out.primary.elapsed), 20.0, 0.1);
  EXPECT_GT(out.primary.target->idle, from_seconds(5));
}

TEST(VirtualRun, AStopEndsTheRunWithWhatItMeasured) {
  VirtualRunPlan plan;
  plan.mode = SyncMode::Async;
  plan.run_time = from_seconds(1e6);
  plan.disk = DiskParams{1000_MBps, 0};
  FixedFlushSize sizes(1);
  StopSource stop;
  stop.request();
  const VirtualOutcome out = run_virtual(plan, sizes, stop);
  EXPECT_TRUE(out.interrupted);
  EXPECT_GT(out.primary.flushes.calls, 0u);
  EXPECT_LT(out.primary.flushes.calls, 10000u);
}

}  // namespace
}  // namespace simhadr
