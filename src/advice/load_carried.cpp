#include "simhadr/advice/load_carried.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <vector>

namespace simhadr {

namespace {

// The share of its offered load from which a run carried it (its flushes'
// bytes over the whole run), and of the run the workload may have stood
// still on a full log buffer.
constexpr double kCarriedShare = 0.97;

// The workload's intervals the run reached: one cut short by -t or a stop counts
// for the part it covered; those after it were never offered.
std::vector<WorkloadStepTally> replayed_steps(const RunResult& primary) {
  std::vector<WorkloadStepTally> reached;
  std::ranges::copy_if(primary.workload, std::back_inserter(reached),
                       [](const WorkloadStepTally& step) { return step.seconds > 0; });
  return reached;
}

// The run carried the load it was offered: the pace it kept was the load's.
}  // namespace

bool carried_offered_load(const RunResult& primary, double measured) {
  const auto& offered = primary.settings.offered;
  if (!offered) return false;
  if (offered->by == OfferedBy::Workload) {
    const auto reached = replayed_steps(primary);
    return !reached.empty() && std::ranges::all_of(reached, &WorkloadStepTally::sustained);
  }
  if (measured < kCarriedShare * offered->rate.value()) return false;
  const double blocked = primary.commit_wait ? primary.commit_wait->blocked_seconds : 0.0;
  return blocked <= (1 - kCarriedShare) * to_seconds(primary.elapsed);
}

Evidence carried_evidence(const RunResult& primary, double flush_bytes, double capacity) {
  Evidence e;
  e.form = EvidenceForm::LoadCarried;
  e.flush_bytes = flush_bytes;
  e.offered_mbytes_per_sec = primary.settings.offered->rate.value();
  if (primary.settings.offered->by == OfferedBy::Workload) {
    // The busiest of the intervals it reached, not of the whole file.
    const auto reached = replayed_steps(primary);
    e.workload_intervals = reached.size();
    double busiest = 0;
    for (const WorkloadStepTally& step : reached) {
      busiest = std::max(busiest, step.offered_bytes / step.seconds);
    }
    e.offered_mbytes_per_sec = busiest / kBytesPerMByte;
  }
  if (primary.commit_wait && primary.commit_wait->waited_bytes > 0) {
    e.commit_wait_seconds = primary.commit_wait->avg_seconds;
    e.commit_wait_max_seconds = primary.commit_wait->max_seconds;
  }
  if (std::isfinite(capacity)) e.capacity_mbytes_per_sec = capacity;
  return e;
}

}  // namespace simhadr
