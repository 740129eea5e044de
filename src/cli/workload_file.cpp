#include "cli/workload_file.hpp"

#include <fmt/format.h>

#include <fstream>

#include "cli/input_file.hpp"
#include "cli/option_table.hpp"
#include "cli/usage_error.hpp"
#include "simhadr/workload/db2logscan.hpp"

namespace simhadr {

std::vector<RateStep> read_workload_file(const std::string& path, double speed) {
  std::ifstream in = open_input_file(option_name(OptionId::Workload), path);
  std::vector<ScanLine> lines;
  try {
    Db2LogscanReader reader;
    reader.read(in, path);
    // A replay follows the intervals in turn: one left out would change it, so none is.
    if (const std::string* damaged = reader.first_skipped()) throw WorkloadInputError(*damaged);
    lines = reader.take();
  } catch (const WorkloadInputError& error) {
    throw UsageError(fmt::format("{} {}", OptionId::Workload, error.what()));
  }
  std::vector<RateStep> steps;
  for (const ScanLine& line : lines) {
    if (line.kind != ScanLine::Kind::Interval) continue;
    const WorkloadInterval& interval = line.interval;
    steps.push_back({interval.timestamp, from_seconds(interval.seconds / speed),
                     rate_cast<MBytesPerSec>(interval.rate)});
  }
  return steps;
}

}  // namespace simhadr
