#include "cli/workload_file.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "cli/usage_error.hpp"
#include "simhadr/workload/db2logscan.hpp"

namespace simhadr {

std::vector<RateStep> read_workload_file(const std::string& path, double speed) {
  std::ifstream in(path);
  if (!in) {
    throw UsageError(fmt::format("-workload '{}': cannot read it: {}", path, std::strerror(errno)));
  }
  std::vector<ScanLine> lines;
  try {
    Db2LogscanReader reader;
    reader.read(in, path);
    lines = reader.take();
  } catch (const WorkloadInputError& error) {
    throw UsageError(fmt::format("-workload {}", error.what()));
  }
  std::vector<RateStep> steps;
  for (const ScanLine& line : lines) {
    if (line.kind != ScanLine::Kind::Interval) continue;
    const WorkloadInterval& interval = line.interval;
    steps.push_back({interval.timestamp, from_seconds(interval.seconds / speed),
                     interval.mib_per_sec * kBytesPerMiB / kBytesPerMByte});
  }
  return steps;
}

}  // namespace simhadr
