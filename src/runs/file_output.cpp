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
    if (!record.error) {
      output->write(record);
      continue;
    }
    // The run already failed; a file that cannot take the error is only worth a warning.
    try {
      output->write(record);
    } catch (const std::exception& unwritable) {
      fmt::print(stderr, "simhadr: warning: {}\n", unwritable.what());
    }
  }
}

}  // namespace simhadr
