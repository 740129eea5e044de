#pragma once
// The advisor's verdict for a side, worked out once, in runs/, before any
// reporter shows it: a primary's from what it measured (and from its
// standby's figures where the run has them, as -model does), a real standby's
// from its receive buffer. A modelled standby has none: the primary's covers the pair.
#include <optional>

#include "simhadr/advice/bottleneck.hpp"

namespace simhadr {

std::optional<Bottleneck> verdict_for(const RunResult& side, const RunResult* other_side);

}  // namespace simhadr
