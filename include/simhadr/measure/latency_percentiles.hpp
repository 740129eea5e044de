#pragma once
// Percentiles of latencies over runs of any length in constant memory: values
// below 64 are kept exactly, larger ones in buckets 1/32 of a power of two wide,
// so a reported percentile is at most about 3% above the true one (and never
// above the largest value seen).
#include <array>
#include <cstdint>

namespace simhadr {

class LatencyPercentiles {
 public:
  void add(std::uint64_t value);
  void merge(const LatencyPercentiles& other);
  std::uint64_t count() const { return count_; }
  std::uint64_t max() const { return max_; }
  // Nearest-rank percentile, q in (0, 1]; 0 when empty.
  std::uint64_t percentile(double q) const;

 private:
  static constexpr unsigned kExactBelow = 64;
  static constexpr unsigned kSubBuckets = 32;
  static constexpr std::size_t kBuckets = kExactBelow + (64 - 6) * kSubBuckets;
  static std::size_t index_of(std::uint64_t value);
  static std::uint64_t upper_bound_of(std::size_t index);

  std::array<std::uint64_t, kBuckets> counts_{};
  std::uint64_t count_ = 0;
  std::uint64_t max_ = 0;
};

}  // namespace simhadr
