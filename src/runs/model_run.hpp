#pragma once
// -model: the run in virtual time, printed like -demo (the primary's report,
// then the standby's), then the advisor's paragraph for the pair.
#include <ostream>

#include "roles/role_outcome.hpp"
#include "simhadr/config.hpp"
#include "simhadr/stop.hpp"

namespace simhadr {

struct ModelOutcome {
  RoleOutcome primary;
  RoleOutcome standby;
};

ModelOutcome run_model(const RunConfig& config, const StopSource& stop, std::ostream& out);

}  // namespace simhadr
