#pragma once
// Bytes that no compressor shrinks and no deduplicating path (a WAN optimiser,
// storage that keeps one copy of a block) finds twice within a run, made at
// close to the speed of a copy: a pool of random words, each 64-byte line of
// output XORed with a fresh random word, so every line differs from every
// other the run makes. Seeded anew each run, so a path's cache that saw one
// run finds nothing of it in the next.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace simhadr {

class RandomBytes {
 public:
  explicit RandomBytes(std::uint64_t seed);
  // Fills `into` (a multiple of 64 bytes) with the next bytes of the stream.
  void fill(std::span<char> into);

  static constexpr std::size_t kLineBytes = 64;

 private:
  std::uint64_t next_word();

  std::uint64_t state_;
  std::vector<std::uint64_t> pool_;
  std::size_t at_ = 0;  // the pool's next word
};

// A seed that differs from run to run.
std::uint64_t fresh_seed();

}  // namespace simhadr
