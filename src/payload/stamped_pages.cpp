#include "payload/stamped_pages.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstring>
#include <random>

#include "simhadr/units.hpp"
#include "simhadr/wire/flush_codec.hpp"

namespace simhadr {

namespace {

// wyrand: 64 bits of good statistical quality from a multiply.
std::uint64_t wyrand(std::uint64_t& state) {
  __extension__ using Wide = unsigned __int128;
  state += 0xa0761d6478bd642fULL;
  const Wide product = static_cast<Wide>(state) * (state ^ 0xe7037ed1a0b428dbULL);
  return static_cast<std::uint64_t>(product >> 64) ^ static_cast<std::uint64_t>(product);
}

// SplitMix64's finaliser: a bijection, so pages at different positions get
// different stamps, and every bit of a stamp depends on every bit of the position.
std::uint64_t mix(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

constexpr std::size_t kMiB = std::size_t{1} << 20;

std::size_t lookback_bytes(Lookback lookback) {
  return lookback == Lookback::Stream ? 9 * kMiB : 1 * kMiB;
}

void store(char* at, std::uint64_t word) {
  std::memcpy(at, &word, sizeof(word));
}

// The marker's first eight bytes as a word, as store() lays one down: a page's
// first stamp never equals them, so only a flush's last page opens as the marker does.
constexpr std::uint64_t kMarkerWord = [] {
  std::array<char, sizeof(std::uint64_t)> head{};
  std::copy_n(kEndOfFlushMarker.begin(), head.size(), head.begin());
  return std::bit_cast<std::uint64_t>(head);
}();

}  // namespace

std::size_t StampedPages::pool_bytes(std::uint32_t max_pages, Lookback lookback) {
  // A flush that does not fit before the pool's end starts again at its
  // start, so a byte comes round after at least the pool less one flush.
  return lookback_bytes(lookback) + pages_to_bytes(std::max<std::uint32_t>(max_pages, 1));
}

StampedPages::StampedPages(std::uint32_t max_pages, Lookback lookback, std::uint64_t seed)
    : pool_(pool_bytes(max_pages, lookback), '\0'), key_(seed) {
  std::uint64_t state = seed ^ 0x5851f42d4c957f2dULL;
  std::span<char> fresh = pool_.bytes();
  for (; fresh.size() >= sizeof(std::uint64_t); fresh = fresh.subspan(sizeof(std::uint64_t))) {
    store(fresh.data(), wyrand(state));
  }
}

std::span<char> StampedPages::stamped(std::uint32_t pages) {
  const std::size_t bytes = pages_to_bytes(pages);
  if (at_ + bytes > pool_.size()) at_ = 0;
  const std::span<char> out = pool_.bytes().subspan(at_, bytes);
  at_ += bytes;
  for (char* page = out.data(); page < out.data() + out.size(); page += kPageBytes) {
    std::uint64_t first = mix(key_ + pages_made_++);
    if (first == kMarkerWord) first = ~first;
    store(page, first);
    store(page + kSecondStampAt, std::rotl(first, 32) ^ key_);
  }
  return out;
}

std::span<const char> StampedPages::next_flush(std::uint32_t pages) {
  const std::span<char> flush = stamped(pages);
  char* last = flush.data() + flush.size() - kPageBytes;
  std::uint64_t stamp = 0;
  std::memcpy(&stamp, last, sizeof(stamp));
  std::ranges::copy(kEndOfFlushMarker, last);
  store(last + kMarkedPageStampAt, stamp);
  return flush;
}

std::span<const char> StampedPages::next_pages(std::uint32_t pages) {
  return stamped(pages);
}

std::uint64_t fresh_seed() {
  std::random_device device;
  const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return (static_cast<std::uint64_t>(device()) << 32) ^ device() ^ static_cast<std::uint64_t>(now);
}

}  // namespace simhadr
