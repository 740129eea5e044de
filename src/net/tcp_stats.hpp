#pragma once
#include <boost/asio/ip/tcp.hpp>
#include <optional>

#include "platform/native_socket.hpp"
#include "simhadr/clock.hpp"
#include "simhadr/measure/tcp_stats.hpp"

namespace simhadr {

// The connection's TCP statistics now; empty where the system keeps no
// busy-time figures (Linux before 4.10, Windows) or the socket is not TCP.
// same_host is left to the meter.
std::optional<TcpStats> read_tcp_stats(NativeSocket socket);

// Both ends on this host: a loopback peer, or the peer's address is this side's.
bool ends_on_one_host(const boost::asio::ip::tcp::socket& socket);

// From construction to stop(), on one connected socket.
class TcpStatsMeter {
 public:
  // Read `same_host` at the start: a connection the peer has closed has no peer address left.
  TcpStatsMeter(NativeSocket socket, bool same_host, const Clock& clock);
  std::optional<TcpStats> stop() const;

 private:
  NativeSocket socket_;
  const Clock& clock_;
  Clock::time_point begun_at_;
  std::optional<TcpStats> begun_;
  bool same_host_;
};

// From construction to stop(), over each connection a run had in turn: each
// one's figures are read before it is reset, while the kernel still has them.
class TcpStatsOverConnections {
 public:
  TcpStatsOverConnections(NativeSocket first, bool same_host, const Clock& clock);
  // The current connection is about to be reset (again, or after it was: no matter).
  void current_ends();
  // The run goes on over `socket` from now.
  void follow(NativeSocket socket);
  // Empty where any connection had no figures: part of the run's would read as all of it.
  std::optional<TcpStats> stop() const;

 private:
  const Clock& clock_;
  bool same_host_;
  std::optional<TcpStatsMeter> current_;
  std::optional<TcpStats> ended_;  // the connections before the current one, as one
  bool every_one_read_ = true;
};

}  // namespace simhadr
