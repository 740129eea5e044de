#pragma once
// When a shipping run ends, real or virtual: after -n flushes or -t of time
// from the first flush, whichever comes first (or when the log ends).
#include <cstdint>
#include <optional>

#include "simhadr/units.hpp"

namespace simhadr {

struct RunLimits {
  std::optional<std::uint64_t> max_flushes;  // -n
  std::optional<Nanos> run_time;             // -t

  bool reached(std::uint64_t flushes, Nanos elapsed) const {
    if (max_flushes && flushes >= *max_flushes) return true;
    return run_time && elapsed >= *run_time;
  }
};

}  // namespace simhadr
