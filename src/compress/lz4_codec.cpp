#include <lz4.h>
#include <lz4frame.h>

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "compress/codec.hpp"

namespace simhadr {

namespace {

int int_size(std::size_t bytes) {
  if (bytes > static_cast<std::size_t>(LZ4_MAX_INPUT_SIZE)) {
    throw CodecError("lz4 takes at most 2 GB at a time");
  }
  return static_cast<int>(bytes);
}

// LZ4's block format; acceleration 1 is `lz4 -1`.
class Lz4Codec final : public Codec {
 public:
  explicit Lz4Codec(int acceleration) : acceleration_(acceleration) {}
  std::size_t bound(std::size_t bytes) const override {
    return static_cast<std::size_t>(LZ4_compressBound(int_size(bytes)));
  }
  std::size_t compress(std::span<const char> in, std::span<char> out) override {
    const int written =
        LZ4_compress_fast(in.data(), out.data(), int_size(in.size()),
                          int_size(std::min<std::size_t>(out.size(), INT_MAX)), acceleration_);
    if (written <= 0) throw CodecError("lz4 could not compress the bytes");
    return static_cast<std::size_t>(written);
  }
  void decompress(std::span<const char> in, std::span<char> out) override {
    const int restored =
        LZ4_decompress_safe(in.data(), out.data(), int_size(in.size()), int_size(out.size()));
    if (restored < 0 || static_cast<std::size_t>(restored) != out.size()) {
      throw CodecError("lz4 could not restore the bytes");
    }
  }

 private:
  int acceleration_;
};

void throw_if_lz4_error(std::size_t result, const char* doing) {
  if (LZ4F_isError(result)) {
    throw CodecError(std::string("lz4 could not ") + doing + ": " + LZ4F_getErrorName(result));
  }
}

// LZ4's frame format with linked 64 KiB blocks, so each block draws on the
// ones before; each piece is flushed. Level 1 and 2 are the fast compressor at
// acceleration 1 (`lz4 -1`), 3 and up the high-compression one (`lz4 -3` ...).
class Lz4StreamCompressor final : public StreamCompressor {
 public:
  explicit Lz4StreamCompressor(int level) {
    throw_if_lz4_error(LZ4F_createCompressionContext(&context_, LZ4F_VERSION), "make its context");
    preferences_.frameInfo.blockMode = LZ4F_blockLinked;
    preferences_.frameInfo.blockSizeID = LZ4F_max64KB;
    preferences_.compressionLevel = level;
    preferences_.autoFlush = 1;
  }
  ~Lz4StreamCompressor() override { LZ4F_freeCompressionContext(context_); }
  Lz4StreamCompressor(const Lz4StreamCompressor&) = delete;
  Lz4StreamCompressor& operator=(const Lz4StreamCompressor&) = delete;

  void compress(std::span<const char> in, std::vector<char>& out) override {
    if (!begun_) {
      const std::size_t at = out.size();
      out.resize(at + LZ4F_HEADER_SIZE_MAX);
      const std::size_t header =
          LZ4F_compressBegin(context_, out.data() + at, LZ4F_HEADER_SIZE_MAX, &preferences_);
      throw_if_lz4_error(header, "begin its frame");
      keep_first(out, at + header);
      begun_ = true;
    }
    const std::size_t at = out.size();
    out.resize(at + LZ4F_compressBound(in.size(), &preferences_) +
               LZ4F_compressBound(0, &preferences_));
    const std::size_t written = LZ4F_compressUpdate(context_, out.data() + at, out.size() - at,
                                                    in.data(), in.size(), nullptr);
    throw_if_lz4_error(written, "compress");
    const std::size_t flushed =
        LZ4F_flush(context_, out.data() + at + written, out.size() - at - written, nullptr);
    throw_if_lz4_error(flushed, "flush");
    keep_first(out, at + written + flushed);
  }

 private:
  LZ4F_cctx* context_ = nullptr;
  LZ4F_preferences_t preferences_{};
  bool begun_ = false;
};

class Lz4StreamDecompressor final : public StreamDecompressor {
 public:
  Lz4StreamDecompressor() {
    throw_if_lz4_error(LZ4F_createDecompressionContext(&context_, LZ4F_VERSION),
                       "make its context");
  }
  ~Lz4StreamDecompressor() override { LZ4F_freeDecompressionContext(context_); }
  Lz4StreamDecompressor(const Lz4StreamDecompressor&) = delete;
  Lz4StreamDecompressor& operator=(const Lz4StreamDecompressor&) = delete;

  RestoreStep restore(std::span<const char> in, std::span<char> out) override {
    std::size_t consumed = in.size();
    std::size_t produced = out.size();
    throw_if_lz4_error(
        LZ4F_decompress(context_, out.data(), &produced, in.data(), &consumed, nullptr),
        "restore the stream");
    return {consumed, produced};
  }

 private:
  LZ4F_dctx* context_ = nullptr;
};

std::unique_ptr<Codec> make_lz4_codec(int acceleration) {
  return std::make_unique<Lz4Codec>(acceleration);
}

}  // namespace

const CompressorLibrary kLz4Library{
    make_lz4_codec,
    [](int level) -> std::unique_ptr<StreamCompressor> {
      return std::make_unique<Lz4StreamCompressor>(level);
    },
    []() -> std::unique_ptr<StreamDecompressor> {
      return std::make_unique<Lz4StreamDecompressor>();
    },
};

}  // namespace simhadr
