#pragma once
// What a compressing path would make of the payload: each compressor at the
// level a fast path uses (zlib 6 as ssh -C does, lz4 and zstd at 1), its ratio
// on a sample of the payload and the CPU it spent per GB of log each way.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simhadr {

enum class Compressor : std::uint8_t { Zlib, Lz4, Zstd };

inline constexpr std::array kCompressors{Compressor::Zlib, Compressor::Lz4, Compressor::Zstd};

// "zlib", "lz4", "zstd": as reports write them.
std::string_view compressor_name(Compressor compressor);
// The level the probe measures at: what ssh -C (zlib) and a fast path use.
int probe_level(Compressor compressor);
// The highest level each takes: zlib 9, lz4 12, zstd 19 (the lowest is 1).
int max_level(Compressor compressor);

// -compress CODEC[:LEVEL] on a real run; the level defaults to the probe's.
struct CompressionChoice {
  Compressor compressor = Compressor::Zstd;
  int level = 1;
  bool operator==(const CompressionChoice&) const = default;
};

// "zstd:1", as the handshake and the reports write it.
std::string compression_choice_text(const CompressionChoice& choice);
// "zstd", "lz4:3", "zlib:6"; none for anything else (an unknown name, a level out of range).
std::optional<CompressionChoice> parse_compression_choice(std::string_view text);

struct CompressorFigures {
  Compressor compressor = Compressor::Zlib;
  int level = 0;
  double ratio = 0;                      // the sample's bytes over what they compressed to
  double compress_seconds_per_gb = 0;    // CPU, per GB of log (before compression)
  double decompress_seconds_per_gb = 0;  // CPU, per GB of log restored
  bool operator==(const CompressorFigures&) const = default;
};

// Where the sample is slices of a larger set: the least and the most any one
// slice compressed to, by one compressor. Parts of a set differ (busy hours,
// quiet ones), and a run on part of it gets that part's ratio.
struct SliceSpread {
  Compressor compressor = Compressor::Zstd;
  int level = 1;
  std::uint64_t slices = 0;
  double low_ratio = 0;
  double high_ratio = 0;
  bool operator==(const SliceSpread&) const = default;
};

struct CompressionProbe {
  std::uint64_t sample_bytes = 0;
  std::optional<SliceSpread> spread;  // none where the sample is the whole payload
  std::vector<CompressorFigures> measured;
  std::vector<Compressor> not_built;  // left out of this build (no library for its target)
  bool operator==(const CompressionProbe&) const = default;
};

}  // namespace simhadr
