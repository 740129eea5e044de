#pragma once
// The time one flush takes per sync mode, when every part of it is known:
//   SYNC               write + ship + standby write + round trip
//   NEARSYNC           max(write, ship + round trip)
//   ASYNC, SUPERASYNC  max(write, send + max(0, sender CPU - last piece))
// where ship = sender CPU + max(send, receiver CPU): with -tls or -tcpCost the
// primary's thread encrypts the flush and hands it to TCP before the wire has
// it, and the standby's takes its pieces as they arrive, so only the part of
// that the wire does not cover adds. Without an ack to wait for, the primary's
// thread works on the next flush while the wire still carries the last piece
// of this one.
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
  double sender_cpu = 0;    // -tls, -tcpCost: the primary's thread encrypting, handing to TCP
  double receiver_cpu = 0;  // the standby's taking the flush from TCP, decrypting
  double last_piece = 0;    // the wire time of the flush's last piece (NetworkModel's quantum)

  // From the primary's first byte to TCP until the standby has the flush to write.
  constexpr double ship() const { return sender_cpu + std::max(send, receiver_cpu); }
};

constexpr double closed_form_seconds(SyncMode mode, const FlushCosts& c) {
  switch (mode) {
    case SyncMode::Sync:
      return c.write + c.ship() + c.standby_write + c.round_trip;
    case SyncMode::NearSync:
      return std::max(c.write, c.ship() + c.round_trip);
    case SyncMode::Async:
    case SyncMode::SuperAsync:
      return std::max(c.write, c.send + std::max(0.0, c.sender_cpu - c.last_piece));
  }
  return 0;
}

}  // namespace simhadr
