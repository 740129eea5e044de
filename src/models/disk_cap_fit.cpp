#include "simhadr/models/disk_cap_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace simhadr {

namespace {

// An IOPS plateau's points over its fastest, at most; but one size in every
// three may run slower: a busy host slows a size now and then, never speeds one
// (with a compiler beside it, the block cgroup's throttle on a 500 IOPS device
// lost up to half of a size's IOs, of one size in most sweeps and of two in
// one of twelve). The cap is read from the others.
constexpr double kFlatSpread = 1.25;
constexpr std::size_t kSizesPerSlowOne = 3;
// What follows a plateau, taken back to the smallest size, falls this far under
// it: a kink, where a disk's own overhead would carry on at the plateau's level.
// Where the plateau's sizes ran at the disk's own pace, it must fall to half.
constexpr double kKinkDrop = 0.8;
constexpr double kKinkDropUnthrottled = 0.5;
// An MB/s cap's slope is this much steeper than the line's below it; where
// its sizes ran at the disk's own pace, twice as steep.
constexpr double kSteeper = 1.25;
constexpr double kSteeperUnthrottled = 2.0;
// An MB/s cap's times are in proportion to the size: their own line's intercept
// is within this share of its first time.
constexpr double kThroughOrigin = 0.2;
// A capped fit is taken only when its error is at most this share of the line's.
constexpr double kClearlyBetter = 0.5;
// A size whose mean write is within this factor of its fastest tenth's ran at
// the disk's own pace: only such sizes show the line beside a cap.
constexpr double kUnthrottled = 1.5;
// The fewest points a cap is read from.
constexpr std::size_t kLeastPoints = 2;

using Points = std::span<const DiskSizePoint>;

double line_seconds(const DiskParams& line, double bytes) {
  return line.overhead_seconds + line.rate.seconds_for(bytes);
}

double model_seconds(const DiskParams& d, double bytes) {
  double seconds = line_seconds(d, bytes);
  if (d.caps.iops) seconds = std::max(seconds, 1.0 / *d.caps.iops);
  if (d.caps.throughput) seconds = std::max(seconds, d.caps.throughput->seconds_for(bytes));
  return seconds;
}

// The mean relative miss over all points, against what the writer kept up: the
// model's caps are its pace.
double fit_error(const DiskParams& d, Points points) {
  double sum = 0;
  for (const DiskSizePoint& p : points) {
    sum += std::abs(model_seconds(d, p.bytes_per_io) - p.cycle_seconds) / p.cycle_seconds;
  }
  return sum / static_cast<double>(points.size());
}

std::optional<DiskParams> line_through(Points points, bool fast) {
  std::vector<DiskSample> samples;
  for (const DiskSizePoint& p : points) {
    samples.push_back({p.bytes_per_io, fast ? p.fast_seconds : p.seconds_per_io});
  }
  return fit_disk_model(samples);
}

// A line under every mean: a hidden line fitted to fast writes must not claim
// a size is slower than it was.
DiskParams under_the_means(DiskParams line, Points points) {
  for (const DiskSizePoint& p : points) {
    const double over = line_seconds(line, p.bytes_per_io) - p.seconds_per_io;
    if (over > 0) line.overhead_seconds = std::max(0.0, line.overhead_seconds - over);
  }
  return line;
}

bool throttled(const DiskSizePoint& p) {
  return p.seconds_per_io > kUnthrottled * p.fast_seconds;
}

// Where a cap's sizes ran at the disk's own pace all the same (a meter that
// spaces every IO evenly, or noise), only a stronger kink names it.
bool all_throttled(Points points) {
  return std::ranges::all_of(points, throttled);
}

// The largest sizes in proportion to the size, steeper than the line below.
std::optional<MBytesPerSec> throughput_cap(Points capped, const DiskCapFit& fit) {
  std::vector<double> rates;
  std::vector<DiskSample> samples;
  for (const DiskSizePoint& p : capped) {
    rates.push_back(p.bytes_per_io / p.cycle_seconds);
    samples.push_back({p.bytes_per_io, p.seconds_per_io});
  }
  const MBytesPerSec cap{median(rates) / kBytesPerMByte};
  const auto own = theil_sen(samples);
  if (!own || std::abs(own->intercept_seconds) > kThroughOrigin * capped.front().seconds_per_io) {
    return std::nullopt;
  }
  const double steeper = all_throttled(capped) ? kSteeper : kSteeperUnthrottled;
  if (!fit.line_hidden && fit.disk.rate.value() < steeper * cap.value()) return std::nullopt;
  return cap;
}

// The smallest sizes flat, and what follows them well under that level.
std::optional<double> iops_cap(Points plateau, const DiskParams& rest) {
  const double fastest =
      std::ranges::min(plateau, {}, &DiskSizePoint::seconds_per_io).seconds_per_io;
  std::vector<double> times;
  std::vector<double> cycles;
  for (const DiskSizePoint& p : plateau) {
    if (p.seconds_per_io > kFlatSpread * fastest) continue;
    times.push_back(p.seconds_per_io);
    cycles.push_back(p.cycle_seconds);
  }
  if (plateau.size() - times.size() > plateau.size() / kSizesPerSlowOne) return std::nullopt;
  const double level = median(times);
  const double drop = all_throttled(plateau) ? kKinkDrop : kKinkDropUnthrottled;
  if (model_seconds(rest, plateau.front().bytes_per_io) > drop * level) return std::nullopt;
  return 1.0 / median(cycles);
}

// Points [0, flat) on an IOPS plateau, [flat, steep) on the line, [steep, n)
// on an MB/s cap; nullopt where a segment is no cap.
std::optional<DiskCapFit> try_split(Points points, std::size_t flat, std::size_t steep) {
  const Points plateau = points.first(flat);
  const Points middle = points.subspan(flat, steep - flat);
  const Points capped = points.subspan(steep);
  DiskCapFit fit;
  fit.line_hidden = middle.size() < kLeastPoints;
  if (!fit.line_hidden && std::ranges::any_of(middle, throttled)) return std::nullopt;
  const auto line = fit.line_hidden ? line_through(points, true) : line_through(middle, false);
  if (!line) return std::nullopt;
  fit.disk = fit.line_hidden ? under_the_means(*line, points) : *line;
  if (!capped.empty()) {
    const auto cap = throughput_cap(capped, fit);
    if (!cap) return std::nullopt;
    fit.disk.caps.throughput = *cap;
  }
  if (!plateau.empty()) {
    const auto cap = iops_cap(plateau, fit.disk);
    if (!cap) return std::nullopt;
    fit.disk.caps.iops = *cap;
  }
  return fit;
}

// The capped split that fits clearly better than `straight_error`, if any.
std::optional<DiskCapFit> best_split(Points points, double straight_error) {
  std::optional<DiskCapFit> best;
  double best_error = kClearlyBetter * straight_error;
  const std::size_t n = points.size();
  for (std::size_t flat = 0; flat <= n; ++flat) {
    if (flat > 0 && flat < kLeastPoints) continue;
    for (std::size_t steep = flat; steep <= n; ++steep) {
      if ((steep < n && n - steep < kLeastPoints) || (flat == 0 && steep == n)) continue;
      const auto fit = try_split(points, flat, steep);
      if (!fit) continue;
      const double error = fit_error(fit->disk, points);
      if (error < best_error || (!best && std::isinf(best_error))) {
        best = fit;
        best_error = error;
      }
    }
  }
  return best;
}

}  // namespace

std::optional<DiskCapFit> fit_disk_caps(Points points) {
  // A plateau over most sizes may leave the straight line no slope at all.
  const auto straight = line_through(points, false);
  auto fit = best_split(
      points, straight ? fit_error(*straight, points) : std::numeric_limits<double>::infinity());
  if (!fit && !straight) return std::nullopt;
  if (!fit) {
    fit.emplace();
    fit->disk = *straight;
  }
  for (const DiskSizePoint& p : points) {
    fit->limits.push_back(binding_limit(fit->disk, static_cast<std::uint64_t>(p.bytes_per_io)));
  }
  if (fit->disk.caps.iops && fit->disk.caps.throughput) {
    fit->knee_bytes = fit->disk.caps.throughput->bytes_per_sec() / *fit->disk.caps.iops;
  }
  if (!fit->disk.caps.any()) {
    double shortest = std::numeric_limits<double>::infinity();
    for (const DiskSizePoint& p : points) {
      if (p.run_seconds > 0) shortest = std::min(shortest, p.run_seconds);
    }
    if (shortest < kCapVisibleSeconds) fit->too_short_for_caps_seconds = shortest;
  }
  return fit;
}

}  // namespace simhadr
