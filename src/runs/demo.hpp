#pragma once
// -demo: a primary and a standby in one process on 127.0.0.1, kernel-chosen
// ports, both reports printed (primary first) once both sides are done.
#include <ostream>

#include "roles/role_outcome.hpp"
#include "simhadr/config.hpp"
#include "simhadr/stop.hpp"

namespace simhadr {

struct DemoOutcome {
  RoleOutcome primary;
  RoleOutcome standby;
};

DemoOutcome run_demo(const RunConfig& config, const StopSource& stop, std::ostream& out,
                     Nanos spin);

}  // namespace simhadr
