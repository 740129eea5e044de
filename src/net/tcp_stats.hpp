#pragma once
#include <optional>

#include "simhadr/measure/tcp_stats.hpp"

namespace simhadr {

// The connection's TCP_INFO now; empty where the kernel keeps no busy-time
// statistics (before Linux 4.10) or the socket is not TCP. same_host is left
// to the meter.
std::optional<TcpStats> read_tcp_stats(int fd);

// From construction to stop(), on one connected socket.
class TcpStatsMeter {
 public:
  explicit TcpStatsMeter(int fd);
  std::optional<TcpStats> stop() const;

 private:
  int fd_;
  std::optional<TcpStats> begun_;
  // Read once, at the start: a connection the peer has closed has no peer address left.
  bool same_host_;
};

}  // namespace simhadr
