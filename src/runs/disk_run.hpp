#pragma once
// -write, -read and -testDisk: real synchronous IO on a file, reported as the
// original does; -testDisk without -flushSize also fits the -disk model.
#include <optional>
#include <string>
#include <vector>

#include "disk/disk_io_loop.hpp"
#include "log/run_log.hpp"
#include "simhadr/config.hpp"
#include "simhadr/report/disk_report.hpp"
#include "simhadr/stop.hpp"

namespace simhadr {

struct DiskTestOutcome {
  DiskAccess access = DiskAccess::Append;
  std::vector<FitRow> sizes;          // one row, or one per size of the fit
  std::vector<DiskIoResult> writers;  // each writer's share, with -threads
  std::optional<DiskCapFit> fitted;   // the fit's suggestion, when it found one
  std::optional<std::string> failure;
};

// Prints the report of what was measured, and returns it.
DiskTestOutcome run_disk_test(const RunConfig& config, const StopSource& stop, RunLog& log);

}  // namespace simhadr
