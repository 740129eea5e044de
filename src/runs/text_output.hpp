#pragma once
// The text report, the output every run has: printed as the run goes
// (-interval lines) and as each side ends (its report, the advisor's verdict,
// the CPU and TCP lines), so a -loop standby's report never waits for the
// next run. The file outputs follow when the run ends (file_output.hpp).
#include "log/run_log.hpp"
#include "roles/role_outcome.hpp"
#include "simhadr/config.hpp"
#include "simhadr/measure/interval_reporter.hpp"

namespace simhadr {

// Prints each -interval line to `log` as it comes.
IntervalSink print_to(RunLog& log);

// The header lines that say which defaults a run took.
void print_defaults_applied(const RunConfig& config, RunLog& log);

// A real side's closing paragraph, with the verdict the run worked out for it.
void print_side_report(RunLog& log, const RunResult& result, const Bottleneck& verdict);

}  // namespace simhadr
