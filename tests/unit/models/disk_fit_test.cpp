#include "simhadr/models/disk_fit.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "simhadr/models/disk_model.hpp"

namespace simhadr {
namespace {

std::vector<DiskSample> points_of(DiskParams truth) {
  const LinearDisk disk(truth);
  std::vector<DiskSample> points;
  for (const double pages : {1, 2, 4, 8, 16, 32, 64, 128, 256}) {
    const double bytes = pages * 4096;
    points.push_back({bytes, truth.overhead_seconds + bytes / (truth.rate.value() * 1e6)});
  }
  return points;
}

TEST(DiskFit, RecoversAKnownRateAndOverheadExactly) {
  for (const DiskParams truth : {DiskParams{100_MBps, 0.0005}, DiskParams{3.408714_MBps, 0.000056},
                                 DiskParams{2000_MBps, 0.00002}}) {
    const auto fitted = fit_disk_model(points_of(truth));
    ASSERT_TRUE(fitted);
    EXPECT_NEAR(fitted->rate.value(), truth.rate.value(), truth.rate.value() * 1e-9);
    EXPECT_NEAR(fitted->overhead_seconds, truth.overhead_seconds, 1e-12);
  }
}

TEST(DiskFit, OneOutlierDoesNotMoveTheFit) {
  auto points = points_of({100_MBps, 0.0005});
  points[3].seconds_per_io *= 5;
  const auto fitted = fit_disk_model(points);
  ASSERT_TRUE(fitted);
  EXPECT_NEAR(fitted->rate.value(), 100, 1e-6);
  EXPECT_NEAR(fitted->overhead_seconds, 0.0005, 1e-12);
}

TEST(DiskFit, RefusesPointsThatDoNotRiseWithSize) {
  EXPECT_FALSE(fit_disk_model(std::vector<DiskSample>{{4096, 0.002}, {8192, 0.001}}));
  EXPECT_FALSE(fit_disk_model(std::vector<DiskSample>{{4096, 0.002}}));
  EXPECT_FALSE(fit_disk_model(std::vector<DiskSample>{}));
}

TEST(DiskFit, ANegativeInterceptIsClampedToZero) {
  const auto fitted =
      fit_disk_model(std::vector<DiskSample>{{4096, 0.00001}, {8192, 0.00003}, {12288, 0.00005}});
  ASSERT_TRUE(fitted);
  EXPECT_EQ(fitted->overhead_seconds, 0.0);
}

}  // namespace
}  // namespace simhadr
