#pragma once
// The seam for bytes: the roles' link sees only this interface, so the
// per-mode sequencing is tested against a fake transport without sockets.
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>

#include "simhadr/units.hpp"

namespace simhadr {

struct IoStep {
  std::size_t bytes = 0;
  bool would_block = false;  // recv: 0 bytes and not would_block means the peer closed
  Nanos waited{};            // time spent waiting inside the call (a blocking send that timed out)
  // Bytes moved underneath though none of the caller's did yet: part of a
  // compressed piece was sent, or compressed bytes came that restore to nothing yet.
  bool progressed = false;
};

class TransportError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Transport {
 public:
  virtual ~Transport() = default;
  virtual IoStep send_some(std::span<const char> data) = 0;
  virtual IoStep recv_some(std::span<char> into) = 0;
  // Receives into `first` and on into `second` (a ring's free space that wraps
  // around its end), in one call where the transport can; into `first` only otherwise.
  virtual IoStep recv_around(std::span<char> first, std::span<char> second) {
    (void)second;
    return recv_some(first);
  }
  // Wait at most max_wait; true when the socket became ready.
  virtual bool wait_writable(Nanos max_wait) = 0;
  virtual bool wait_readable(Nanos max_wait) = 0;
  // Waits at most max_wait for data, then receives what has come as recv_around does;
  // a wait that ran out gives 0 bytes, would_block and max_wait as `waited`. A socket
  // does both in one call; this default waits, then receives.
  virtual IoStep recv_waiting(std::span<char> first, std::span<char> second, Nanos max_wait) {
    if (!wait_readable(max_wait)) return {0, true, max_wait};
    return recv_around(first, second);
  }
  // Ends the sending direction so the peer sees end of stream.
  virtual void close() = 0;
  // Whether the peer sent a TLS record where simhadr's own bytes belong: it was
  // started with -tls and this side was not. False where the transport cannot tell.
  virtual bool peer_speaks_tls() { return false; }
  // Bytes handed over that the peer has not yet acknowledged (a socket's send
  // queue); 0 where the transport cannot tell.
  virtual std::uint64_t unacknowledged_bytes() const { return 0; }
};

}  // namespace simhadr
