#pragma once
// Whether a run paced by its load (-target, -logRate, -workload) carried it,
// and the evidence that says so: the load, the commit wait, what the mode
// could carry.
#include "simhadr/advice/evidence.hpp"
#include "simhadr/measure/run_result.hpp"

namespace simhadr {

// `measured`: the headline, log over the whole run.
bool carried_offered_load(const RunResult& primary, double measured);

// `capacity`: what the mode that ran could carry at flushes of `flush_bytes`.
Evidence carried_evidence(const RunResult& primary, double flush_bytes, double capacity);

}  // namespace simhadr
