#pragma once
// The time one flush takes per sync mode, when every part of it is known:
//   SYNC               write + send + standby write + round trip
//   NEARSYNC           max(write, send + round trip)
//   ASYNC, SUPERASYNC  max(write, send)
// The virtual-time mode reproduces these; the advisor uses them to say what
// the other modes would give under the same models.
#include <algorithm>

#include "simhadr/sync_mode.hpp"

namespace simhadr {

struct FlushCosts {
  double write = 0;  // seconds: the primary's log write (read in SUPERASYNC)
  double send = 0;   // handing the flush to the network
  double standby_write = 0;
  double round_trip = 0;
};

constexpr double closed_form_seconds(SyncMode mode, const FlushCosts& c) {
  switch (mode) {
    case SyncMode::Sync:
      return c.write + c.send + c.standby_write + c.round_trip;
    case SyncMode::NearSync:
      return std::max(c.write, c.send + c.round_trip);
    case SyncMode::Async:
    case SyncMode::SuperAsync:
      return std::max(c.write, c.send);
  }
  return 0;
}

}  // namespace simhadr
