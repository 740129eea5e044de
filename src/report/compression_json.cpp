#include "simhadr/report/compression_json.hpp"

#include <array>

#include "simhadr/enum_names.hpp"

namespace simhadr {

namespace {

using nlohmann::json;

constexpr std::array<EnumName<CompressionSource>, 3> kSourceNames{{
    {CompressionSource::Measured, "measured"},
    {CompressionSource::Given, "given"},
    {CompressionSource::Probed, "probed"},
}};
static_assert(rows_follow_enum(kSourceNames, CompressionSource::Probed));

}  // namespace

json compression_json(const std::optional<CompressionProbe>& probe) {
  if (!probe) return nullptr;
  json measured = json::array();
  for (const CompressorFigures& f : probe->measured) {
    measured.push_back({{"compressor", compressor_name(f.compressor)},
                        {"level", f.level},
                        {"ratio", f.ratio},
                        {"compress_seconds_per_gb", f.compress_seconds_per_gb},
                        {"decompress_seconds_per_gb", f.decompress_seconds_per_gb}});
  }
  json not_built = json::array();
  for (const Compressor compressor : probe->not_built) {
    not_built.push_back(compressor_name(compressor));
  }
  json spread = nullptr;
  if (const std::optional<SliceSpread>& s = probe->spread) {
    spread = {{"compressor", compressor_name(s->compressor)},
              {"level", s->level},
              {"slices", s->slices},
              {"low_ratio", s->low_ratio},
              {"high_ratio", s->high_ratio}};
  }
  return {{"sample_bytes", probe->sample_bytes},
          {"compressors", measured},
          {"not_built", not_built},
          {"slice_spread", spread}};
}

json compression_json(const std::optional<CompressionFacts>& facts) {
  if (!facts) return nullptr;
  const CompressionFacts& c = *facts;
  return {{"codec", c.choice ? json(compressor_name(c.choice->compressor)) : json(nullptr)},
          {"level", c.choice ? json(c.choice->level) : json(nullptr)},
          {"source", row_for(kSourceNames, c.source).name},
          {"log_bytes", c.log_bytes},
          {"wire_bytes", c.wire_bytes},
          {"ratio", c.ratio()},
          {"cpu_seconds", to_seconds(c.cpu)},
          {"cpu_seconds_per_gb", c.cpu_seconds_per_gb()}};
}

}  // namespace simhadr
