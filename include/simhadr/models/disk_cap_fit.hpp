#pragma once
// Fits a disk sold by caps: time per write = max(overhead + bytes / rate,
// 1 / IOPS cap, bytes / MB/s cap), from one writer's writes at several sizes.
// A cap shows as a kink the straight line cannot follow: times flat over the
// small sizes and rising clearly past them (an IOPS cap), or rising in
// proportion to the size, steeper than the line below (an MB/s cap). A disk
// without that kink fits as the straight line alone (disk_fit.hpp), caps none.
#include <optional>
#include <span>
#include <vector>

#include "simhadr/config.hpp"
#include "simhadr/models/disk_fit.hpp"
#include "simhadr/models/disk_model.hpp"

namespace simhadr {

struct DiskSizePoint {
  double bytes_per_io = 0;
  double seconds_per_io = 0;  // the mean IO: the disk's own time, where no cap holds it
  double fast_seconds = 0;    // the fastest tenth's bound: what a cap's bucket lets through
  // From one IO's start to the next's, the writer's own work between them
  // included: a cap's meter fills during that work too, so a cap's value is
  // read here (whether there is a cap, from the IOs).
  double cycle_seconds = 0;
  double run_seconds = 0;  // how long this size was written for; 0 where not known
};

// A cap's meter lets its first tenth of a second of IOs through at once: a
// size written for less than ten of those tenths mixes that burst into its
// mean, and a cap may not show at all.
inline constexpr double kCapVisibleSeconds = 1.0;

struct DiskCapFit {
  DiskParams disk;  // the line and the caps found
  // The caps bind at every size measured, so the line is fitted to the
  // fastest tenth of each size's writes instead of their means.
  bool line_hidden = false;
  std::vector<DiskLimit> limits;  // per point: what sets its time under the fit
  // Where the two caps meet: MB/s cap / IOPS cap, in bytes; with both only.
  std::optional<double> knee_bytes;
  // No cap was found, and the shortest size ran this long, under
  // kCapVisibleSeconds: too short to tell; the line may hold a cap as latency.
  std::optional<double> too_short_for_caps_seconds;
};

// nullopt when no line fits the points (they do not rise with size).
std::optional<DiskCapFit> fit_disk_caps(std::span<const DiskSizePoint> points);

}  // namespace simhadr
