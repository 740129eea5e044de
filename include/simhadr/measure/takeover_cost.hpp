#pragma once
// How long a takeover on the standby would take: before it opens as the
// primary it replays every flush it has written and not replayed (in its
// receive buffer or spooled), at the -replay model's rate and overhead. Taken
// after every write (the worst) and at the end of the run. Detecting the
// failure comes on top: the report adds -hadrTimeout.
#include <algorithm>
#include <cstdint>

#include "simhadr/units.hpp"

namespace simhadr {

struct TakeoverBacklog {
  std::uint64_t bytes = 0;  // written, not replayed
  Nanos replay{};           // the replay they still need
  Nanos behind{};           // since the oldest of them was written: replay's gap in time
};

struct TakeoverCost {
  TakeoverBacklog worst;
  Nanos worst_at{};  // since the start of the run
  TakeoverBacklog at_end;
  TakeoverBacklog latest;  // as of the standby's last event, for the -interval lines
  Nanos replay_delay{};    // -replayDelay: what replay was held back by
  Nanos most_behind{};

  void note(const TakeoverBacklog& now, Nanos at) {
    most_behind = std::max(most_behind, now.behind);
    if (now.replay > worst.replay) {
      worst = now;
      worst_at = at;
    }
  }
};

}  // namespace simhadr
