#include "runs/diagnose_run.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/report/diagnosis_report.hpp"

namespace simhadr {

PairDiagnosis run_diagnose(const RunConfig& config, std::ostream& out) {
  std::vector<MonitorFile> files;
  for (const std::string& name : config.as<DiagnoseConfig>()->files) {
    if (name == "-") {
      files.push_back(read_monitor_file(std::cin, "stdin"));
      continue;
    }
    std::ifstream in(name);
    if (!in) {
      throw MonitorInputError(fmt::format("{}: cannot read it: {}", name, std::strerror(errno)));
    }
    files.push_back(read_monitor_file(in, name));
  }
  PairDiagnosis pair = diagnose_pair(std::move(files));
  print_diagnosis(out, pair);
  return pair;
}

}  // namespace simhadr
