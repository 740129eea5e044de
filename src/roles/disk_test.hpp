#pragma once
// -write, -read and -testDisk: real synchronous IO on a file, reported as the
// original does; -testDisk without -flushSize also fits the -disk model.
#include <optional>
#include <string>

#include "roles/run_log.hpp"
#include "simhadr/config.hpp"
#include "simhadr/stop.hpp"

namespace simhadr {

// Prints the report of what was measured; returns the failure, if the test hit one.
std::optional<std::string> run_disk_test(const RunConfig& config, const StopSource& stop,
                                         RunLog& log);

}  // namespace simhadr
