#include <lz4.h>

#include <algorithm>
#include <climits>

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

}  // namespace

std::unique_ptr<Codec> make_lz4_codec(int acceleration) {
  return std::make_unique<Lz4Codec>(acceleration);
}

}  // namespace simhadr
