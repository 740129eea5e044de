#pragma once
// What a disk test measured: of one writer (or reader) doing synchronous IOs
// of one size back to back, or of several folded together.
#include <cstdint>
#include <optional>
#include <string>

#include "simhadr/measure/histogram.hpp"
#include "simhadr/measure/latency_percentiles.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

enum class DiskAccess : std::uint8_t {
  Append,     // write a new file from its start (created or truncated)
  Overwrite,  // write over a file laid out beforehand (see preallocate)
  Read,
};

struct DiskIoResult {
  std::uint64_t ios = 0;
  std::uint64_t bytes = 0;
  Nanos elapsed{};  // wall time of the loop, less making the payload
  // Wall time of the loop, all of it: a capped disk's meter fills while the
  // writer makes its next pages, so the caps hold IOs to it, not to `elapsed`.
  Nanos paced{};
  Nanos io_time{};  // time inside the IO calls
  Pow2Histogram micros;
  LatencyPercentiles percentiles;
  bool end_of_file = false;
  std::optional<std::string> failure;

  // Folds another writer's figures in; elapsed is the longest of the two.
  void merge(const DiskIoResult& other);
};

}  // namespace simhadr
