#pragma once
// -calculate: every interval's groups for every mode, closed form and (with
// -model) simulated, as the "calculation" object of the JSON document. Rates
// are given in bytes per second and in the calculator's MiB/s.
#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

#include "simhadr/advice/failure_at_peak.hpp"
#include "simhadr/advice/workload_shortfall.hpp"
#include "simhadr/models/hadr_calculator.hpp"

namespace simhadr {

struct IntervalCalculation {
  WorkloadInterval interval;
  std::vector<ModeEstimate> closed;      // one per mode, in -syncMode's order
  std::vector<SimulatedMode> simulated;  // the same, with -model
};

struct Calculation {
  CalculatorLink link;
  std::optional<PairSettings> pair;  // -model
  std::vector<SyncMode> modes;
  std::vector<IntervalCalculation> intervals;
  std::vector<double> average_mib_per_sec;  // each "Distribution of log write rate" average
  FlushGroup catchup;
  std::vector<double> predicted_max_pages;  // per mode: the largest expected flush
  std::vector<double> workload_max_pages;   // per mode: the largest "max" flush
  bool interrupted = false;
  // -model with -netOutage or -replay: each mode's, at the busiest interval.
  std::optional<FailurePlan> failure_plan;
  std::optional<WorkloadInterval> peak;
  std::vector<ModeFailure> failures;
};

nlohmann::json calculation_json(const Calculation& calculation);

}  // namespace simhadr
