#include "simhadr/measure/histogram.hpp"

#include <algorithm>
#include <bit>

namespace simhadr {

namespace {

std::size_t bucket_of(std::uint64_t value) {
  return static_cast<std::size_t>(std::bit_width(value));
}

}  // namespace

void Pow2Histogram::add(std::uint64_t value) {
  min_ = count_ == 0 ? value : std::min(min_, value);
  max_ = count_ == 0 ? value : std::max(max_, value);
  ++count_;
  sum_ += value;
  ++buckets_[bucket_of(value)];
  if (!too_many_values_) note_exact(value, 1);
}

void Pow2Histogram::note_exact(std::uint64_t value, std::uint64_t times) {
  for (auto& [seen, seen_count] : exact_) {
    if (seen == value) {
      seen_count += times;
      return;
    }
  }
  if (exact_.size() == kMaxExactValues) {
    too_many_values_ = true;
    exact_.clear();
    exact_.shrink_to_fit();
    return;
  }
  exact_.emplace_back(value, times);
}

void Pow2Histogram::merge(const Pow2Histogram& other) {
  if (other.count_ == 0) return;
  min_ = count_ == 0 ? other.min_ : std::min(min_, other.min_);
  max_ = count_ == 0 ? other.max_ : std::max(max_, other.max_);
  count_ += other.count_;
  sum_ += other.sum_;
  for (std::size_t i = 0; i < buckets_.size(); ++i) buckets_[i] += other.buckets_[i];
  too_many_values_ = too_many_values_ || other.too_many_values_;
  for (const auto& [value, times] : other.exact_) {
    if (too_many_values_) break;
    note_exact(value, times);
  }
  if (too_many_values_) exact_.clear();
}

HistogramView Pow2Histogram::view() const {
  HistogramView view{count_, sum_, min_, max_, count_ > 0 ? sum_ / count_ : 0, {}, {}};
  if (count_ == 0) return view;
  if (buckets_[0] > 0) view.buckets.push_back({HistogramRow::Kind::Zeros, 0, 0, buckets_[0]});
  for (std::size_t k = 1; k < buckets_.size(); ++k) {
    if (buckets_[k] == 0) continue;
    const std::uint64_t low = std::uint64_t{1} << (k - 1);
    const std::uint64_t high = k == 64 ? UINT64_MAX : (std::uint64_t{1} << k) - 1;
    view.buckets.push_back({HistogramRow::Kind::Range, low, high, buckets_[k]});
  }
  if (too_many_values_) {
    view.rows = view.buckets;
    return view;
  }
  for (const auto& [value, times] : exact_) {
    view.rows.push_back({HistogramRow::Kind::Exactly, value, value, times});
  }
  return view;
}

}  // namespace simhadr
