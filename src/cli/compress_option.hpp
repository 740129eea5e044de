#pragma once
// -compress, read once the kind of run is known: a codec and level on a real
// run (primary, standby, demo); under -model a ratio and costs, or a codec to
// measure on the payload. Refused where this build lacks the codec or the
// primary feeds auxiliary standbys, and ignored with a warning where no link
// carries the log.
#include <string>
#include <vector>

#include "simhadr/action.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

void settle_compress(const std::string& value, Action action, RunConfig& config,
                     std::vector<std::string>& warnings);

}  // namespace simhadr
