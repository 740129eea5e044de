#include "simhadr/measure/latency_percentiles.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace simhadr {
namespace {

TEST(LatencyPercentiles, SmallValuesAreExact) {
  LatencyPercentiles p;
  for (std::uint64_t v = 1; v <= 50; ++v) p.add(v);
  EXPECT_EQ(p.percentile(0.5), 25u);
  EXPECT_EQ(p.percentile(0.9), 45u);
  EXPECT_EQ(p.percentile(1.0), 50u);
  EXPECT_EQ(p.max(), 50u);
}

TEST(LatencyPercentiles, LargeValuesWithinThreePercentAndNeverAboveTheMax) {
  LatencyPercentiles p;
  for (std::uint64_t v = 1000; v < 101000; v += 100) p.add(v);  // 1000 values
  for (const double q : {0.5, 0.9, 0.99, 0.999}) {
    const double truth = 1000.0 + 100.0 * (std::ceil(q * 1000) - 1);
    const double got = static_cast<double>(p.percentile(q));
    EXPECT_GE(got, truth) << q;
    EXPECT_LE(got, truth * 1.032) << q;
  }
  EXPECT_EQ(p.percentile(1.0), 100900u);
}

TEST(LatencyPercentiles, EmptyIsZeroAndMergeAddsUp) {
  LatencyPercentiles a;
  EXPECT_EQ(a.percentile(0.5), 0u);
  LatencyPercentiles b;
  a.add(10);
  b.add(20);
  b.add(30);
  a.merge(b);
  EXPECT_EQ(a.count(), 3u);
  EXPECT_EQ(a.percentile(0.5), 20u);
  EXPECT_EQ(a.max(), 30u);
}

TEST(LatencyPercentiles, HugeValuesDoNotOverflowTheTable) {
  LatencyPercentiles p;
  p.add(UINT64_MAX);
  EXPECT_EQ(p.percentile(0.5), UINT64_MAX);
}

}  // namespace
}  // namespace simhadr
