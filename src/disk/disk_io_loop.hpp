#pragma once
// One writer (or reader) doing synchronous IOs of one size back to back,
// timing each, until -n, -t, the end of the file, a stop request or an error.
#include <optional>
#include <string>

#include "disk/disk_file.hpp"
#include "log/run_log.hpp"
#include "simhadr/measure/disk_io_result.hpp"
#include "simhadr/payload.hpp"
#include "simhadr/stop.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

struct DiskIoPlan {
  std::uint32_t pages = 0;
  std::optional<std::uint64_t> max_ios;
  std::optional<Nanos> run_time;
  std::uint64_t wrap_bytes = 0;  // preallocated size: writes go round inside it; 0 = append
  PayloadSpec payload;           // what a write carries
};

DiskIoResult run_disk_io(DiskFile& file, DiskAccess access, const DiskIoPlan& plan,
                         const StopSource& stop, RunLog& log);

}  // namespace simhadr
