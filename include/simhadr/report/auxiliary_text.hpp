#pragma once
// A primary with auxiliary standbys: one section per auxiliary, after the
// principal's report, which stays as it is:
//   "Auxiliary standby 2 (127.0.0.2:5002), SUPERASYNC:"
#include <ostream>
#include <span>

#include "simhadr/measure/run_result.hpp"

namespace simhadr {

void write_auxiliary_streams(std::ostream& out, const RunResult& primary);

// With auxiliaries or a modelled uplink, after the Bottleneck paragraph: how
// the primary's outbound bytes split, and what a shared uplink makes of it.
void write_uplink_share(std::ostream& out, const RunResult& primary);

}  // namespace simhadr
