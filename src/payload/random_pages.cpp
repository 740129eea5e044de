#include "payload/random_pages.hpp"

#include <cassert>
#include <chrono>
#include <cstring>
#include <random>

namespace simhadr {

namespace {

// wyrand: 64 bits of good statistical quality from a multiply, a few times
// faster than the standard library's engines.
std::uint64_t wyrand(std::uint64_t& state) {
  __extension__ using Wide = unsigned __int128;
  state += 0xa0761d6478bd642fULL;
  const Wide product = static_cast<Wide>(state) * (state ^ 0xe7037ed1a0b428dbULL);
  return static_cast<std::uint64_t>(product >> 64) ^ static_cast<std::uint64_t>(product);
}

}  // namespace

RandomBytes::RandomBytes(std::size_t bytes, std::uint64_t seed)
    : state_(seed), buffer_(bytes, '\0') {
  std::span<char> fresh = buffer_.bytes();
  for (; fresh.size() >= sizeof(std::uint64_t); fresh = fresh.subspan(sizeof(std::uint64_t))) {
    const std::uint64_t word = wyrand(state_);
    std::memcpy(fresh.data(), &word, sizeof(word));
  }
}

// A line's bytes are its first random words XORed with every key it has been
// given since: a new random value in each word at each use. The state is
// kept in a local, which the stores into the buffer cannot alias: the loop
// then runs at the speed of its loads and stores, not of a round trip
// through memory per line.
std::span<char> RandomBytes::next(std::size_t bytes) {
  assert(bytes % kLineBytes == 0);
  const std::span<char> out = buffer_.bytes().first(bytes);
  std::uint64_t state = state_;
  for (char* line = out.data(); line < out.data() + out.size(); line += kLineBytes) {
    const std::uint64_t key = wyrand(state);
    for (std::size_t at = 0; at < kLineBytes; at += sizeof(std::uint64_t)) {
      std::uint64_t word;
      std::memcpy(&word, line + at, sizeof(word));
      word ^= key;
      std::memcpy(line + at, &word, sizeof(word));
    }
  }
  state_ = state;
  return out;
}

std::uint64_t fresh_seed() {
  std::random_device device;
  const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return (static_cast<std::uint64_t>(device()) << 32) ^ device() ^ static_cast<std::uint64_t>(now);
}

}  // namespace simhadr
