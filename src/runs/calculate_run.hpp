#pragma once
// -calculate: reads db2logscan output, echoes it with the HADR calculator's
// annotations per sync mode and, with -model, the simulated pair's lines.
#include <ostream>

#include "simhadr/config.hpp"
#include "simhadr/report/calculation_json.hpp"
#include "simhadr/stop.hpp"

namespace simhadr {

// Throws WorkloadInputError, before printing anything, for input the
// calculator would misread or a file it cannot open.
Calculation run_calculate(const RunConfig& config, const StopSource& stop, std::ostream& out);

}  // namespace simhadr
