#pragma once
// The HADR calculator's annotation lines, character for character, so a
// script that reads its output reads ours:
//   "actual           7.307 MB/s@  17 pg/f 0.009435 s/f"
//   "SYNC       ???   5.484 MB/s@ 360 pg/f 0.257087 s/f, min ..., max ..."
// A group prints its flush size truncated to whole pages.
#include <span>
#include <string>
#include <string_view>

#include <vector>

#include "simhadr/advice/failure_at_peak.hpp"
#include "simhadr/advice/workload_shortfall.hpp"
#include "simhadr/models/hadr_calculator.hpp"
#include "simhadr/report/calculator_names.hpp"

namespace simhadr {

// "  5.484 MB/s@ 360 pg/f 0.257087 s/f"
std::string group_text(const FlushGroup& group);

std::string actual_line(const WorkloadInterval& interval);

// `label` is the mode's name, or "simulated".
std::string estimate_line(std::string_view label, Impact impact, const FlushGroup& expected,
                          const FlushGroup& min, const FlushGroup& max);

// -calculate -model: the "simulated" line under a mode's line, with the
// commit wait, and a "why:" line when the pair falls short of the closed form,
// which says what to change and repeats the commit wait the shortfall costs.
std::vector<std::string> simulated_lines(const SimulatedMode& sim, const PairSettings& pair);

std::string average_rate_line(MiBPerSec average);
std::string catchup_line(Impact impact, const FlushGroup& catchup);
std::string max_flush_line(SyncMode mode, double predicted_pages, double workload_pages);

// -calculate -model, after the max flush lines: per mode, how many intervals
// fell short of the closed form and what would restore them all.
std::string shortfall_summary_line(SyncMode mode, std::span<const SimulatedMode> intervals);

// -calculate -model with -netOutage or -replay, per mode: "SYNC       Failure: ...".
std::string failure_line(const FailurePlan& plan, const WorkloadInterval& peak,
                         const ModeFailure& failure);

}  // namespace simhadr
