#pragma once
// The -json document's compression figures: what each compressor made of a
// sample of the payload (payload.compression), and what -compress did on one
// side of the link, or what -model charged for it (compression).
#include <nlohmann/json.hpp>

#include <optional>

#include "simhadr/compression.hpp"
#include "simhadr/measure/compression_facts.hpp"

namespace simhadr {

// Null where the payload was not probed.
nlohmann::json compression_json(const std::optional<CompressionProbe>& probe);
// Null without -compress.
nlohmann::json compression_json(const std::optional<CompressionFacts>& facts);

}  // namespace simhadr
