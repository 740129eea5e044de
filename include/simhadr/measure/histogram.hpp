#pragma once
// Distribution of integer samples as the original prints them: up to 8
// distinct values are listed exactly (in the order first seen); beyond that,
// zeros on their own and power-of-two buckets. Raw totals only; the choice of
// rows is made once, in view().
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace simhadr {

struct HistogramRow {
  enum class Kind : std::uint8_t { Exactly, Zeros, Range };
  Kind kind;
  std::uint64_t low;   // the value for Exactly, 0 for Zeros
  std::uint64_t high;  // inclusive
  std::uint64_t count;
  bool operator==(const HistogramRow&) const = default;
};

struct HistogramView {
  std::uint64_t count = 0;
  std::uint64_t sum = 0;
  std::uint64_t min = 0;
  std::uint64_t max = 0;
  std::uint64_t avg = 0;  // integer mean, truncated
  // What the original prints: the exact values while there are at most
  // kMaxExactValues of them, else the buckets.
  std::vector<HistogramRow> rows;
  std::vector<HistogramRow> buckets;  // zeros, then power-of-two ranges; always filled
};

class Pow2Histogram {
 public:
  static constexpr std::size_t kMaxExactValues = 8;

  void add(std::uint64_t value);
  void merge(const Pow2Histogram& other);
  std::uint64_t count() const { return count_; }
  std::uint64_t sum() const { return sum_; }
  bool empty() const { return count_ == 0; }
  HistogramView view() const;

 private:
  void note_exact(std::uint64_t value, std::uint64_t times);

  std::uint64_t count_ = 0;
  std::uint64_t sum_ = 0;
  std::uint64_t min_ = 0;
  std::uint64_t max_ = 0;
  // buckets_[0] counts zeros; buckets_[k + 1] counts [2^k, 2^(k+1)).
  std::array<std::uint64_t, 65> buckets_{};
  std::vector<std::pair<std::uint64_t, std::uint64_t>> exact_;  // value, count
  bool too_many_values_ = false;
};

}  // namespace simhadr
