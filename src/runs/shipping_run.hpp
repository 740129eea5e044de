#pragma once
// One side of a shipping run, from configuration to its outcome: connect,
// build the models and run the role. Its verdict and closing report come after
// (finish_side, runs/verdict.hpp), once the run has what the verdict needs. Used
// by main and the demo.
#include <chrono>
#include <functional>

#include "log/run_log.hpp"
#include "net/connect.hpp"
#include "roles/role_outcome.hpp"
#include "runs/reporter.hpp"
#include "simhadr/config.hpp"
#include "simhadr/stop.hpp"

namespace simhadr {

// Each side prints its progress on `log` and tells `report` that it started and
// each -interval; the caller tells it of the end (finish_side).
RoleOutcome run_primary(const RunConfig& config, const StopSource& stop, RunLog& log,
                        Reporter& report, Nanos spin, const ListeningCallback& on_listening = {});

RoleOutcome run_standby(const RunConfig& config, const StopSource& stop, RunLog& log,
                        Reporter& report, Nanos spin);

// Called after each run of a -loop standby, with when that run began.
using RunRecorder =
    std::function<void(const RoleOutcome& outcome, std::chrono::system_clock::time_point started)>;

// -loop: serves one primary run after another, finishing each (finish_side) and
// handing it to `record`, until a stop. A run that fails is recorded and the
// standby goes on; an error of the set-up (RunError) ends it.
void serve_standby_runs(const RunConfig& config, const StopSource& stop, RunLog& log,
                        Reporter& report, Nanos spin, const RunRecorder& record);

}  // namespace simhadr
