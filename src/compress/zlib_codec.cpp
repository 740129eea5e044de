#include <zlib.h>

#include <algorithm>
#include <climits>

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

// zlib's stream takes at most UINT_MAX bytes a call; -compress gives it far less.
uInt zlib_size(std::size_t bytes) {
  return static_cast<uInt>(std::min<std::size_t>(bytes, UINT_MAX));
}

// A deflate stream in the zlib format, each piece ended by a sync flush, as
// OpenSSH's compression does with each packet.
class ZlibStreamCompressor final : public StreamCompressor {
 public:
  explicit ZlibStreamCompressor(int level) {
    if (::deflateInit(&stream_, level) != Z_OK) throw CodecError("zlib could not start a stream");
  }
  ~ZlibStreamCompressor() override { ::deflateEnd(&stream_); }
  ZlibStreamCompressor(const ZlibStreamCompressor&) = delete;
  ZlibStreamCompressor& operator=(const ZlibStreamCompressor&) = delete;

  void compress(std::span<const char> in, std::vector<char>& out) override {
    stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    stream_.avail_in = zlib_size(in.size());
    // A flush that fills the space given may have more to write: it is called again.
    do {
      const std::size_t at = out.size();
      out.resize(at + ::deflateBound(&stream_, stream_.avail_in) + kFlushMarkerBytes);
      stream_.next_out = reinterpret_cast<Bytef*>(out.data() + at);
      stream_.avail_out = zlib_size(out.size() - at);
      const int result = ::deflate(&stream_, Z_SYNC_FLUSH);
      keep_first(out, out.size() - stream_.avail_out);
      if (result != Z_OK && result != Z_BUF_ERROR) throw CodecError("zlib could not compress");
    } while (stream_.avail_out == 0 || stream_.avail_in > 0);
  }

 private:
  static constexpr std::size_t kFlushMarkerBytes = 16;
  z_stream stream_{};
};

class ZlibStreamDecompressor final : public StreamDecompressor {
 public:
  ZlibStreamDecompressor() {
    if (::inflateInit(&stream_) != Z_OK) throw CodecError("zlib could not start a stream");
  }
  ~ZlibStreamDecompressor() override { ::inflateEnd(&stream_); }
  ZlibStreamDecompressor(const ZlibStreamDecompressor&) = delete;
  ZlibStreamDecompressor& operator=(const ZlibStreamDecompressor&) = delete;

  RestoreStep restore(std::span<const char> in, std::span<char> out) override {
    stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    stream_.avail_in = zlib_size(in.size());
    stream_.next_out = reinterpret_cast<Bytef*>(out.data());
    stream_.avail_out = zlib_size(out.size());
    const int result = ::inflate(&stream_, Z_SYNC_FLUSH);
    // Z_BUF_ERROR: nothing could be done with what was given, which is no error in a stream.
    if (result != Z_OK && result != Z_BUF_ERROR) {
      throw CodecError("zlib could not restore the stream: it is not what zlib compressed");
    }
    return {in.size() - stream_.avail_in, out.size() - stream_.avail_out};
  }

 private:
  z_stream stream_{};
};

std::unique_ptr<Codec> make_zlib_codec(int level) {
  return std::make_unique<ZlibCodec>(level);
}

}  // namespace

const CompressorLibrary kZlibLibrary{
    make_zlib_codec,
    [](int level) -> std::unique_ptr<StreamCompressor> {
      return std::make_unique<ZlibStreamCompressor>(level);
    },
    []() -> std::unique_ptr<StreamDecompressor> {
      return std::make_unique<ZlibStreamDecompressor>();
    },
};

}  // namespace simhadr
