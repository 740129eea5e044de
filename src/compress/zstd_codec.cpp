#include <zstd.h>

#include <memory>
#include <string>

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

}  // namespace

std::unique_ptr<Codec> make_zstd_codec(int level) {
  return std::make_unique<ZstdCodec>(level);
}

}  // namespace simhadr
