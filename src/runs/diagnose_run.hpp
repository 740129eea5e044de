#pragma once
// -diagnose: reads every file of monitor samples, diagnoses each channel and
// prints the report; nothing prints before every file has been read whole.
#include <ostream>

#include "simhadr/advice/diagnosis.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

// Throws MonitorInputError for a file it cannot open or read as samples.
PairDiagnosis run_diagnose(const RunConfig& config, std::ostream& out);

}  // namespace simhadr
