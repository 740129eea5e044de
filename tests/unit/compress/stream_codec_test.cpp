// The compressors as -compress streams them: pieces of any size, each flushed,
// restore whole from the stream fed in any cuts and into any space; the
// history carries, so a repeated piece costs less the second time; a stream
// that is not the codec's is an error.
#include "compress/stream_codec.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "compress/codec.hpp"
#include "payload/payload_sample.hpp"

namespace simhadr {
namespace {

std::vector<CompressionChoice> built_choices() {
  std::vector<CompressionChoice> choices;
  for (const Compressor compressor : kCompressors) {
    if (make_stream_compressor({compressor, probe_level(compressor)})) {
      choices.push_back({compressor, probe_level(compressor)});
    }
  }
  return choices;
}

// Restores `stream` fed in cuts of `cut` bytes into spaces of `space` bytes.
std::vector<char> restore_all(StreamDecompressor& decompressor, const std::vector<char>& stream,
                              std::size_t cut, std::size_t space) {
  std::vector<char> restored;
  std::vector<char> out(space);
  for (std::size_t at = 0; at < stream.size(); at += cut) {
    std::span<const char> in(stream.data() + at, std::min(cut, stream.size() - at));
    for (;;) {
      const RestoreStep step = decompressor.restore(in, out);
      restored.insert(restored.end(), out.begin(), out.begin() + step.produced);
      in = in.subspan(step.consumed);
      if (step.produced == out.size()) continue;  // the space ran out: it may hold more
      if (in.empty()) break;
      if (step.consumed == 0 && step.produced == 0) {
        ADD_FAILURE() << "the decompressor took none of " << in.size() << " bytes";
        return restored;
      }
    }
  }
  return restored;
}

// Words and numbers drawn at random: compressible a few times, as log records
// are, with no run long enough to make it trivial.
std::vector<char> record_like(std::size_t bytes) {
  static constexpr std::array<std::string_view, 8> kWords{
      "INSERT ", "ACCOUNT ", "BALANCE=", "COMMIT ", "TX", "UPDATE ", "ROW ", "LSN "};
  std::mt19937 random(47);
  std::vector<char> data;
  while (data.size() < bytes) {
    const std::string_view word = kWords[random() % kWords.size()];
    data.insert(data.end(), word.begin(), word.end());
    const std::string number = std::to_string(random() % 100000);
    data.insert(data.end(), number.begin(), number.end());
  }
  data.resize(bytes);
  return data;
}

TEST(StreamCodec, PiecesOfAnySizeRestoreWholeFromAnyCuts) {
  const std::vector<char> sample = record_like(std::size_t{1} << 20);
  const std::vector<std::size_t> pieces{1, 4096, 65536, 100000, 4096 * 256};
  for (const CompressionChoice& choice : built_choices()) {
    auto compressor = make_stream_compressor(choice);
    std::vector<char> stream;
    std::size_t at = 0;
    for (std::size_t i = 0; at < sample.size(); ++i) {
      const std::size_t piece = std::min(pieces[i % pieces.size()], sample.size() - at);
      compressor->compress(std::span(sample).subspan(at, piece), stream);
      at += piece;
    }
    const std::vector<std::pair<std::size_t, std::size_t>> cuts_and_spaces{
        {stream.size(), sample.size()}, {7, 4096}, {65536, 100}};
    for (const auto& [cut, space] : cuts_and_spaces) {
      auto decompressor = make_stream_decompressor(choice.compressor);
      EXPECT_EQ(restore_all(*decompressor, stream, cut, space), sample)
          << compression_choice_text(choice) << " cut " << cut << " space " << space;
    }
  }
}

TEST(StreamCodec, EachPieceRestoresAsSoonAsItsBytesCame) {
  const std::vector<char> sample = payload_sample({PayloadKind::Dots, {}}, 3 * 65536);
  for (const CompressionChoice& choice : built_choices()) {
    auto compressor = make_stream_compressor(choice);
    auto decompressor = make_stream_decompressor(choice.compressor);
    std::vector<char> out(sample.size());
    for (std::size_t i = 0; i < 3; ++i) {
      std::vector<char> piece;
      compressor->compress(std::span(sample).subspan(i * 65536, 65536), piece);
      const RestoreStep step = decompressor->restore(piece, out);
      EXPECT_EQ(step.consumed, piece.size()) << compression_choice_text(choice);
      EXPECT_EQ(step.produced, 65536u) << compression_choice_text(choice);
    }
  }
}

TEST(StreamCodec, TheHistoryCarriesFromPieceToPiece) {
  const std::vector<char> piece = payload_sample({}, 16384);
  for (const CompressionChoice& choice : built_choices()) {
    auto compressor = make_stream_compressor(choice);
    std::vector<char> first;
    compressor->compress(piece, first);
    std::vector<char> again;
    compressor->compress(piece, again);
    EXPECT_GT(first.size(), piece.size() / 2) << compression_choice_text(choice);
    EXPECT_LT(again.size(), piece.size() / 10) << compression_choice_text(choice);
  }
}

TEST(StreamCodec, BytesThatAreNotTheCodecsAreAnError) {
  const std::vector<char> noise = payload_sample({}, 4096);
  for (const CompressionChoice& choice : built_choices()) {
    auto decompressor = make_stream_decompressor(choice.compressor);
    std::vector<char> out(65536);
    EXPECT_THROW(static_cast<void>(decompressor->restore(noise, out)), CodecError)
        << compression_choice_text(choice);
  }
}

}  // namespace
}  // namespace simhadr
