#include "compress/compression_probe.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "compress/codec.hpp"
#include "platform/thread_times.hpp"

namespace simhadr {

namespace {

// A fast compressor does a few MB in a few milliseconds: repeated until the
// CPU clock has counted this long, its figure is not the clock's resolution.
// Where the clock counts in scheduler ticks (Windows: 15.6 ms), the rounds
// go on for a wall-clock while instead, so that many ticks are counted.
constexpr Nanos kLeastCpu = std::chrono::milliseconds(20);
constexpr Nanos kLeastWall = std::chrono::milliseconds(150);

// CPU seconds per GB of `bytes` that `step` costs, over as many rounds as it takes.
template <typename Step>
double cpu_seconds_per_gb(std::size_t bytes, Step&& step) {
  const Nanos started = this_thread_cpu();
  const auto wall_started = std::chrono::steady_clock::now();
  int rounds = 0;
  Nanos spent{};
  do {
    step();
    ++rounds;
    spent = this_thread_cpu() - started;
  } while (spent < kLeastCpu && std::chrono::steady_clock::now() - wall_started < kLeastWall);
  return to_seconds(spent) / rounds / static_cast<double>(bytes) * kBytesPerGByte;
}

CompressorFigures measure_compressor(Codec& codec, CompressionChoice choice,
                                     std::span<const char> sample) {
  const Compressor compressor = choice.compressor;
  std::vector<char> compressed(codec.bound(sample.size()));
  std::vector<char> restored(sample.size());
  std::size_t compressed_bytes = 0;
  CompressorFigures figures{compressor, choice.level};
  figures.compress_seconds_per_gb = cpu_seconds_per_gb(
      sample.size(), [&] { compressed_bytes = codec.compress(sample, compressed); });
  const std::span<const char> stream(compressed.data(), compressed_bytes);
  figures.decompress_seconds_per_gb =
      cpu_seconds_per_gb(sample.size(), [&] { codec.decompress(stream, restored); });
  if (!std::ranges::equal(restored, sample)) {
    throw CodecError(
        fmt::format("{} restored other bytes than it was given", compressor_name(compressor)));
  }
  figures.ratio = static_cast<double>(sample.size()) / static_cast<double>(compressed_bytes);
  return figures;
}

// Each slice on its own, by zstd where it is built, else the last of kCompressors that is.
std::optional<SliceSpread> spread_of(std::span<const char> sample, std::size_t slice_bytes) {
  if (slice_bytes == 0 || sample.size() < 2 * slice_bytes) return std::nullopt;
  for (auto it = kCompressors.rbegin(); it != kCompressors.rend(); ++it) {
    const auto codec = make_codec(*it, probe_level(*it));
    if (!codec) continue;
    SliceSpread spread{*it, probe_level(*it)};
    std::vector<char> compressed(codec->bound(slice_bytes));
    for (std::size_t at = 0; at + slice_bytes <= sample.size(); at += slice_bytes) {
      const std::size_t bytes = codec->compress(sample.subspan(at, slice_bytes), compressed);
      const double ratio = static_cast<double>(slice_bytes) / static_cast<double>(bytes);
      spread.low_ratio = spread.slices == 0 ? ratio : std::min(spread.low_ratio, ratio);
      spread.high_ratio = std::max(spread.high_ratio, ratio);
      ++spread.slices;
    }
    return spread;
  }
  return std::nullopt;
}

}  // namespace

CompressionProbe probe_compression(std::span<const char> sample, std::size_t slice_bytes) {
  CompressionProbe probe;
  probe.sample_bytes = sample.size();
  probe.spread = spread_of(sample, slice_bytes);
  for (const Compressor compressor : kCompressors) {
    const auto codec = make_codec(compressor, probe_level(compressor));
    if (!codec) {
      probe.not_built.push_back(compressor);
    } else if (!sample.empty()) {
      probe.measured.push_back(
          measure_compressor(*codec, {compressor, probe_level(compressor)}, sample));
    }
  }
  return probe;
}

std::optional<CompressorFigures> probe_stream(std::span<const char> sample,
                                              CompressionChoice choice, std::size_t piece_bytes) {
  if (sample.empty() || piece_bytes == 0) return std::nullopt;
  if (!make_stream_compressor(choice)) return std::nullopt;
  std::vector<char> stream;
  std::vector<char> restored(sample.size());
  CompressorFigures figures{choice.compressor, choice.level};
  // Each round starts a new stream, as a new connection does.
  figures.compress_seconds_per_gb = cpu_seconds_per_gb(sample.size(), [&] {
    const auto compressor = make_stream_compressor(choice);
    stream.clear();
    for (std::size_t at = 0; at < sample.size(); at += piece_bytes) {
      compressor->compress(sample.subspan(at, std::min(piece_bytes, sample.size() - at)), stream);
    }
  });
  figures.decompress_seconds_per_gb = cpu_seconds_per_gb(sample.size(), [&] {
    const auto decompressor = make_stream_decompressor(choice.compressor);
    std::span<const char> in(stream);
    std::span<char> out(restored);
    while (!out.empty()) {
      const RestoreStep step = decompressor->restore(in, out);
      if (step.produced == 0 && step.consumed == 0) break;
      in = in.subspan(step.consumed);
      out = out.subspan(step.produced);
    }
  });
  if (!std::ranges::equal(restored, sample)) {
    throw CodecError(
        fmt::format("{} restored other bytes than it was given", compression_choice_text(choice)));
  }
  figures.ratio = static_cast<double>(sample.size()) / static_cast<double>(stream.size());
  return figures;
}

}  // namespace simhadr
