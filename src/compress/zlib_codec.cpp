#include <zlib.h>

#include "compress/codec.hpp"

namespace simhadr {

namespace {

// The zlib format, as compress2 and Python's zlib.compress make it.
class ZlibCodec final : public Codec {
 public:
  explicit ZlibCodec(int level) : level_(level) {}
  std::size_t bound(std::size_t bytes) const override {
    return ::compressBound(static_cast<uLong>(bytes));
  }
  std::size_t compress(std::span<const char> in, std::span<char> out) override {
    uLongf written = static_cast<uLongf>(out.size());
    if (::compress2(reinterpret_cast<Bytef*>(out.data()), &written,
                    reinterpret_cast<const Bytef*>(in.data()), static_cast<uLong>(in.size()),
                    level_) != Z_OK) {
      throw CodecError("zlib could not compress the bytes");
    }
    return written;
  }
  void decompress(std::span<const char> in, std::span<char> out) override {
    uLongf restored = static_cast<uLongf>(out.size());
    if (::uncompress(reinterpret_cast<Bytef*>(out.data()), &restored,
                     reinterpret_cast<const Bytef*>(in.data()),
                     static_cast<uLong>(in.size())) != Z_OK ||
        restored != out.size()) {
      throw CodecError("zlib could not restore the bytes");
    }
  }

 private:
  int level_;
};

}  // namespace

std::unique_ptr<Codec> make_zlib_codec(int level) {
  return std::make_unique<ZlibCodec>(level);
}

}  // namespace simhadr
