#pragma once
// Finds stalls in a series of readings of one connection: each reading says
// how far it has progressed (bytes acknowledged or received, a count that
// only grows), whether it had work (something sent and not acknowledged, or
// a receive it waits for) and the bound a quiet stretch must pass to count.
// A stretch starts at the last reading with progress (or the first with work
// after none) and ends at the next reading with progress, or at the last one
// with work. Readings come every few milliseconds; that is the precision.
#include <cstdint>
#include <optional>

#include "simhadr/measure/stalls.hpp"

namespace simhadr {

struct ConnectionReading {
  Nanos at{};  // since the start of the run
  std::uint64_t progress = 0;
  bool has_work = false;
  Nanos bound{};
};

class StallDetector {
 public:
  // True when this reading ended a stall (the record's last episode).
  bool read(const ConnectionReading& reading);
  // The stalls so far; one still going on is counted up to the last reading.
  StallRecord record() const;
  Nanos stalled_within(Nanos from, Nanos to) const;

 private:
  std::optional<StallEpisode> open_stall() const;
  bool close_stretch(Nanos end);

  StallRecord closed_;
  std::optional<std::uint64_t> progress_;
  std::optional<Nanos> quiet_since_;  // with work, no progress since then
  Nanos quiet_bound_{};
  Nanos last_work_at_{};
  Nanos bound_{};  // the latest reading's
};

}  // namespace simhadr
