#include "simhadr/report/payload_text.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

// The first few names; a long list ends in how many more there were.
constexpr std::size_t kNamesShown = 3;

std::string file_names(const PayloadSpec& payload) {
  std::string names;
  const std::size_t shown_count = std::min(payload.files.size(), kNamesShown);
  for (std::size_t i = 0; i < shown_count; ++i) {
    if (i > 0) names += ", ";
    names += shown(payload.files[i].path);
  }
  if (payload.files.size() > shown_count) {
    names += fmt::format(" and {} more", payload.files.size() - shown_count);
  }
  return names;
}

// "; compressed ...": each compressor's ratio and CPU, or nothing where none was measured.
std::string compression_text(const std::optional<CompressionProbe>& probe) {
  if (!probe || (probe->measured.empty() && probe->not_built.empty())) return "";
  std::string text =
      fmt::format("; compressed ({} bytes sampled; CPU seconds per GB to compress, to restore):",
                  probe->sample_bytes);
  for (const CompressorFigures& f : probe->measured) {
    text += fmt::format(" {}:{} {:.2f}x ({:.3f}, {:.3f}),", compressor_name(f.compressor), f.level,
                        f.ratio, f.compress_seconds_per_gb, f.decompress_seconds_per_gb);
  }
  for (const Compressor compressor : probe->not_built) {
    text += fmt::format(" {} not in this build,", compressor_name(compressor));
  }
  text.pop_back();
  if (const std::optional<SliceSpread>& spread = probe->spread) {
    text += fmt::format(
        "; the sample's {} slices, from all over the set, compressed from {:.2f}x to {:.2f}x on "
        "their own ({}:{}): the set's parts differ that much, and a run that ships part of it gets "
        "that part's ratio",
        spread->slices, spread->low_ratio, spread->high_ratio, compressor_name(spread->compressor),
        spread->level);
  }
  return text;
}

std::string payload_description(const PayloadSpec& payload) {
  switch (payload.kind) {
    case PayloadKind::Dots:
      return "Payload: dots, every byte '.' as the original ships them; a compressing path (ssh "
             "-C, a WAN optimiser, compressing storage) shrinks these pages hundreds of times, so "
             "its figures are not the log's";
    case PayloadKind::Files:
      return fmt::format("Payload: {} file{}, {} bytes, in order and cycled: {}",
                         payload.files.size(), payload.files.size() == 1 ? "" : "s",
                         payload.file_bytes(), file_names(payload));
    case PayloadKind::Incompressible:
      break;
  }
  return "Payload: incompressible, random bytes, each page stamped with its log position: no "
         "compressor looking back under 9 MiB (zlib, lz4, zstd to -19) and no deduplication in "
         "chunks of 4 KB or more shrinks them";
}

}  // namespace

std::string payload_line(const PayloadSpec& payload) {
  return payload_description(payload) + compression_text(payload.compressibility);
}

}  // namespace simhadr
