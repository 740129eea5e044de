#include "cli/compress_option.hpp"

#include <fmt/format.h>

#include <cctype>
#include <optional>
#include <vector>

#include "cli/number_parsing.hpp"
#include "cli/option_table.hpp"
#include "cli/usage_error.hpp"
#include "compress/codec.hpp"
#include "simhadr/limits.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

using Id = OptionId;

CompressionChoice parse_codec(const std::string& value) {
  const std::optional<CompressionChoice> choice = parse_compression_choice(value);
  if (!choice) {
    throw UsageError(fmt::format(
        "{} {}: give zlib, lz4 or zstd, with :LEVEL from 1 to {} (zlib), {} (lz4) or {} "
        "(zstd) if not the default",
        Id::Compress, shown(value), max_level(Compressor::Zlib), max_level(Compressor::Lz4),
        max_level(Compressor::Zstd)));
  }
  if (!make_stream_decompressor(choice->compressor)) {
    throw UsageError(
        fmt::format("{} {}: this build of simhadr has no {} (docs/guide/installing.md)",
                    Id::Compress, shown(value), compressor_name(choice->compressor)));
  }
  return *choice;
}

// -model: RATIO[,COST_P,COST_S] (each side's CPU seconds per GB of log), or a
// codec whose figures the payload's probe gives as the run starts.
ModelledCompression parse_modelled(const std::string& value) {
  if (value.empty() || !(std::isdigit(static_cast<unsigned char>(value.front())) ||
                         value.front() == '.' || value.front() == '+')) {
    ModelledCompression modelled;
    modelled.probed = parse_codec(value);
    return modelled;
  }
  std::vector<std::string> parts;
  std::size_t at = 0;
  for (std::size_t comma; (comma = value.find(',', at)) != std::string::npos; at = comma + 1) {
    parts.push_back(value.substr(at, comma - at));
  }
  parts.push_back(value.substr(at));
  if (parts.size() != 1 && parts.size() != 3) {
    throw UsageError(
        fmt::format("{} {}: under {} give RATIO, RATIO,COST_P,COST_S (CPU seconds per GB of log "
                    "on each side) or a codec",
                    Id::Compress, shown(value), Id::Model));
  }
  ModelledCompression modelled;
  modelled.ratio = parse_positive(option_name(Id::Compress), parts[0], kMaxCompressionRatio);
  if (parts.size() == 3) {
    modelled.compress_seconds_per_gb =
        parse_number(option_name(Id::Compress), parts[1], 0.0, kMaxCompressionSecondsPerGb);
    modelled.decompress_seconds_per_gb =
        parse_number(option_name(Id::Compress), parts[2], 0.0, kMaxCompressionSecondsPerGb);
  }
  return modelled;
}

// -calculate: the ratio alone, as the calculator's arithmetic has no CPU in it.
double parse_ratio(const std::string& value) {
  if (!value.empty() && !std::isdigit(static_cast<unsigned char>(value.front())) &&
      value.front() != '.') {
    throw UsageError(
        fmt::format("{} {}: {} takes the ratio alone (log bytes per byte on the wire, as a "
                    "run's Payload: line gives it for a codec), e.g. {} 2.5",
                    Id::Compress, shown(value), Id::Calculate, Id::Compress));
  }
  return parse_positive(option_name(Id::Compress), value, kMaxCompressionRatio);
}

void refuse_auxiliaries(const RunConfig& config) {
  if (config.auxiliaries.empty()) return;
  throw UsageError(
      fmt::format("{} compresses the principal standby's link; leave out the auxiliary standbys "
                  "of {}'s list, which are sent the log uncompressed",
                  Id::Compress, Id::Rhost));
}

}  // namespace

void settle_compress(const std::string& value, Action action, RunConfig& config,
                     std::vector<std::string>& warnings) {
  switch (action) {
    case Action::Primary:
    case Action::Standby:
    case Action::Demo:
      config.compress = parse_codec(value);
      refuse_auxiliaries(config);
      return;
    case Action::Model:
      config.modelled_compression = parse_modelled(value);
      refuse_auxiliaries(config);
      return;
    case Action::Calculate:
      std::get_if<CalculateConfig>(&config.run)->network.compression = parse_ratio(value);
      return;
    default:
      warnings.push_back(fmt::format("{} applies where a link carries the log; ignored in this run",
                                     Id::Compress));
      return;
  }
}

}  // namespace simhadr
