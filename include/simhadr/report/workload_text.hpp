#pragma once
// -workload: one line per replayed db2logscan interval, in the file's own unit
// (MiB/s) so it reads beside the file's line, then which intervals the pair
// could not sustain:
//   "2013-02-26 15:32:09  offered   7.307 MB/s, written   7.307 MB/s, shipped ..."
#include <ostream>
#include <span>

#include "simhadr/models/flush_size.hpp"

namespace simhadr {

void write_workload_replay(std::ostream& out, std::span<const WorkloadStepTally> steps);

}  // namespace simhadr
