#include "runs/file_output.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdio>

namespace simhadr {

std::vector<std::unique_ptr<FileOutput>> requested_outputs(const RunConfig& config) {
  std::vector<std::unique_ptr<FileOutput>> outputs;
  if (config.json_path) outputs.push_back(make_json_output(config, *config.json_path));
  if (config.csv_path) outputs.push_back(make_csv_output(config, *config.csv_path));
  return outputs;
}

void record_run(const RunConfig& config, const RunRecord& record) {
  std::vector<std::string> lost;
  for (const auto& output : requested_outputs(config)) {
    try {
      output->write(record);
    } catch (const std::exception& unwritable) {
      lost.push_back(fmt::format("{}: {}", unwritable.what(), output->loss()));
    }
  }
  if (lost.empty()) return;
  if (record.error()) {
    for (const std::string& loss : lost) fmt::print(stderr, "simhadr: warning: {}\n", loss);
    return;
  }
  throw OutputLost(fmt::format("{} (the text report is complete)", fmt::join(lost, "; ")));
}

}  // namespace simhadr
