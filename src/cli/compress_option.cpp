#include "cli/compress_option.hpp"

#include <fmt/format.h>

#include <optional>

#include "cli/usage_error.hpp"
#include "compress/codec.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

CompressionChoice parse_codec(const std::string& value) {
  const std::optional<CompressionChoice> choice = parse_compression_choice(value);
  if (!choice) {
    throw UsageError(fmt::format(
        "-compress {}: give zlib, lz4 or zstd, with :LEVEL from 1 to {} (zlib), {} (lz4) or {} "
        "(zstd) if not the default",
        shown(value), max_level(Compressor::Zlib), max_level(Compressor::Lz4),
        max_level(Compressor::Zstd)));
  }
  if (!make_stream_decompressor(choice->compressor)) {
    throw UsageError(
        fmt::format("-compress {}: this build of simhadr has no {} (docs/guide/installing.md)",
                    shown(value), compressor_name(choice->compressor)));
  }
  return *choice;
}

}  // namespace

void settle_compress(const std::string& value, Action action, RunConfig& config,
                     std::vector<std::string>& warnings) {
  switch (action) {
    case Action::Primary:
    case Action::Standby:
    case Action::Demo:
      config.compress = parse_codec(value);
      if (!config.auxiliaries.empty()) {
        throw UsageError(
            "-compress compresses the principal standby's link; leave out the auxiliary standbys "
            "of -rhost's list, which are sent the log uncompressed");
      }
      return;
    default:
      warnings.emplace_back("-compress applies where a link carries the log; ignored in this run");
      return;
  }
}

}  // namespace simhadr
