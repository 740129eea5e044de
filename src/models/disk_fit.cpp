#include "simhadr/models/disk_fit.hpp"

#include <algorithm>
#include <vector>

#include "simhadr/units.hpp"

namespace simhadr {

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::ranges::sort(values);
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

std::optional<TheilSenLine> theil_sen(std::span<const DiskSample> samples) {
  std::vector<double> slopes;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    for (std::size_t j = i + 1; j < samples.size(); ++j) {
      const double dx = samples[j].bytes_per_io - samples[i].bytes_per_io;
      if (dx == 0) continue;
      slopes.push_back((samples[j].seconds_per_io - samples[i].seconds_per_io) / dx);
    }
  }
  if (slopes.empty()) return std::nullopt;
  const double seconds_per_byte = median(slopes);
  std::vector<double> intercepts;
  for (const DiskSample& s : samples) {
    intercepts.push_back(s.seconds_per_io - seconds_per_byte * s.bytes_per_io);
  }
  return TheilSenLine{seconds_per_byte, median(intercepts)};
}

std::optional<DiskParams> fit_disk_model(std::span<const DiskSample> samples) {
  const auto line = theil_sen(samples);
  if (!line || line->seconds_per_byte <= 0) return std::nullopt;
  return DiskParams{MBytesPerSec{1.0 / (line->seconds_per_byte * kBytesPerMByte)},
                    std::max(0.0, line->intercept_seconds)};
}

}  // namespace simhadr
