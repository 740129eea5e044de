#pragma once
// -csv: one summary row per run, appended, with a header line when the file
// is new. The columns are what a sweep plots and compares; the header is fixed
// (a new column goes at the end).
#include <chrono>
#include <string>
#include <vector>

#include "simhadr/config.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/disk_model.hpp"

namespace simhadr {

std::string csv_header();

// A shipping run's row; `end` is "completed", "interrupted" or "failed".
std::string csv_row(std::chrono::system_clock::time_point started, const RunConfig& config,
                    const RunResult& result, std::string_view end);

// A disk test's row for one IO size.
struct DiskRow {
  std::string_view kind;  // "disk-write" or "disk-read"
  std::uint32_t pages = 0;
  double seconds = 0;
  double mbytes_per_sec = 0;
  std::uint64_t ios = 0;
  double seconds_per_io = 0;
  std::optional<PayloadSpec> payload;  // what a write carried
  std::optional<DiskParams> fit;       // -testDisk's fit, with what sets this size's time
  DiskLimit limit = DiskLimit::Line;
};
std::string csv_row(std::chrono::system_clock::time_point started, const DiskRow& row,
                    std::string_view end);

// Appends rows to path; the header goes first when the file is new or empty.
void append_csv(const std::string& path, const std::vector<std::string>& rows);

}  // namespace simhadr
