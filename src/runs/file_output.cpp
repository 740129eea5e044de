#include "runs/file_output.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdio>

namespace simhadr {

RunReporters::RunReporters(const RunConfig& config, RunLog& log) : text_(log) {
  if (config.json_path) files_.push_back(make_json_output(config, *config.json_path));
  if (config.csv_path) files_.push_back(make_csv_output(config, *config.csv_path));
}

std::vector<Reporter*> RunReporters::all() {
  std::vector<Reporter*> reporters{&text_};
  for (const auto& file : files_) reporters.push_back(file.get());
  return reporters;
}

void RunReporters::started(const RunConfig& config) {
  for (Reporter* reporter : all()) reporter->started(config);
}

void RunReporters::interval(const IntervalSample& sample) {
  for (Reporter* reporter : all()) reporter->interval(sample);
}

void RunReporters::side_finished(const RoleOutcome& side) {
  for (Reporter* reporter : all()) reporter->side_finished(side);
}

void RunReporters::finished(const RunRecord& record) {
  text_.finished(record);
  std::vector<std::string> lost;
  for (const auto& file : files_) {
    try {
      file->finished(record);
    } catch (const std::exception& unwritable) {
      lost.push_back(fmt::format("{}: {}", unwritable.what(), file->loss()));
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
