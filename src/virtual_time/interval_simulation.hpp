#pragma once
// -calculate -model: one db2logscan interval played through the virtual-time
// pair for one sync mode, giving the calculator's three groups as the pair
// moves them (its TCP window, queueing and log buffer included) and what a
// committing transaction waits. In the calculator's units: MiB/s, pages.
#include <cstdint>
#include <map>
#include <optional>
#include <utility>

#include "simhadr/advice/workload_shortfall.hpp"
#include "simhadr/stop.hpp"
#include "virtual_time/virtual_run.hpp"

namespace simhadr {

// One run of the pair, and the calculator's group it gives.
struct PairRun {
  FlushGroup group;
  VirtualOutcome outcome;
};

// Plays intervals through one pair. A run at a fixed flush size is the same
// for every interval and mode that asks for it, so each is made once.
class PairSimulator {
 public:
  PairSimulator(PairSettings settings, const StopSource& stop);
  SimulatedMode simulate(const WorkloadInterval& interval, const ModeEstimate& closed);

 private:
  // Flushes of `pages` on average, to the hundredth of a page.
  const PairRun& fixed(SyncMode mode, double pages);

  PairSettings settings_;
  const StopSource& stop_;
  std::map<std::pair<SyncMode, std::uint64_t>, PairRun> fixed_runs_;
  std::optional<PairRun> interrupted_run_;
};

}  // namespace simhadr
