#pragma once
// One compressor at one level, a whole buffer at a time.
#include <cstddef>
#include <memory>
#include <span>
#include <stdexcept>

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

// nullptr where this build has no library for `compressor` (cmake/Compression.cmake).
std::unique_ptr<Codec> make_codec(Compressor compressor, int level);

// Each library's, defined where the build has it.
std::unique_ptr<Codec> make_zlib_codec(int level);
std::unique_ptr<Codec> make_lz4_codec(int acceleration);
std::unique_ptr<Codec> make_zstd_codec(int level);

}  // namespace simhadr
