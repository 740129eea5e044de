#pragma once
// What the kernel's TCP saw of the connection during a run (TCP_INFO): how
// long it had data to send and why it was held, what was acknowledged, and
// the smallest round trip. The primary's advisor reads these to tell a wire
// that limits from a standby that does, and the wire's rate from the round
// trip, which the application's own timings cannot separate.
#include <algorithm>
#include <cstdint>

#include "simhadr/units.hpp"

namespace simhadr {

struct TcpStats {
  // Data was queued or in flight, for whatever reason.
  Nanos busy{};
  // Of that, held because the receiver's window was closed (the standby fell behind)...
  Nanos receiver_limited{};
  // ...or because everything in the send buffer was already in flight (the
  // buffer is smaller than bandwidth x round trip).
  Nanos send_buffer_limited{};
  std::uint64_t bytes_acked = 0;
  std::uint64_t bytes_retransmitted = 0;
  std::uint64_t bytes_sent = 0;  // every byte put on the wire, retransmissions too
  Nanos min_round_trip{};
  std::uint32_t path_mtu = 0;
  std::uint32_t max_segment = 0;  // the sender's MSS
  bool same_host = false;         // both ends on this host: no wire between them
  // The wall time between the two readings these figures are the difference
  // of: the kernel's times above fall within it (to its clock's tick), where
  // the run's own elapsed time may be shorter (the handshake, the close).
  Nanos watched{};

  // Busy because the path itself was: neither window held it.
  Nanos path_busy() const { return busy - receiver_limited - send_buffer_limited; }
  // The share of the time watched that `part` (one of the times above) took.
  double share_watched(Nanos part) const {
    if (watched <= Nanos{0}) return 0.0;
    return std::min(1.0, to_seconds(part) / to_seconds(watched));
  }
  // Of what went on the wire, the share that was sent again.
  double retransmitted_share() const {
    return bytes_sent > 0
               ? static_cast<double>(bytes_retransmitted) / static_cast<double>(bytes_sent)
               : 0.0;
  }
};

// What happened between two readings of the same connection.
inline TcpStats difference(const TcpStats& later, const TcpStats& earlier) {
  TcpStats d = later;
  d.busy = later.busy - earlier.busy;
  d.receiver_limited = later.receiver_limited - earlier.receiver_limited;
  d.send_buffer_limited = later.send_buffer_limited - earlier.send_buffer_limited;
  d.bytes_acked = later.bytes_acked - earlier.bytes_acked;
  d.bytes_retransmitted = later.bytes_retransmitted - earlier.bytes_retransmitted;
  d.bytes_sent = later.bytes_sent - earlier.bytes_sent;
  return d;
}

// One connection's figures, then the next's, as one run's: times and bytes add
// up, the least round trip is the least of both, the path is the later one's.
inline TcpStats combined(const TcpStats& earlier, const TcpStats& later) {
  TcpStats c = later;
  c.busy = earlier.busy + later.busy;
  c.receiver_limited = earlier.receiver_limited + later.receiver_limited;
  c.send_buffer_limited = earlier.send_buffer_limited + later.send_buffer_limited;
  c.bytes_acked = earlier.bytes_acked + later.bytes_acked;
  c.bytes_retransmitted = earlier.bytes_retransmitted + later.bytes_retransmitted;
  c.bytes_sent = earlier.bytes_sent + later.bytes_sent;
  c.min_round_trip = std::min(earlier.min_round_trip, later.min_round_trip);
  c.watched = earlier.watched + later.watched;
  return c;
}

}  // namespace simhadr
