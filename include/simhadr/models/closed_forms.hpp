#pragma once
// The time one flush takes per sync mode, when every part of it is known; as the
// mode's rules (kModeRules) give it:
//   SYNC               write + ship + standby write + round trip
//   NEARSYNC           max(write, ship + round trip)
//   ASYNC, SUPERASYNC  max(write, send cycle)
// where ship is the send, and the send cycle the send's own time, unless each
// side's thread charges CPU per byte (-tls, -tcpCost): then both come from
// the flush's pieces flowing through the primary's thread, the wire and the
// standby's thread (ThreadShipping). Without an ack to wait for, the primary's
// thread works on the next flush while the wire still carries this one.
// The virtual-time mode reproduces these; the advisor uses them to say what
// the other modes would give under the same models.
#include <algorithm>
#include <optional>

#include "simhadr/models/thread_shipping.hpp"
#include "simhadr/sync_mode.hpp"

namespace simhadr {

struct FlushCosts {
  double write = 0;  // seconds: the primary's log write (read in SUPERASYNC)
  double send = 0;   // handing the flush to the network
  double standby_write = 0;
  double round_trip = 0;
  std::optional<ThreadShipping> threads{};  // -tls, -tcpCost

  // From the primary's first byte to TCP until the standby has the flush to write.
  constexpr double ship() const { return threads ? threads->ship : send; }
  // The primary's time per flush on shipping alone, flushes back to back: the
  // slowest of its thread, the wire and the standby's thread.
  constexpr double send_cycle() const { return threads ? threads->send_cycle : send; }
  constexpr double sender_cpu() const { return threads ? threads->sender_cpu : 0.0; }
  constexpr double receiver_cpu() const { return threads ? threads->receiver_cpu : 0.0; }
};

// Read off the mode's rules (kModeRules): without an ack the send cycle is all
// of shipping; with one, shipping lasts until the ack is back, after the
// standby's write where the mode acks then; a write before shipping adds to it,
// one beside it overlaps it.
constexpr double closed_form_seconds(SyncMode mode, const FlushCosts& c) {
  const ModeRules& rules = rules_for(mode);
  if (rules.standby_ack == AckPoint::None) return std::max(c.write, c.send_cycle());
  const double write_before = rules.io_before_send ? c.write : 0.0;
  const double standby_write = rules.standby_ack == AckPoint::AfterWrite ? c.standby_write : 0.0;
  const double serial = write_before + c.ship() + standby_write + c.round_trip;
  return rules.io_before_send ? serial : std::max(c.write, serial);
}

}  // namespace simhadr
