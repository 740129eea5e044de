#pragma once
// The lines after the TCP line (after the CPU line on a standby, after each
// side's report in -model) that say how often the link stalled, how far the
// standby fell behind the log, and what Db2 would have done about a stall
// past its HADR_TIMEOUT. Lines of our own: the original printed nothing like them.
#include <ostream>

#include "simhadr/measure/run_result.hpp"

namespace simhadr {

// Nothing for a side that measured none of it.
void write_link_health(std::ostream& out, const RunResult& result);

}  // namespace simhadr
