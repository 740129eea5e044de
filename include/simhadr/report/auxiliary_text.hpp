#pragma once
// A primary with auxiliary standbys: one section per auxiliary, after the
// principal's report, which stays as it is:
//   "Auxiliary standby 2 (127.0.0.2:5002), SUPERASYNC:"
#include <ostream>
#include <span>

#include "simhadr/measure/run_result.hpp"

namespace simhadr {

// Every byte the primary handed to a socket: the principal's and the auxiliaries'.
std::uint64_t outbound_bytes(const RunResult& primary);

void write_auxiliary_streams(std::ostream& out, const RunResult& primary);

}  // namespace simhadr
