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

CompressorFigures measure_compressor(Codec& codec, Compressor compressor,
                                     std::span<const char> sample) {
  std::vector<char> compressed(codec.bound(sample.size()));
  std::vector<char> restored(sample.size());
  std::size_t compressed_bytes = 0;
  CompressorFigures figures{compressor, probe_level(compressor)};
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

}  // namespace

CompressionProbe probe_compression(std::span<const char> sample) {
  CompressionProbe probe;
  probe.sample_bytes = sample.size();
  for (const Compressor compressor : kCompressors) {
    const auto codec = make_codec(compressor, probe_level(compressor));
    if (!codec) {
      probe.not_built.push_back(compressor);
    } else if (!sample.empty()) {
      probe.measured.push_back(measure_compressor(*codec, compressor, sample));
    }
  }
  return probe;
}

}  // namespace simhadr
