#pragma once
// The -json document: one JSON object per run with the configuration, every
// counter of the text report, every distribution (printed rows and all
// buckets), percentiles and the -interval series. The schema is
// docs/json-schema.md (schema_version below); numbers are derived by the same
// functions as the text report's, so the two always agree.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include "simhadr/advice/bottleneck.hpp"
#include "simhadr/config.hpp"
#include "simhadr/measure/histogram.hpp"
#include "simhadr/measure/latency_percentiles.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/rate.hpp"

namespace simhadr {

inline constexpr int kJsonSchemaVersion = 1;

// How one side's run ended, as the document spells it.
struct SideEnd {
  std::string_view end;  // "completed", "interrupted" or "failed"
  std::optional<std::string> failure;
};

// A rate is its figure in its own unit; the key names the unit.
template <class Unit>
void to_json(nlohmann::json& j, Rate<Unit> rate) {
  j = rate.value();
}

// A text, or null where there is none.
nlohmann::json text_or_null(const std::string& text);

// The value, or null when it is absent.
nlohmann::json optional_json(const auto& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}
// The value times `scale` (a unit's), or null when it is absent.
nlohmann::json scaled_json(const auto& value, double scale) {
  return value ? nlohmann::json(static_cast<double>(*value) * scale) : nlohmann::json(nullptr);
}
// A rate, or null when it is unbounded (JSON has no infinity).
inline nlohmann::json finite_json(double value) {
  return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}

// -payload: {"kind", "files": [{"path", "bytes"}], "file_bytes"}.
nlohmann::json payload_json(const PayloadSpec& payload);
nlohmann::json histogram_json(const Pow2Histogram& histogram, std::string_view unit);
nlohmann::json percentiles_json(const LatencyPercentiles& percentiles);
nlohmann::json side_json(const RunResult& result, const SideEnd& end,
                         const std::optional<Bottleneck>& bottleneck);

// The envelope: schema, version, kind ("primary", "standby", "demo",
// "model", "disk_test"), start time, command line and the configuration in effect.
nlohmann::json run_document(const RunConfig& config, std::string_view kind,
                            std::chrono::system_clock::time_point started);

// Writes doc to path ("-" is stdout): pretty-printed, or as one line appended
// to the file when append_line (a -loop standby writes one line per run).
void write_json(const std::string& path, const nlohmann::json& doc, bool append_line);

}  // namespace simhadr
