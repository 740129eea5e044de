#include <zstd.h>

#include <memory>
#include <string>
#include <vector>

#include "compress/codec.hpp"

namespace simhadr {

namespace {

// Zstandard's frame format, a whole frame per call; each direction keeps its
// context from call to call, which saves its allocation, not its history.
class ZstdCodec final : public Codec {
 public:
  explicit ZstdCodec(int level)
      : level_(level), compressing_(ZSTD_createCCtx()), decompressing_(ZSTD_createDCtx()) {
    if (!compressing_ || !decompressing_) throw CodecError("zstd could not make its contexts");
  }
  std::size_t bound(std::size_t bytes) const override { return ZSTD_compressBound(bytes); }
  std::size_t compress(std::span<const char> in, std::span<char> out) override {
    const std::size_t written =
        ZSTD_compressCCtx(compressing_.get(), out.data(), out.size(), in.data(), in.size(), level_);
    if (ZSTD_isError(written)) {
      throw CodecError(std::string("zstd could not compress the bytes: ") +
                       ZSTD_getErrorName(written));
    }
    return written;
  }
  void decompress(std::span<const char> in, std::span<char> out) override {
    const std::size_t restored =
        ZSTD_decompressDCtx(decompressing_.get(), out.data(), out.size(), in.data(), in.size());
    if (ZSTD_isError(restored) || restored != out.size()) {
      throw CodecError("zstd could not restore the bytes");
    }
  }

 private:
  struct FreeCompressing {
    void operator()(ZSTD_CCtx* context) const { ZSTD_freeCCtx(context); }
  };
  struct FreeDecompressing {
    void operator()(ZSTD_DCtx* context) const { ZSTD_freeDCtx(context); }
  };
  int level_;
  std::unique_ptr<ZSTD_CCtx, FreeCompressing> compressing_;
  std::unique_ptr<ZSTD_DCtx, FreeDecompressing> decompressing_;
};

void throw_if_zstd_error(std::size_t result, const char* doing) {
  if (ZSTD_isError(result)) {
    throw CodecError(std::string("zstd could not ") + doing + ": " + ZSTD_getErrorName(result));
  }
}

// One Zstandard frame that never ends, each piece flushed (ZSTD_e_flush).
class ZstdStreamCompressor final : public StreamCompressor {
 public:
  explicit ZstdStreamCompressor(int level) : context_(ZSTD_createCCtx()) {
    if (!context_) throw CodecError("zstd could not make its context");
    throw_if_zstd_error(ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_compressionLevel, level),
                        "take the level");
  }
  void compress(std::span<const char> in, std::vector<char>& out) override {
    ZSTD_inBuffer input{in.data(), in.size(), 0};
    std::size_t left = 0;
    // Until all of it is in and the flush has nothing left to write.
    do {
      const std::size_t at = out.size();
      out.resize(at + ZSTD_compressBound(input.size - input.pos));
      ZSTD_outBuffer output{out.data() + at, out.size() - at, 0};
      left = ZSTD_compressStream2(context_.get(), &output, &input, ZSTD_e_flush);
      keep_first(out, at + output.pos);
      throw_if_zstd_error(left, "compress");
    } while (left != 0 || input.pos < input.size);
  }

 private:
  struct Free {
    void operator()(ZSTD_CCtx* context) const { ZSTD_freeCCtx(context); }
  };
  std::unique_ptr<ZSTD_CCtx, Free> context_;
};

class ZstdStreamDecompressor final : public StreamDecompressor {
 public:
  ZstdStreamDecompressor() : context_(ZSTD_createDCtx()) {
    if (!context_) throw CodecError("zstd could not make its context");
  }
  RestoreStep restore(std::span<const char> in, std::span<char> out) override {
    ZSTD_inBuffer input{in.data(), in.size(), 0};
    ZSTD_outBuffer output{out.data(), out.size(), 0};
    throw_if_zstd_error(ZSTD_decompressStream(context_.get(), &output, &input),
                        "restore the stream");
    return {input.pos, output.pos};
  }

 private:
  struct Free {
    void operator()(ZSTD_DCtx* context) const { ZSTD_freeDCtx(context); }
  };
  std::unique_ptr<ZSTD_DCtx, Free> context_;
};

std::unique_ptr<Codec> make_zstd_codec(int level) {
  return std::make_unique<ZstdCodec>(level);
}

}  // namespace

const CompressorLibrary kZstdLibrary{
    make_zstd_codec,
    [](int level) -> std::unique_ptr<StreamCompressor> {
      return std::make_unique<ZstdStreamCompressor>(level);
    },
    []() -> std::unique_ptr<StreamDecompressor> {
      return std::make_unique<ZstdStreamDecompressor>();
    },
};

}  // namespace simhadr
