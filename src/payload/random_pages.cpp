#include "payload/random_pages.hpp"

#include <chrono>
#include <cstring>
#include <random>

namespace simhadr {

namespace {

// 1 MiB: it stays in the cache, and a line's key, not the pool, makes it unique.
constexpr std::size_t kPoolWords = (std::size_t{1} << 20) / sizeof(std::uint64_t);
constexpr std::size_t kWordsPerLine = RandomBytes::kLineBytes / sizeof(std::uint64_t);

}  // namespace

RandomBytes::RandomBytes(std::uint64_t seed) : state_(seed), pool_(kPoolWords) {
  for (std::uint64_t& word : pool_) word = next_word();
}

// wyrand: 64 bits of good statistical quality from a multiply, a few times
// faster than the standard library's engines.
std::uint64_t RandomBytes::next_word() {
  __extension__ using Wide = unsigned __int128;
  state_ += 0xa0761d6478bd642fULL;
  const Wide product = static_cast<Wide>(state_) * (state_ ^ 0xe7037ed1a0b428dbULL);
  return static_cast<std::uint64_t>(product >> 64) ^ static_cast<std::uint64_t>(product);
}

void RandomBytes::fill(std::span<char> into) {
  char* out = into.data();
  for (std::size_t line = 0; line < into.size() / kLineBytes; ++line) {
    const std::uint64_t key = next_word();
    std::uint64_t words[kWordsPerLine];
    for (std::size_t i = 0; i < kWordsPerLine; ++i) words[i] = pool_[at_ + i] ^ key;
    std::memcpy(out, words, sizeof(words));
    out += sizeof(words);
    at_ = (at_ + kWordsPerLine) % kPoolWords;
  }
}

std::uint64_t fresh_seed() {
  std::random_device device;
  const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return (static_cast<std::uint64_t>(device()) << 32) ^ device() ^ static_cast<std::uint64_t>(now);
}

}  // namespace simhadr
