#include "virtual_time/interval_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "simhadr/models/network.hpp"
#include "virtual_time/steady_state.hpp"
#include "virtual_time/virtual_run.hpp"

namespace simhadr {

namespace {

// Three turns of a 100-flush cycle: long enough for the pipeline to fill.
constexpr std::uint64_t kFixedRunFlushes = 300;
constexpr std::size_t kCycleFlushes = 100;
// The logger run: enough flushes for a steady commit wait, and never longer than the interval.
constexpr std::uint64_t kWorkloadRunFlushes = 1000;
// Either stops sooner once two windows of flushes in a row agree to this share.
constexpr std::uint64_t kSteadyWindowFlushes = 25;
constexpr double kSteadyTolerance = 1e-3;

// The calculator's link as the pair's models: MiB become 10^6-byte MB, and
// the network's figure is the log's rate, so the wire carries the framing on top.
VirtualRunPlan plan_for(SyncMode mode, const PairSettings& settings) {
  const CalculatorLink& link = settings.link;
  VirtualRunPlan plan;
  plan.mode = mode;
  plan.disk =
      DiskParams{rate_cast<MBytesPerSec>(link.disk), link.disk_overhead_seconds, link.disk_caps};
  plan.network = NetworkParams{link.round_trip_seconds / 2,
                               rate_cast<MBytesPerSec>(link.network) / NetworkModel::kPayloadShare,
                               link.compression};
  plan.window_bytes = settings.window_bytes;
  plan.disk_start = DiskStart::Spent;
  plan.replay = settings.replay;
  plan.spool_limit_pages = settings.spool_limit_pages;
  plan.buffer_pages = settings.standby_buffer_pages;
  return plan;
}

// A size in hundredths of a page as whole-page flushes of that mean.
FlushSizeList cycle_of(std::uint64_t centipages) {
  FlushSizeList list;
  const double size = static_cast<double>(centipages) / kCycleFlushes;
  for (std::size_t i = 0; i < kCycleFlushes; ++i) {
    const auto before = static_cast<std::uint32_t>(std::floor(size * static_cast<double>(i)));
    const auto after = static_cast<std::uint32_t>(std::floor(size * static_cast<double>(i + 1)));
    list.pages.push_back(std::max<std::uint32_t>(after - before, 1));
  }
  return list;
}

// How many flushes of cycle_of(centipages) make the pattern repeat: 26.7 pages is 10 flushes.
std::uint64_t period_of(std::uint64_t centipages) {
  return kCycleFlushes / std::gcd(centipages % kCycleFlushes, kCycleFlushes);
}

FlushGroup group_of(const RunTotals& totals) {
  if (totals.flushes == 0) return {};
  const auto flushes = static_cast<double>(totals.flushes);
  return {totals.bytes / kPageBytes / flushes, totals.seconds / flushes,
          MiBPerSec::of(totals.bytes, totals.seconds)};
}

// Plays `plan` until it settles (its flush sizes repeat every `period` flushes),
// its totals carried on to the plan's end; nothing for a run Ctrl-C cut short,
// which is not the run another interval would get.
std::optional<PairRunSummary> settled_run(VirtualRunPlan plan, FlushSizeSource& sizes,
                                          std::uint64_t period, const StopSource& stop) {
  SteadyState steady(kSteadyWindowFlushes, period, kSteadyTolerance);
  plan.settled = [&steady](const FlushProgress& progress) { return steady.settled(progress); };
  const VirtualOutcome outcome = run_virtual(plan, sizes, stop);
  if (outcome.interrupted || stop.requested()) return std::nullopt;
  const RunTotals totals = steady.extended(totals_of(outcome.primary), plan);
  return PairRunSummary{group_of(totals), totals.commit(),
                        advise(outcome.primary, &outcome.standby).resource};
}

// The socket buffer size that gives the closed form's group: its rate over
// the round trip (the asynchronous modes stream), and its whole flush in
// flight at once (the synchronous ones send a flush, then wait).
std::uint64_t window_for(const FlushGroup& group, const VirtualRunPlan& plan) {
  const NetworkModel open(plan.network, std::uint64_t{1} << 40);
  const double piece_wire = to_seconds(open.serialization(open.quantum_bytes()));
  const double cycle = to_seconds(open.round_trip()) + piece_wire;
  // The socket buffer holds bytes on the wire: under -compress, the log's shrunk by its ratio.
  const double compression = plan.network.compression;
  const double streaming = std::ceil(group.rate.bytes_per_sec() * cycle / compression / kPageBytes);
  const double pages = std::max({streaming, std::ceil(group.pages / compression), 1.0});
  return pages_to_bytes(static_cast<std::uint64_t>(pages));
}

}  // namespace

PairSimulator::PairSimulator(PairSettings settings, const StopSource& stop)
    : settings_(settings), stop_(stop) {}

template <typename Key, typename Run>
std::optional<PairRunSummary> PairSimulator::once(std::map<Key, PairRunSummary>& runs,
                                                  const Key& key, Run run) {
  {
    const std::lock_guard lock(runs_mutex_);
    if (const auto found = runs.find(key); found != runs.end()) return found->second;
  }
  // Made outside the lock: two threads may make the same run, and both get the same summary.
  const std::optional<PairRunSummary> summary = run();
  if (!summary) return std::nullopt;
  const std::lock_guard lock(runs_mutex_);
  return runs.emplace(key, *summary).first->second;
}

std::optional<PairRunSummary> PairSimulator::fixed(SyncMode mode, double pages) {
  const auto centipages =
      static_cast<std::uint64_t>(std::llround(std::max(pages, 1.0) * kCycleFlushes));
  return once(fixed_runs_, std::pair(mode, centipages), [&] {
    VirtualRunPlan plan = plan_for(mode, settings_);
    plan.max_flushes = kFixedRunFlushes;
    ListedFlushSizes sizes(cycle_of(centipages));
    return settled_run(plan, sizes, period_of(centipages), stop_);
  });
}

std::optional<PairRunSummary> PairSimulator::workload(SyncMode mode,
                                                      const WorkloadInterval& interval,
                                                      std::uint32_t cap_pages) {
  const auto key = std::tuple(mode, interval.rate, interval.seconds, cap_pages);
  return once(workload_runs_, key, [&] {
    VirtualRunPlan plan = plan_for(mode, settings_);
    plan.max_flushes = kWorkloadRunFlushes;
    plan.run_time = from_seconds(std::max(interval.seconds, 1.0));
    LoggerFlushSizes logger({rate_cast<MBytesPerSec>(interval.rate), cap_pages, {}},
                            Clock::time_point{});
    // The logger's flush sizes follow no pattern.
    return settled_run(plan, logger, 1, stop_);
  });
}

std::optional<SimulatedMode> PairSimulator::simulate(const WorkloadInterval& interval,
                                                     const ModeEstimate& closed) {
  SimulatedMode sim;
  const double cap = std::min(closed.max.pages, static_cast<double>(settings_.log_buffer_pages));
  sim.flush_cap_pages = std::max(cap, 1.0);
  const double smallest = std::min(closed.min.pages, sim.flush_cap_pages);
  const std::optional<PairRunSummary> min = fixed(closed.mode, smallest);
  const std::optional<PairRunSummary> max = fixed(closed.mode, sim.flush_cap_pages);
  if (!min || !max) return std::nullopt;
  sim.min = min->group;
  sim.max = max->group;
  // An interval that logged nothing has no workload to run and nothing to wait for.
  std::optional<PairRunSummary> logged;
  if (interval.rate > MiBPerSec{}) {
    const auto whole_cap = static_cast<std::uint32_t>(std::ceil(sim.flush_cap_pages));
    logged = workload(closed.mode, interval, whole_cap);
    if (!logged) return std::nullopt;
    sim.commit = logged->commit;
  }
  const PairRunSummary* chosen = logged ? &*logged : &*min;
  if (interval.rate <= sim.min.rate) {
    chosen = &*min;
  } else if (interval.rate >= sim.max.rate) {
    chosen = &*max;
  }
  sim.expected = chosen->group;
  sim.impact = impact_of(interval.rate, sim.min, sim.max);

  const VirtualRunPlan plan = plan_for(closed.mode, settings_);
  const NetworkModel network(plan.network, plan.window_bytes);
  const MiBPerSec window_limit = rate_cast<MiBPerSec>(network.throughput_bound());
  sim.window_limit = window_limit;
  // What the closed form promises: the workload's rate where a flush size
  // between its smallest and largest gives it (the halving overshoots a little),
  // else the smallest's or the largest's rate.
  FlushGroup wanted = closed.expected;
  wanted.rate = std::clamp(interval.rate, closed.min.rate, closed.max.rate);
  if (sim.expected.rate >= wanted.rate * kShortfallShare) return sim;
  // The pair may need bigger flushes than the closed form for the same rate.
  wanted.pages = std::max(wanted.pages, sim.expected.pages);
  // Both may hold it back: a window set right leaves the log buffer's cap.
  if (closed.expected.pages > sim.flush_cap_pages) {
    sim.log_buffer_needed_pages = static_cast<std::uint64_t>(std::ceil(closed.expected.pages));
  }
  if (const std::uint64_t needed = window_for(wanted, plan); settings_.window_bytes < needed) {
    sim.shortfall = Shortfall::Window;
    sim.window_needed_bytes = needed;
  } else if (sim.log_buffer_needed_pages > 0) {
    sim.shortfall = Shortfall::LogBuffer;
  } else {
    sim.shortfall = Shortfall::Other;
    sim.resource = chosen->resource;
  }
  return sim;
}

}  // namespace simhadr
