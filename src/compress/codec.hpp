#pragma once
// The compressors, each at one level: whole buffers (the payload probe) and
// streams (-compress on the link).
#include <cstddef>
#include <memory>
#include <span>
#include <stdexcept>

#include "compress/stream_codec.hpp"
#include "simhadr/compression.hpp"

namespace simhadr {

// A compressor's library failed, or what it restored is not what went in.
class CodecError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Codec {
 public:
  virtual ~Codec() = default;
  // The most `bytes` may compress to.
  virtual std::size_t bound(std::size_t bytes) const = 0;
  // Compresses `in` into `out` (bound(in.size()) bytes or more); returns how many it wrote.
  virtual std::size_t compress(std::span<const char> in, std::span<char> out) = 0;
  // Restores `in` into `out`, which is the size that was compressed.
  virtual void decompress(std::span<const char> in, std::span<char> out) = 0;
};

// nullptr where this build has no library for the compressor (cmake/Compression.cmake).
std::unique_ptr<Codec> make_codec(Compressor compressor, int level);
std::unique_ptr<StreamCompressor> make_stream_compressor(const CompressionChoice& choice);
std::unique_ptr<StreamDecompressor> make_stream_decompressor(Compressor compressor);

// What each library's source file makes, where the build has it.
struct CompressorLibrary {
  std::unique_ptr<Codec> (*codec)(int level);
  std::unique_ptr<StreamCompressor> (*stream_compressor)(int level);
  std::unique_ptr<StreamDecompressor> (*stream_decompressor)();
};
extern const CompressorLibrary kZlibLibrary;
extern const CompressorLibrary kLz4Library;
extern const CompressorLibrary kZstdLibrary;

}  // namespace simhadr
