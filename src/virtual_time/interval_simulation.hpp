#pragma once
// -calculate -model: one db2logscan interval played through the virtual-time
// pair for one sync mode, giving the calculator's three groups as the pair
// moves them (its TCP window, queueing and log buffer included) and what a
// committing transaction waits. In the calculator's units: MiB/s, pages.
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <tuple>
#include <utility>

#include "simhadr/advice/workload_shortfall.hpp"
#include "simhadr/stop.hpp"
#include "virtual_time/virtual_run.hpp"

namespace simhadr {

// What one run of the pair gave the calculator: its group, what a commit
// waited, and what limited it.
struct PairRunSummary {
  FlushGroup group;
  CommitWait commit;
  Resource resource = Resource::Unknown;
};

// Plays intervals through one pair, from any number of threads at once. A run
// is the same for every interval and mode that asks for it (one at a fixed
// flush size, or the workload at a rate, for as long), so each is made once.
class PairSimulator {
 public:
  PairSimulator(PairSettings settings, const StopSource& stop);
  // Nothing when Ctrl-C cut one of its runs short.
  std::optional<SimulatedMode> simulate(const WorkloadInterval& interval,
                                        const ModeEstimate& closed);

 private:
  // Flushes of `pages` on average, to the hundredth of a page.
  std::optional<PairRunSummary> fixed(SyncMode mode, double pages);
  std::optional<PairRunSummary> workload(SyncMode mode, const WorkloadInterval& interval,
                                         std::uint32_t cap_pages);
  template <typename Key, typename Run>
  std::optional<PairRunSummary> once(std::map<Key, PairRunSummary>& runs, const Key& key, Run run);

  PairSettings settings_;
  const StopSource& stop_;
  std::mutex runs_mutex_;
  std::map<std::pair<SyncMode, std::uint64_t>, PairRunSummary> fixed_runs_;
  // By mode, rate, seconds and flush cap: what a workload run depends on.
  std::map<std::tuple<SyncMode, MiBPerSec, double, std::uint32_t>, PairRunSummary> workload_runs_;
};

}  // namespace simhadr
