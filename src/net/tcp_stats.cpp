#include "net/tcp_stats.hpp"

// The kernel's own header: glibc's struct tcp_info stops before the busy-time fields.
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cstddef>
#include <cstring>

namespace simhadr {

namespace {

bool is_loopback(const sockaddr_storage& address) {
  if (address.ss_family == AF_INET) {
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(address);
    return (ntohl(v4.sin_addr.s_addr) >> 24) == 127;
  }
  if (address.ss_family == AF_INET6) {
    const auto& v6 = reinterpret_cast<const sockaddr_in6&>(address);
    return IN6_IS_ADDR_LOOPBACK(&v6.sin6_addr);
  }
  return false;
}

bool same_address(const sockaddr_storage& a, const sockaddr_storage& b) {
  if (a.ss_family != b.ss_family) return false;
  if (a.ss_family == AF_INET) {
    return reinterpret_cast<const sockaddr_in&>(a).sin_addr.s_addr ==
           reinterpret_cast<const sockaddr_in&>(b).sin_addr.s_addr;
  }
  if (a.ss_family == AF_INET6) {
    return std::memcmp(&reinterpret_cast<const sockaddr_in6&>(a).sin6_addr,
                       &reinterpret_cast<const sockaddr_in6&>(b).sin6_addr, sizeof(in6_addr)) == 0;
  }
  return false;
}

bool ends_on_one_host(int fd) {
  sockaddr_storage local{};
  sockaddr_storage peer{};
  socklen_t local_length = sizeof local;
  socklen_t peer_length = sizeof peer;
  if (::getsockname(fd, reinterpret_cast<sockaddr*>(&local), &local_length) != 0 ||
      ::getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &peer_length) != 0) {
    return false;
  }
  return is_loopback(peer) || same_address(local, peer);
}

Nanos from_micros(std::uint64_t micros) {
  return std::chrono::microseconds(static_cast<std::int64_t>(micros));
}

}  // namespace

std::optional<TcpStats> read_tcp_stats(int fd) {
  tcp_info info{};
  socklen_t length = sizeof info;
  if (::getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0 ||
      length < offsetof(tcp_info, tcpi_sndbuf_limited) + sizeof info.tcpi_sndbuf_limited) {
    return std::nullopt;
  }
  TcpStats stats;
  stats.busy = from_micros(info.tcpi_busy_time);
  stats.receiver_limited = from_micros(info.tcpi_rwnd_limited);
  stats.send_buffer_limited = from_micros(info.tcpi_sndbuf_limited);
  stats.bytes_acked = info.tcpi_bytes_acked;
  if (length >= offsetof(tcp_info, tcpi_bytes_retrans) + sizeof info.tcpi_bytes_retrans) {
    stats.bytes_retransmitted = info.tcpi_bytes_retrans;
    stats.bytes_sent = info.tcpi_bytes_sent;
  }
  stats.min_round_trip = from_micros(info.tcpi_min_rtt);
  stats.path_mtu = info.tcpi_pmtu;
  stats.max_segment = info.tcpi_snd_mss;
  return stats;
}

TcpStatsMeter::TcpStatsMeter(int fd)
    : fd_(fd), begun_(read_tcp_stats(fd)), same_host_(ends_on_one_host(fd)) {}

std::optional<TcpStats> TcpStatsMeter::stop() const {
  const auto ended = read_tcp_stats(fd_);
  if (!ended || !begun_) return std::nullopt;
  TcpStats run = difference(*ended, *begun_);
  run.same_host = same_host_;
  return run;
}

}  // namespace simhadr
