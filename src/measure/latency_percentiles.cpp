#include "simhadr/measure/latency_percentiles.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace simhadr {

std::size_t LatencyPercentiles::index_of(std::uint64_t value) {
  if (value < kExactBelow) return static_cast<std::size_t>(value);
  const unsigned top_bit = static_cast<unsigned>(std::bit_width(value)) - 1;  // 6 or more
  const unsigned shift = top_bit - 5;
  const auto below_top = static_cast<std::size_t>((value >> shift) & (kSubBuckets - 1));
  return kExactBelow + (top_bit - 6) * kSubBuckets + below_top;
}

std::uint64_t LatencyPercentiles::upper_bound_of(std::size_t index) {
  if (index < kExactBelow) return index;
  const std::size_t offset = index - kExactBelow;
  const unsigned top_bit = static_cast<unsigned>(offset / kSubBuckets) + 6;
  const unsigned shift = top_bit - 5;
  const std::uint64_t lower = (kSubBuckets + offset % kSubBuckets) << shift;
  return lower + ((std::uint64_t{1} << shift) - 1);
}

void LatencyPercentiles::add(std::uint64_t value) {
  ++counts_[index_of(value)];
  ++count_;
  max_ = std::max(max_, value);
}

void LatencyPercentiles::merge(const LatencyPercentiles& other) {
  for (std::size_t i = 0; i < kBuckets; ++i) counts_[i] += other.counts_[i];
  count_ += other.count_;
  max_ = std::max(max_, other.max_);
}

std::uint64_t LatencyPercentiles::percentile(double q) const {
  if (count_ == 0) return 0;
  const auto rank = std::max<std::uint64_t>(
      1, static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(count_))));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < kBuckets; ++i) {
    seen += counts_[i];
    if (seen >= rank) return std::min(upper_bound_of(i), max_);
  }
  return max_;
}

}  // namespace simhadr
