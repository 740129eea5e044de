#include "simhadr/report/workload_text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <string>
#include <vector>

#include "simhadr/rate.hpp"
#include "simhadr/workload/db2logscan.hpp"

namespace simhadr {

void write_workload_replay(std::ostream& out, std::span<const WorkloadStepTally> steps) {
  fmt::print(out,
             "Workload replay (MB/s as db2logscan prints them, 2^20 bytes): the log each interval "
             "offered, what the workload wrote, what was shipped\n");
  std::vector<std::string> short_of_it;
  std::size_t replayed = 0;
  for (const WorkloadStepTally& step : steps) {
    if (step.seconds <= 0) continue;
    ++replayed;
    if (!step.sustained()) short_of_it.push_back(step.label);
    fmt::print(out,
               "{}  offered {:7.3f} MB/s, written {:7.3f} MB/s, shipped {:7.3f} MB/s, log buffer "
               "full {:.6f} s{}\n",
               step.label, MiBPerSec::of(step.offered_bytes, step.seconds).value(),
               MiBPerSec::of(step.written_bytes, step.seconds).value(),
               MiBPerSec::of(step.shipped_bytes, step.seconds).value(), step.blocked_seconds,
               step.sustained() ? "" : "  NOT SUSTAINED");
  }
  double longest_flush = 0;
  double shortest_step = 0;
  for (const WorkloadStepTally& step : steps) {
    if (step.seconds <= 0) continue;
    longest_flush = std::max(longest_flush, step.longest_flush_seconds);
    shortest_step = shortest_step == 0 ? step.seconds : std::min(shortest_step, step.seconds);
  }
  if (longest_flush > shortest_step / 10) {
    fmt::print(out,
               "Note: a flush took up to {:.6f} s, more than a tenth of the shortest replayed "
               "interval ({:.6f} s); per-interval figures and verdicts blur across intervals. "
               "A lower -workloadSpeed gives sharper ones.\n",
               longest_flush, shortest_step);
  }
  if (replayed < steps.size()) {
    fmt::print(out, "The run ended after {} of the {} intervals.\n", replayed, steps.size());
  }
  if (short_of_it.empty()) {
    fmt::print(out, "Sustained: every one of the {} intervals replayed.\n\n", replayed);
    return;
  }
  fmt::print(out,
             "Not sustained (the workload wrote less than {:.0f}% of its log, or the log waiting "
             "to be shipped grew): {} of {} intervals: {}\n\n",
             WorkloadStepTally::kSustainedShare * 100, short_of_it.size(), replayed,
             fmt::join(short_of_it, ", "));
}

}  // namespace simhadr
