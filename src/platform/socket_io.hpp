#pragma once
// The calls a connected TCP socket's transport makes: receive and send without
// waiting, or waiting at most a given time, and wait for readiness. Every wait
// blocks in the kernel, as HADR does: no polling loop, so a waiting side leaves
// its CPU to the peer and to whatever else the host runs. On Linux the socket
// itself blocks and calls that must not wait say so (MSG_DONTWAIT), so a
// waiting receive is one call; Windows has no such flag, so there the socket is
// made non-blocking and a waiting call waits for readiness first.
#include <span>

#include "platform/native_socket.hpp"
#include "simhadr/transport.hpp"

namespace simhadr {

enum class Readiness { Readable, Writable };

class SocketIo {
 public:
  // Takes the socket as it is; the transport keeps it open for as long as this lives.
  explicit SocketIo(NativeSocket socket);

  IoStep receive(std::span<char> first, std::span<char> second);
  // A wait that ran out gives 0 bytes, would_block and max_wait as `waited`.
  IoStep receive_waiting(std::span<char> first, std::span<char> second, Nanos max_wait);
  // What has come and not been read, left there: 0 bytes and would_block when
  // nothing has, 0 bytes alone when the peer closed.
  IoStep peek(std::span<char> into);
  IoStep send(std::span<const char> data);
  // Waits at most `slice` for room; a wait that ran out gives would_block and the slice.
  IoStep send_waiting(std::span<const char> data, Nanos slice);
  bool wait_ready(Readiness readiness, Nanos max_wait);
  // Bytes in the send queue the peer has not acknowledged; 0 where the system cannot tell.
  std::uint64_t unacknowledged_bytes() const;

 private:
  NativeSocket socket_;
  // Linux: SO_RCVTIMEO and SO_SNDTIMEO as last set, so an unchanged wait costs no call.
  Nanos receive_timeout_{0};
  Nanos send_timeout_{0};
};

}  // namespace simhadr
