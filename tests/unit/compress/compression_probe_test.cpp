// What the compression probe finds: each compressor built in gives back what
// it was given, shrinks the original's dots hundreds of times and random bytes
// not at all, and one a build lacks is named as absent.
#include "compress/compression_probe.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "compress/codec.hpp"
#include "payload/payload_sample.hpp"

namespace simhadr {
namespace {

constexpr std::size_t kSampleBytes = std::size_t{1} << 20;

TEST(Codec, EachBuiltGivesBackWhatItWasGiven) {
  const std::vector<char> sample = payload_sample({PayloadKind::Dots, {}}, kSampleBytes);
  for (const Compressor compressor : kCompressors) {
    const auto codec = make_codec(compressor, probe_level(compressor));
    if (!codec) continue;
    std::vector<char> compressed(codec->bound(sample.size()));
    compressed.resize(codec->compress(sample, compressed));
    std::vector<char> restored(sample.size());
    codec->decompress(compressed, restored);
    EXPECT_EQ(restored, sample) << compressor_name(compressor);
  }
}

TEST(Codec, AStreamCutShortIsAnError) {
  const std::vector<char> sample = payload_sample({}, 65536);
  for (const Compressor compressor : kCompressors) {
    const auto codec = make_codec(compressor, probe_level(compressor));
    if (!codec) continue;
    std::vector<char> compressed(codec->bound(sample.size()));
    compressed.resize(codec->compress(sample, compressed) / 2);
    std::vector<char> restored(sample.size());
    EXPECT_THROW(codec->decompress(compressed, restored), CodecError)
        << compressor_name(compressor);
  }
}

TEST(CompressionProbe, EveryCompressorIsMeasuredOrNamedAbsent) {
  const CompressionProbe probe =
      probe_compression(payload_sample({PayloadKind::Dots, {}}, kSampleBytes));
  EXPECT_EQ(probe.sample_bytes, kSampleBytes);
  EXPECT_EQ(probe.measured.size() + probe.not_built.size(), kCompressors.size());
  for (const CompressorFigures& figures : probe.measured) {
    EXPECT_EQ(figures.level, probe_level(figures.compressor));
    EXPECT_GT(figures.compress_seconds_per_gb, 0);
    EXPECT_GT(figures.decompress_seconds_per_gb, 0);
  }
}

TEST(CompressionProbe, DotsShrinkHundredsOfTimesAndRandomBytesNotAtAll) {
  const CompressionProbe dots =
      probe_compression(payload_sample({PayloadKind::Dots, {}}, kSampleBytes));
  for (const CompressorFigures& figures : dots.measured) {
    EXPECT_GT(figures.ratio, 200) << compressor_name(figures.compressor);
  }
  const CompressionProbe random = probe_compression(payload_sample({}, kSampleBytes));
  for (const CompressorFigures& figures : random.measured) {
    EXPECT_GT(figures.ratio, 0.99) << compressor_name(figures.compressor);
    EXPECT_LE(figures.ratio, 1.0) << compressor_name(figures.compressor);
  }
}

// A set whose parts differ: the sample's slices say how far apart they compress.
TEST(CompressionProbe, SlicesOfALargerSetGiveTheirSpread) {
  const std::vector<char> dots = payload_sample({PayloadKind::Dots, {}}, kSampleBytes / 2);
  const std::vector<char> random = payload_sample({}, kSampleBytes / 2);
  std::vector<char> sample = dots;
  sample.insert(sample.end(), random.begin(), random.end());
  const CompressionProbe probe = probe_compression(sample, kSampleBytes / 8);
  if (probe.measured.empty()) GTEST_SKIP() << "no compressor in this build";
  ASSERT_TRUE(probe.spread.has_value());
  EXPECT_EQ(probe.spread->slices, 8u);
  EXPECT_LE(probe.spread->low_ratio, 1.0);
  EXPECT_GT(probe.spread->high_ratio, 100.0);
  // The whole payload has no spread to give.
  EXPECT_FALSE(probe_compression(sample).spread.has_value());
}

TEST(CompressionProbe, AnEmptySampleMeasuresNothing) {
  const CompressionProbe probe = probe_compression({});
  EXPECT_EQ(probe.sample_bytes, 0u);
  EXPECT_TRUE(probe.measured.empty());
}

}  // namespace
}  // namespace simhadr
