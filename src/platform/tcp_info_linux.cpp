// The kernel's own header: glibc's struct tcp_info stops before the busy-time fields.
#include <linux/sockios.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include <cstddef>

#include "platform/tcp_info.hpp"

namespace simhadr {

namespace {

Nanos from_micros(std::uint64_t micros) {
  return std::chrono::microseconds(static_cast<std::int64_t>(micros));
}

std::optional<std::uint64_t> queue_bytes(int fd, unsigned long request) {
  int bytes = 0;
  if (::ioctl(fd, request, &bytes) != 0 || bytes < 0) return std::nullopt;
  return static_cast<std::uint64_t>(bytes);
}

}  // namespace

std::optional<TcpInfo> read_tcp_info(NativeSocket socket) {
  tcp_info info{};
  socklen_t length = sizeof info;
  // Older kernels fill less of the structure: each field counts only where it was filled.
  const auto filled = [&](std::size_t offset, std::size_t size) { return length >= offset + size; };
  if (::getsockopt(socket, IPPROTO_TCP, TCP_INFO, &info, &length) != 0 ||
      !filled(offsetof(tcp_info, tcpi_bytes_received), sizeof info.tcpi_bytes_received)) {
    return std::nullopt;
  }
  TcpInfo read;
  if (filled(offsetof(tcp_info, tcpi_sndbuf_limited), sizeof info.tcpi_sndbuf_limited)) {
    read.busy = from_micros(info.tcpi_busy_time);
    read.receiver_limited = from_micros(info.tcpi_rwnd_limited);
    read.send_buffer_limited = from_micros(info.tcpi_sndbuf_limited);
  }
  if (filled(offsetof(tcp_info, tcpi_bytes_retrans), sizeof info.tcpi_bytes_retrans)) {
    read.bytes_retransmitted = info.tcpi_bytes_retrans;
    read.bytes_sent = info.tcpi_bytes_sent;
  }
  read.bytes_acked = info.tcpi_bytes_acked;
  read.bytes_received = info.tcpi_bytes_received;
  read.min_round_trip = from_micros(info.tcpi_min_rtt);
  read.path_mtu = info.tcpi_pmtu;
  read.max_segment = info.tcpi_snd_mss;
  if (filled(offsetof(tcp_info, tcpi_snd_wnd), sizeof info.tcpi_snd_wnd)) {
    read.send_window = info.tcpi_snd_wnd;
  }
  read.retransmission_timeout = from_micros(info.tcpi_rto);
  return read;
}

TcpQueues read_tcp_queues(NativeSocket socket) {
  return {queue_bytes(socket, SIOCOUTQ), queue_bytes(socket, SIOCINQ)};
}

}  // namespace simhadr
