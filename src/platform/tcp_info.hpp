#pragma once
// What the system's TCP knows of one connection now (Linux's TCP_INFO,
// Windows' SIO_TCP_INFO). A figure the system does not keep is empty: the
// layers above print "not known" rather than a zero.
#include <cstdint>
#include <optional>

#include "platform/native_socket.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

struct TcpInfo {
  // Time with data to send, and of it the time held by the receiver's window or
  // by the send buffer (Linux 4.10 and later).
  std::optional<Nanos> busy;
  std::optional<Nanos> receiver_limited;
  std::optional<Nanos> send_buffer_limited;
  std::uint64_t bytes_acked = 0;
  std::uint64_t bytes_received = 0;
  // Every byte put on the wire and of those the ones sent again (Linux 4.19 and later).
  std::optional<std::uint64_t> bytes_sent;
  std::optional<std::uint64_t> bytes_retransmitted;
  Nanos min_round_trip{};
  std::uint32_t path_mtu = 0;
  std::uint32_t max_segment = 0;
  std::optional<std::uint32_t> send_window;  // Linux 5.4 and later
  std::optional<Nanos> retransmission_timeout;
};

std::optional<TcpInfo> read_tcp_info(NativeSocket socket);

// Bytes waiting in the send queue (not yet acknowledged) and in the receive
// queue (not yet read); empty where the system cannot tell.
struct TcpQueues {
  std::optional<std::uint64_t> unacknowledged;
  std::optional<std::uint64_t> unread;
};
TcpQueues read_tcp_queues(NativeSocket socket);

}  // namespace simhadr
