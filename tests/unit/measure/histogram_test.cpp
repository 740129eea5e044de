#include "simhadr/measure/histogram.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

using Kind = HistogramRow::Kind;

TEST(Histogram, EmptyHasNoRows) {
  const Pow2Histogram h;
  EXPECT_TRUE(h.empty());
  const HistogramView v = h.view();
  EXPECT_EQ(v.count, 0u);
  EXPECT_TRUE(v.rows.empty());
}

TEST(Histogram, UpToEightDistinctValuesAreListedExactlyInFirstSeenOrder) {
  Pow2Histogram h;
  for (const std::uint64_t value : {16384, 12288, 8192, 16384, 4096, 6144, 7168, 9216, 8192}) {
    h.add(value);
  }
  const HistogramView v = h.view();
  ASSERT_EQ(v.rows.size(), 7u);
  EXPECT_EQ(v.rows[0], (HistogramRow{Kind::Exactly, 16384, 16384, 2}));
  EXPECT_EQ(v.rows[1], (HistogramRow{Kind::Exactly, 12288, 12288, 1}));
  EXPECT_EQ(v.rows[2], (HistogramRow{Kind::Exactly, 8192, 8192, 2}));
  EXPECT_EQ(v.rows[6], (HistogramRow{Kind::Exactly, 9216, 9216, 1}));
}

TEST(Histogram, ExactlyEightDistinctValuesStillListedExactly) {
  Pow2Histogram h;
  for (std::uint64_t value = 0; value < 8; ++value) h.add(value);
  const HistogramView v = h.view();
  ASSERT_EQ(v.rows.size(), 8u);
  EXPECT_EQ(v.rows[0], (HistogramRow{Kind::Exactly, 0, 0, 1}));
}

TEST(Histogram, NineDistinctValuesSwitchToZerosAndPowerOfTwoBuckets) {
  Pow2Histogram h;
  for (const std::uint64_t value : {0, 0, 1, 2, 3, 4, 7, 8, 15, 1000}) h.add(value);
  const HistogramView v = h.view();
  ASSERT_EQ(v.rows.size(), 6u);
  EXPECT_EQ(v.rows[0], (HistogramRow{Kind::Zeros, 0, 0, 2}));
  EXPECT_EQ(v.rows[1], (HistogramRow{Kind::Range, 1, 1, 1}));
  EXPECT_EQ(v.rows[2], (HistogramRow{Kind::Range, 2, 3, 2}));
  EXPECT_EQ(v.rows[3], (HistogramRow{Kind::Range, 4, 7, 2}));
  EXPECT_EQ(v.rows[4], (HistogramRow{Kind::Range, 8, 15, 2}));
  EXPECT_EQ(v.rows[5], (HistogramRow{Kind::Range, 512, 1023, 1}));
}

TEST(Histogram, NoZerosRowWithoutZeros) {
  Pow2Histogram h;
  for (std::uint64_t value = 1; value <= 9; ++value) h.add(value);
  EXPECT_EQ(h.view().rows.front().kind, Kind::Range);
}

TEST(Histogram, TotalsAndTruncatedIntegerAverage) {
  Pow2Histogram h;
  for (const std::uint64_t value : {2511, 2493, 2489}) h.add(value);
  const HistogramView v = h.view();
  EXPECT_EQ(v.count, 3u);
  EXPECT_EQ(v.sum, 7493u);
  EXPECT_EQ(v.min, 2489u);
  EXPECT_EQ(v.max, 2511u);
  EXPECT_EQ(v.avg, 2497u);  // 2497.67 truncated, as the original prints
}

TEST(Histogram, LargestValuesLandInTheTopBucket) {
  Pow2Histogram h;
  for (std::uint64_t i = 0; i < 9; ++i) h.add(UINT64_MAX - i);
  const HistogramView v = h.view();
  ASSERT_EQ(v.rows.size(), 1u);
  EXPECT_EQ(v.rows[0], (HistogramRow{Kind::Range, std::uint64_t{1} << 63, UINT64_MAX, 9}));
}

TEST(Histogram, MergeAddsTotalsAndKeepsExactValuesWhileFewEnough) {
  Pow2Histogram a;
  Pow2Histogram b;
  a.add(5);
  a.add(6);
  b.add(6);
  b.add(100);
  a.merge(b);
  const HistogramView v = a.view();
  EXPECT_EQ(v.count, 4u);
  EXPECT_EQ(v.min, 5u);
  EXPECT_EQ(v.max, 100u);
  ASSERT_EQ(v.rows.size(), 3u);
  EXPECT_EQ(v.rows[1], (HistogramRow{Kind::Exactly, 6, 6, 2}));
}

TEST(Histogram, MergeBeyondEightValuesFallsBackToBuckets) {
  Pow2Histogram a;
  Pow2Histogram b;
  for (std::uint64_t value = 1; value <= 5; ++value) a.add(value);
  for (std::uint64_t value = 6; value <= 10; ++value) b.add(value);
  a.merge(b);
  EXPECT_EQ(a.view().rows.front().kind, Kind::Range);
  EXPECT_EQ(a.view().count, 10u);
}

}  // namespace
}  // namespace simhadr
