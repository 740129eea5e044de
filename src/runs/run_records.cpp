#include "runs/run_records.hpp"

#include <fmt/format.h>

#include "simhadr/report/csv_report.hpp"
#include "simhadr/report/json_report.hpp"

namespace simhadr {

namespace {

using nlohmann::json;

std::string_view end_name(const RoleOutcome& outcome) {
  switch (outcome.end) {
    case RunEnd::Completed:
      return "completed";
    case RunEnd::Interrupted:
      return "interrupted";
    case RunEnd::Failed:
      return "failed";
  }
  return "failed";
}

std::optional<std::string> failure_of(const RoleOutcome& outcome) {
  if (outcome.end != RunEnd::Failed) return std::nullopt;
  return outcome.failure;
}

json disk_size_json(const FitRow& row) {
  const DiskIoResult& r = row.result;
  return {{"pages", row.pages},
          {"ios", r.ios},
          {"bytes", r.bytes},
          {"elapsed_seconds", to_seconds(r.elapsed)},
          {"io_seconds", to_seconds(r.io_time)},
          {"seconds_per_io", seconds_per_call(r.io_time, r.ios)},
          {"mbytes_per_sec", mbytes_per_sec(r.bytes, r.elapsed)},
          {"latency_us", histogram_json(r.micros, "microsecond")},
          {"percentiles_us", percentiles_json(r.percentiles)},
          {"end_of_file", r.end_of_file}};
}

}  // namespace

std::string_view kind_name(RunKind kind) {
  switch (kind) {
    case RunKind::Primary:
      return "primary";
    case RunKind::Standby:
      return "standby";
    case RunKind::Demo:
      return "demo";
    case RunKind::Model:
      return "model";
    case RunKind::DiskTest:
      return "disk_test";
  }
  return "primary";
}

void record_shipping(const RunConfig& config, RunKind kind,
                     std::chrono::system_clock::time_point started,
                     std::span<const RoleOutcome> sides) {
  if (config.json_path) {
    json doc = run_document(config, kind_name(kind), started);
    for (const RoleOutcome& side : sides) {
      const std::optional<Bottleneck> verdict = side.connected() ? side.verdict : std::nullopt;
      doc["runs"].push_back(side_json(side.result, {end_name(side), failure_of(side)}, verdict));
      if (const auto failure = failure_of(side); failure && doc["error"].is_null()) {
        doc["error"] = *failure;
      }
    }
    write_json(*config.json_path, doc, config.loop);
  }
  if (config.csv_path) {
    std::vector<std::string> rows;
    for (const RoleOutcome& side : sides) {
      if (side.connected()) rows.push_back(csv_row(started, config, side.result, end_name(side)));
    }
    append_csv(*config.csv_path, rows);
  }
}

void record_failure(const RunConfig& config, RunKind kind,
                    std::chrono::system_clock::time_point started, const std::string& error) {
  try {
    json doc = run_document(config, kind_name(kind), started);
    doc["error"] = error;
    write_json(*config.json_path, doc, config.loop);
  } catch (const std::exception& unwritable) {
    fmt::print(stderr, "simhadr: warning: {}\n", unwritable.what());
  }
}

void record_disk_test(const RunConfig& config, std::chrono::system_clock::time_point started,
                      const DiskTestOutcome& outcome) {
  const bool read = outcome.access == DiskAccess::Read;
  const std::string_view end = outcome.failure ? "failed" : "completed";
  if (config.json_path) {
    json doc = run_document(config, kind_name(RunKind::DiskTest), started);
    const DiskTestConfig& test = *config.disk_test;
    json sizes = json::array();
    for (const FitRow& row : outcome.sizes) sizes.push_back(disk_size_json(row));
    json writers = json::array();
    for (std::size_t i = 0; i < outcome.writers.size(); ++i) {
      writers.push_back(disk_size_json({outcome.sizes.front().pages, outcome.writers[i]}));
    }
    json fit = nullptr;
    if (outcome.fitted) {
      fit = {{"mbytes_per_sec", outcome.fitted->mbytes_per_sec},
             {"overhead_seconds", outcome.fitted->overhead_seconds}};
    }
    doc["disk_test"] = {{"access", read ? "read" : "write"},
                        {"path", test.path},
                        {"cache", test.cache},
                        {"preallocate", test.preallocate},
                        {"threads", test.threads},
                        {"sizes", sizes},
                        {"writers", writers},
                        {"fit", fit}};
    if (outcome.failure) doc["error"] = *outcome.failure;
    write_json(*config.json_path, doc, false);
  }
  if (config.csv_path) {
    std::vector<std::string> rows;
    for (const FitRow& row : outcome.sizes) {
      const DiskIoResult& r = row.result;
      rows.push_back(csv_row(
          started,
          DiskRow{read ? "disk-read" : "disk-write", row.pages, to_seconds(r.elapsed),
                  mbytes_per_sec(r.bytes, r.elapsed), r.ios, seconds_per_call(r.io_time, r.ios)},
          end));
    }
    append_csv(*config.csv_path, rows);
  }
}

}  // namespace simhadr
