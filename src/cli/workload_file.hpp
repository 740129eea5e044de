#pragma once
// -workload FILE -workloadSpeed N: db2logscan's rate lines as the steps of the
// logger's rate, each interval N times shorter than it was. A file the
// calculator would misread is a UsageError naming its line.
#include <string>

#include "simhadr/config.hpp"

namespace simhadr {

std::vector<RateStep> read_workload_file(const std::string& path, double speed);

}  // namespace simhadr
