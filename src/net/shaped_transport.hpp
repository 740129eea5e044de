#pragma once
// -netDelay / -netRate on a real connection: the primary's transport holds
// its bytes to the network model (NetworkModel) before the socket sees them,
// so a LAN or loopback previews a WAN. Sending: a piece waits for the wire
// (B / rate, time the send call takes) and for room in the window (a send
// that would block, so a congestion). Receiving: what the standby sends back
// is handed to the primary one round trip after the wire end of the data it
// answers. The standby needs nothing, so an original standby works too.
#include <cstdint>
#include <deque>
#include <vector>

#include "simhadr/clock.hpp"
#include "simhadr/models/network.hpp"
#include "simhadr/transport.hpp"

namespace simhadr {

class ShapedTransport final : public Transport {
 public:
  ShapedTransport(Transport& inner, Clock& clock, NetworkModel model);

  IoStep send_some(std::span<const char> data) override;
  IoStep recv_some(std::span<char> into) override;
  bool wait_writable(Nanos max_wait) override;
  bool wait_readable(Nanos max_wait) override;
  void close() override { inner_.close(); }
  bool peer_speaks_tls() override { return inner_.peer_speaks_tls(); }

 private:
  struct Timed {
    Clock::time_point at;
    std::uint64_t bytes;
  };
  void forget_acknowledged(Clock::time_point now);
  // Whether the window has room for a whole piece with `in_flight` bytes out.
  bool room_for_a_piece(std::uint64_t in_flight) const;
  // Moves whatever the socket has into the hold, stamped with when it may be seen.
  IoStep pull(Clock::time_point now);

  Transport& inner_;
  Clock& clock_;
  NetworkModel model_;
  std::deque<Timed> in_flight_;  // at: when its acknowledgement is back
  std::uint64_t in_flight_bytes_ = 0;
  Clock::time_point wire_free_at_{};
  Nanos last_piece_wire_{};
  std::vector<char> held_;
  std::deque<Timed> held_due_;  // at: when those bytes reach the primary
  bool peer_closed_ = false;
};

}  // namespace simhadr
