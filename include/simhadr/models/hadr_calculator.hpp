#pragma once
// The HADR calculator's closed form, in its own units: rates in MiB/s, a
// flush of F pages is F x 4096 / 2^20 MiB, and a flush's time per sync mode
// follows closed_forms.hpp with the same disk on both sides. Sizes stay
// fractional (17.6 pages) in the arithmetic. For each mode and interval there
// are three groups: "min" at the interval's own flush size, "max" at the
// largest flush the open transactions can make (transaction size x open
// transactions), and the expected group, the flush size between them whose
// rate meets the interval's, found by halving the range as the calculator does.
#include <cstdint>

#include "simhadr/config.hpp"
#include "simhadr/sync_mode.hpp"
#include "simhadr/workload/db2logscan.hpp"

namespace simhadr {

struct CalculatorLink {
  MiBPerSec network;  // the log's rate over the network, uncompressed
  double round_trip_seconds = 0;
  MiBPerSec disk;
  double disk_overhead_seconds = 0;  // per write
  double compression = 1;  // -compress RATIO: the network carries the log RATIO times smaller
  DiskCaps disk_caps;      // a write takes at least what its caps allow
};

// A rate with the flush size and flush time that give it.
struct FlushGroup {
  double pages = 0;
  double seconds = 0;
  MiBPerSec rate;
};

// How much the mode would slow the workload: none, "?", "??" or "???".
enum class Impact : std::uint8_t { None, Small, Medium, Heavy };

struct ModeEstimate {
  SyncMode mode = SyncMode::Sync;
  Impact impact = Impact::None;
  FlushGroup expected;
  FlushGroup min;
  FlushGroup max;
};

// Remote catch-up and SUPERASYNC ship fixed 16-page pieces.
inline constexpr double kCatchupFlushPages = 16;

FlushGroup calculator_group(SyncMode mode, double pages, const CalculatorLink& link);

// The flush size in [min, max] whose rate first reaches `rate`:
// min or max themselves when the rate is outside theirs.
FlushGroup group_for_rate(SyncMode mode, MiBPerSec rate, const FlushGroup& min,
                          const FlushGroup& max, const CalculatorLink& link);

// The workload's rate against what the mode gives at the smallest and largest flush.
Impact impact_of(MiBPerSec rate, const FlushGroup& min, const FlushGroup& max);

ModeEstimate estimate_mode(SyncMode mode, const WorkloadInterval& interval,
                           const CalculatorLink& link);

// Remote catch-up: ASYNC at 16 pages per flush.
FlushGroup catchup_group(const CalculatorLink& link);
// The average log rate against the catch-up rate.
Impact catchup_impact(MiBPerSec average, const FlushGroup& catchup);

}  // namespace simhadr
