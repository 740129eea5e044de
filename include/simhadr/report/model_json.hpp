#pragma once
// The -json fields of the what-if models and the advisor (docs/json-schema.md).
#include <nlohmann/json.hpp>

#include "simhadr/advice/bottleneck.hpp"
#include "simhadr/config.hpp"
#include "simhadr/measure/run_result.hpp"

namespace simhadr {

// A linear cost (-disk, -replay): {mbytes_per_sec, overhead_seconds}, or null.
nlohmann::json linear_cost_json(const std::optional<DiskParams>& params);
// -disk: its line, and its caps (null where it has none).
nlohmann::json disk_caps_json(const DiskCaps& caps);
nlohmann::json disk_model_json(const std::optional<DiskParams>& params);
// -spoolLimit: a page count, or "unlimited".
nlohmann::json spool_limit_json(std::uint64_t pages);
// One side's models in use and what they measured; null members for models not in use.
nlohmann::json models_json(const RunResult& result);
nlohmann::json bottleneck_json(const Bottleneck& bottleneck);
// The models the command line asked for, for the document's config.
nlohmann::json model_config_json(const RunConfig& config);

}  // namespace simhadr
