#pragma once
// How full the standby's receive buffer was over a run, in the spirit of
// Db2's StandByRcvBufUsed: a time-weighted average, the maximum, and the time
// spent completely full. The role notes every change of the bytes held;
// totals are kept since the start, so an interval is a difference.
#include <algorithm>
#include <cstdint>

#include "simhadr/units.hpp"

namespace simhadr {

struct BufferUse {
  std::uint64_t capacity_bytes = 0;
  std::uint64_t held_bytes = 0;  // now
  std::uint64_t max_bytes = 0;
  double byte_seconds = 0;  // integral of held bytes over time
  Nanos full_time{};
  Nanos observed{};  // since the start of the run, up to the last note

  // `at` is time since the start of the run; the level held until then counts first.
  void note(Nanos at, std::uint64_t held) {
    if (at > observed) {
      const Nanos span = at - observed;
      byte_seconds += static_cast<double>(held_bytes) * to_seconds(span);
      if (held_bytes >= capacity_bytes) full_time += span;
      observed = at;
    }
    held_bytes = held;
    max_bytes = std::max(max_bytes, held);
  }
  double average_fraction() const { return fraction(byte_seconds, observed); }
  double max_fraction() const {
    return capacity_bytes > 0 ? static_cast<double>(max_bytes) / capacity_bytes : 0.0;
  }
  // The average over a stretch of `span` during which `byte_seconds` accrued.
  double fraction(double accrued, Nanos span) const {
    const double seconds = to_seconds(span);
    return capacity_bytes > 0 && seconds > 0
               ? accrued / seconds / static_cast<double>(capacity_bytes)
               : 0.0;
  }
};

}  // namespace simhadr
