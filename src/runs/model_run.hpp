#pragma once
// -model: the run in virtual time, printed like -demo: the primary's report
// with the advisor's paragraph for the pair, then the standby's.
#include "log/run_log.hpp"
#include "roles/role_outcome.hpp"
#include "runs/reporter.hpp"
#include "simhadr/config.hpp"
#include "simhadr/stop.hpp"

namespace simhadr {

struct ModelOutcome {
  RoleOutcome primary;
  RoleOutcome standby;
};

// The report goes to `log`'s stream; `report` is told the run started.
ModelOutcome run_model(const RunConfig& config, const StopSource& stop, RunLog& log,
                       Reporter& report);

}  // namespace simhadr
