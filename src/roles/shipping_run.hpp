#pragma once
// One side of a shipping run, from configuration to printed report: connect,
// build the models, run the role, print its report. Used by main and the demo.
#include "net/connect.hpp"
#include "roles/role_outcome.hpp"
#include "roles/run_log.hpp"
#include "simhadr/config.hpp"
#include "simhadr/stop.hpp"

namespace simhadr {

RoleOutcome run_primary(const RunConfig& config, const StopSource& stop, RunLog& log, Nanos spin,
                        const ListeningCallback& on_listening = {});

RoleOutcome run_standby(const RunConfig& config, const StopSource& stop, RunLog& log, Nanos spin);

}  // namespace simhadr
