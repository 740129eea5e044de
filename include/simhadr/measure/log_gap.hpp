#pragma once
// How far the standby's TCP was behind the primary's log at worst: bytes
// written that it had not acknowledged, and how old the oldest of them was
// (what a failover at that moment would have lost); and after a stall, how
// long the gap took to come back to where it was when the stall began.
#include <cstdint>
#include <optional>

#include "simhadr/units.hpp"

namespace simhadr {

struct LogGap {
  std::uint64_t worst_bytes = 0;
  Nanos worst_age{};  // of the oldest of the worst gap's bytes, then
  Nanos worst_at{};   // when the gap was widest
  // The slowest catch-up after a stall; empty when no stall ended, and
  // `caught_up` false when the run ended before the last one caught up.
  std::optional<Nanos> catch_up;
  bool caught_up = true;
  // When the run ended first: the gap still to close then, and how fast it
  // was closing since the stall ended (bytes a second; 0 when not at all).
  std::uint64_t behind_bytes = 0;
  double closing_bytes_per_sec = 0;
  // The log the gap is kept against, by the run's end: the primary's flushes, or
  // in a modelled SUPERASYNC at -target the workload's (its commits never wait).
  std::uint64_t written_bytes = 0;
};

}  // namespace simhadr
