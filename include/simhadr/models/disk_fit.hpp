#pragma once
// Fits the -disk model (time per IO = overhead + bytes / rate) to measured
// points by Theil-Sen: the median of the pairwise slopes, then the median
// intercept. One bad point (a hiccup during one flush size) cannot move it.
#include <optional>
#include <span>
#include <vector>

#include "simhadr/config.hpp"

namespace simhadr {

struct DiskSample {
  double bytes_per_io = 0;
  double seconds_per_io = 0;
};

// The Theil-Sen line itself, its intercept as found (it may be negative).
struct TheilSenLine {
  double seconds_per_byte = 0;
  double intercept_seconds = 0;
};
// nullopt with fewer than two sizes.
std::optional<TheilSenLine> theil_sen(std::span<const DiskSample> samples);

// nullopt when the points do not rise with size (no positive rate fits them).
std::optional<DiskParams> fit_disk_model(std::span<const DiskSample> samples);

// The middle value (the mean of the two middle ones for an even count); 0 when empty.
double median(std::vector<double> values);

}  // namespace simhadr
