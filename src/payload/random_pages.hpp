#pragma once
// Bytes that no compressor shrinks and no deduplicating path (a WAN optimiser,
// storage that keeps one copy of a block) finds twice within a run, made at
// about a copy's cost: a buffer of random words, renewed in place for each use
// by XORing every 64-byte line with a fresh random word, so a line matches
// another the run made only as often as two random 64-bit words are equal.
// One buffer, read and written once per use, keeps the cache for the socket's
// copies. Seeded anew each run, so a path's cache that saw one run finds
// nothing of it in the next.
#include <cstddef>
#include <cstdint>
#include <span>

#include "simhadr/page_aligned_buffer.hpp"

namespace simhadr {

class RandomBytes {
 public:
  // `bytes`: the most one call asks for; every call asks for a multiple of 64.
  RandomBytes(std::size_t bytes, std::uint64_t seed);
  // The next `bytes` of the stream, in the generator's own buffer: valid, and
  // free to change (the marker), until the next call.
  std::span<char> next(std::size_t bytes);

  static constexpr std::size_t kLineBytes = 64;

 private:
  std::uint64_t state_;
  PageAlignedBuffer buffer_;
};

// A seed that differs from run to run.
std::uint64_t fresh_seed();

}  // namespace simhadr
