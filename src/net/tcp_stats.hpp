#pragma once
#include <optional>

#include "simhadr/measure/tcp_stats.hpp"

namespace simhadr {

// The connection's TCP_INFO now; empty where the kernel keeps no busy-time
// statistics (before Linux 4.10) or the socket is not TCP.
std::optional<TcpStats> read_tcp_stats(int fd);

// From construction to stop(), on one connected socket.
class TcpStatsMeter {
 public:
  explicit TcpStatsMeter(int fd) : fd_(fd), begun_(read_tcp_stats(fd)) {}
  std::optional<TcpStats> stop() const;

 private:
  int fd_;
  std::optional<TcpStats> begun_;
};

}  // namespace simhadr
