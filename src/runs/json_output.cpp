// -json: one document per run (one line per run for a -loop standby).
#include "runs/file_output.hpp"

#include "simhadr/report/calculation_json.hpp"
#include "simhadr/report/diagnosis_report.hpp"
#include "simhadr/report/json_report.hpp"
#include "simhadr/report/model_json.hpp"

namespace simhadr {

namespace {

class JsonOutput final : public FileOutput {
 public:
  using FileOutput::FileOutput;
  void finished(const RunRecord& record) override;
  std::string_view loss() const override { return "the run's JSON document is lost"; }
};

using nlohmann::json;

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

// A standby runs in the mode and with the flush size its primary's handshake
// names, whatever its command line says: once the handshake came, those are the
// settings in effect.
void settle_standby_config(json& doc, std::span<const RoleOutcome> sides) {
  if (sides.size() != 1 || sides.front().session != Session::Ran) return;
  const SideSettings& settings = sides.front().result.settings;
  if (settings.role != Role::Standby) return;
  doc["config"]["sync_mode"] = to_string(settings.mode);
  doc["config"]["flush_pages"] = settings.flush_pages;
}

void add_sides(json& doc, std::span<const RoleOutcome> sides) {
  settle_standby_config(doc, sides);
  for (const RoleOutcome& side : sides) {
    const std::optional<Bottleneck> verdict = side.connected() ? side.verdict : std::nullopt;
    doc["runs"].push_back(side_json(side.result, {end_name(side), failure_of(side)}, verdict));
    if (const auto failure = failure_of(side); failure && doc["error"].is_null()) {
      doc["error"] = *failure;
    }
  }
}

json disk_test_json(const RunConfig& config, const DiskTestOutcome& outcome) {
  const DiskTestConfig& test = *config.as<DiskTestConfig>();
  json sizes = json::array();
  for (const FitRow& row : outcome.sizes) sizes.push_back(disk_size_json(row));
  json writers = json::array();
  for (const DiskIoResult& writer : outcome.writers) {
    writers.push_back(disk_size_json({outcome.sizes.front().pages, writer}));
  }
  json fit = nullptr;
  if (const auto& fitted = outcome.fitted) {
    fit = disk_model_json(fitted->disk);
    fit["knee_bytes"] = fitted->knee_bytes ? json(*fitted->knee_bytes) : json(nullptr);
    fit["line_hidden"] = fitted->line_hidden;
    fit["too_short_for_caps_seconds"] = fitted->too_short_for_caps_seconds
                                            ? json(*fitted->too_short_for_caps_seconds)
                                            : json(nullptr);
    fit["limits"] = json::array();
    for (const DiskLimit limit : fitted->limits) fit["limits"].push_back(disk_limit_name(limit));
  }
  const bool reading = outcome.access == DiskAccess::Read;
  return {{"access", reading ? "read" : "write"},
          {"payload", reading ? json(nullptr) : payload_json(config.payload)},
          {"path", test.path},
          {"cache", test.cache},
          {"preallocate", test.preallocate},
          {"threads", test.threads},
          {"sizes", sizes},
          {"writers", writers},
          {"fit", fit}};
}

}  // namespace

void JsonOutput::finished(const RunRecord& record) {
  json doc = run_document(config_, action_name(record.kind), record.started);
  std::visit(Overloaded{[&](const SidesRecord& run) { add_sides(doc, run.sides); },
                        [&](const DiskTestRecord& test) {
                          const DiskTestOutcome& outcome = test.outcome;
                          doc["disk_test"] = disk_test_json(config_, outcome);
                          if (outcome.failure) doc["error"] = *outcome.failure;
                        },
                        [&](const CalculationRecord& run) {
                          doc["calculation"] = calculation_json(run.calculation);
                        },
                        [&](const DiagnosisRecord& run) {
                          doc["diagnosis"] = diagnosis_json(run.diagnosis);
                        },
                        [&](const ErrorRecord& failed) { doc["error"] = failed.error; }},
             record.measured);
  // A -loop standby appends one document per line.
  write_json(path_, doc, config_.serves_many_runs());
}

std::unique_ptr<FileOutput> make_json_output(const RunConfig& config, std::string path) {
  return std::make_unique<JsonOutput>(config, std::move(path));
}

}  // namespace simhadr
