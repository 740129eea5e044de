#include <winsock2.h>
// After winsock2.h, which it builds on.
#include <mstcpip.h>

#include "platform/tcp_info.hpp"

namespace simhadr {

namespace {

std::optional<TCP_INFO_v0> query_tcp_info(NativeSocket socket) {
  DWORD version = 0;
  TCP_INFO_v0 info{};
  DWORD length = 0;
  if (::WSAIoctl(socket, SIO_TCP_INFO, &version, sizeof version, &info, sizeof info, &length,
                 nullptr, nullptr) != 0 ||
      length < sizeof info) {
    return std::nullopt;
  }
  return info;
}

}  // namespace

// SIO_TCP_INFO (Windows 10 1703 and later; Wine lacks it) keeps no busy times,
// no path MTU and no retransmission timeout: those stay empty.
std::optional<TcpInfo> read_tcp_info(NativeSocket socket) {
  const auto queried = query_tcp_info(socket);
  if (!queried) return std::nullopt;
  const TCP_INFO_v0& info = *queried;
  TcpInfo read;
  read.bytes_sent = info.BytesOut;
  read.bytes_retransmitted = info.BytesRetrans;
  read.bytes_acked = info.BytesOut > info.BytesInFlight ? info.BytesOut - info.BytesInFlight : 0;
  read.bytes_received = info.BytesIn;
  read.min_round_trip = std::chrono::microseconds(info.MinRttUs);
  read.max_segment = info.Mss;
  read.send_window = info.SndWnd;
  return read;
}

TcpQueues read_tcp_queues(NativeSocket socket) {
  TcpQueues queues;
  if (const auto info = query_tcp_info(socket)) queues.unacknowledged = info->BytesInFlight;
  u_long unread = 0;
  if (::ioctlsocket(socket, FIONREAD, &unread) == 0) queues.unread = unread;
  return queues;
}

}  // namespace simhadr
