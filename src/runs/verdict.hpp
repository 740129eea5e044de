#pragma once
// The advisor's verdict for a side, worked out once, in runs/, before any
// reporter shows it: a primary's from what it measured and, where the run has
// both sides (-demo, -model), from its standby's figures too; a real standby's
// from its receive buffer. A modelled standby has none: the primary's covers the pair.
#include <optional>

#include "roles/role_outcome.hpp"
#include "runs/reporter.hpp"
#include "simhadr/advice/bottleneck.hpp"

namespace simhadr {

std::optional<Bottleneck> verdict_for(const RunResult& side, const RunResult* other_side);

// A side has ended: its verdict is worked out, then `report` hears of it. A
// side with nothing to report (it never connected, or left to reconnect) is left as it is.
void finish_side(RoleOutcome& side, const RoleOutcome* other_side, Reporter& report);

}  // namespace simhadr
