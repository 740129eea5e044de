#pragma once
// One -interval period of a run: what moved in it, as plain totals.
#include <cstdint>
#include <optional>
#include <vector>

#include "simhadr/units.hpp"

namespace simhadr {

struct IntervalSample {
  Nanos start{};  // since the start of the run
  Nanos end{};
  std::uint64_t log_bytes = 0;  // flushed (primary) or received in whole flushes (standby)
  std::uint64_t flushes = 0;
  std::uint64_t shipped = 0;  // flushes whose shipping time was measured (primary)
  Nanos ship_total{};
  Nanos ship_max{};
  std::uint64_t congestions = 0;
  Nanos congestion_time{};
  Nanos stalled{};  // of the period, in stalls of the connection
  // Standby: the receive buffer's time-weighted use and time full in the period.
  std::optional<double> buffer_used_fraction;
  Nanos buffer_full_time{};
  // Standby with -replay: at the period's end, what the spool holds (-spoolLimit) and the replay a
  // takeover then would need for what is written and not replayed.
  std::optional<std::uint64_t> spool_bytes;
  std::optional<Nanos> takeover_replay;
  // Primary with auxiliary standbys: each one's lag (bytes) at the period's end.
  std::vector<std::uint64_t> auxiliary_lag_bytes;
  std::vector<Nanos> auxiliary_lag_age;
};

}  // namespace simhadr
