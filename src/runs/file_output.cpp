#include "runs/file_output.hpp"

#include <fmt/format.h>

#include <cstdio>

namespace simhadr {

std::vector<std::unique_ptr<FileOutput>> requested_outputs(const RunConfig& config) {
  std::vector<std::unique_ptr<FileOutput>> outputs;
  if (config.json_path) outputs.push_back(make_json_output(config, *config.json_path));
  if (config.csv_path) outputs.push_back(make_csv_output(config, *config.csv_path));
  return outputs;
}

void record_run(const RunConfig& config, const RunRecord& record) {
  for (const auto& output : requested_outputs(config)) {
    try {
      output->write(record);
    } catch (const std::exception& unwritable) {
      // A run that already failed keeps its own error; the file is only worth a warning.
      if (!record.error) throw;
      fmt::print(stderr, "simhadr: warning: {}\n", unwritable.what());
    }
  }
}

}  // namespace simhadr
