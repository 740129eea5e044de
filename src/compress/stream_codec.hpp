#pragma once
// One compressor as a stream, as -compress runs it on the link: the primary
// compresses each piece it sends and flushes it, so the standby can restore
// everything sent so far at once; the history carries from piece to piece, as
// ssh -C's zlib stream does.
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "simhadr/compression.hpp"

namespace simhadr {

class StreamCompressor {
 public:
  virtual ~StreamCompressor() = default;
  // Appends to `out` what `in` compresses to, flushed: the peer restores all of it from that.
  virtual void compress(std::span<const char> in, std::vector<char>& out) = 0;
};

// Cuts `out` back to its first `size` bytes after a library wrote into room
// made for its worst case. Erase, not resize: GCC's sanitizer builds cannot
// prove a resize here only shrinks, and warn of a memset out of bounds.
inline void keep_first(std::vector<char>& out, std::size_t size) {
  out.erase(out.begin() + static_cast<std::ptrdiff_t>(size), out.end());
}

struct RestoreStep {
  std::size_t consumed = 0;  // of the compressed bytes given
  std::size_t produced = 0;  // restored bytes written
};

class StreamDecompressor {
 public:
  virtual ~StreamDecompressor() = default;
  // Restores from `in` into `out` as much as both allow; what it did not
  // consume is to be given again. A corrupt stream is a CodecError.
  virtual RestoreStep restore(std::span<const char> in, std::span<char> out) = 0;
};

}  // namespace simhadr
