#include <winsock2.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>

#include "platform/socket_io.hpp"
#include "platform/tcp_info.hpp"
#include "platform/windows_error.hpp"

namespace simhadr {

namespace {

TransportError failure(std::string_view what, int error) {
  if (error == WSAECONNRESET || error == WSAECONNABORTED) {
    return TransportError(
        "the other side reset the connection (its process ended or its host "
        "went away)");
  }
  if (error == WSAESHUTDOWN) return TransportError("the other side closed the connection");
  return TransportError(fmt::format("{} failed: {}", what, windows_error_text(error)));
}

bool would_block(int error) {
  return error == WSAEWOULDBLOCK || error == WSAEINTR;
}

// WSAPoll counts in milliseconds: a wait is rounded up, so it never ends early.
int poll_milliseconds(Nanos wait) {
  const auto millis = std::chrono::ceil<std::chrono::milliseconds>(wait).count();
  return static_cast<int>(std::clamp<std::int64_t>(millis, 0, 1'000'000));
}

bool ready(SOCKET socket, short events, Nanos max_wait) {
  WSAPOLLFD entry{socket, events, 0};
  return ::WSAPoll(&entry, 1, poll_milliseconds(max_wait)) > 0;
}

}  // namespace

// Windows has no per-call MSG_DONTWAIT: the socket does not block, and a call
// that may wait waits for readiness in WSAPoll first.
SocketIo::SocketIo(NativeSocket socket) : socket_(socket) {
  u_long non_blocking = 1;
  if (::ioctlsocket(socket_, FIONBIO, &non_blocking) != 0) {
    throw failure("ioctlsocket(FIONBIO)", ::WSAGetLastError());
  }
}

IoStep SocketIo::receive(std::span<char> first, std::span<char> second) {
  std::array<WSABUF, 2> parts{WSABUF{static_cast<ULONG>(first.size()), first.data()},
                              WSABUF{static_cast<ULONG>(second.size()), second.data()}};
  DWORD got = 0;
  DWORD flags = 0;
  const DWORD count = second.empty() ? 1 : 2;
  if (::WSARecv(socket_, parts.data(), count, &got, &flags, nullptr, nullptr) == 0) {
    return {static_cast<std::size_t>(got), false};
  }
  const int error = ::WSAGetLastError();
  if (would_block(error)) return {0, true};
  throw failure("recv", error);
}

IoStep SocketIo::receive_waiting(std::span<char> first, std::span<char> second, Nanos max_wait) {
  if (!ready(socket_, POLLRDNORM, max_wait)) return {0, true, max_wait};
  return receive(first, second);
}

IoStep SocketIo::peek(std::span<char> into) {
  const int got = ::recv(socket_, into.data(), static_cast<int>(into.size()), MSG_PEEK);
  if (got >= 0) return {static_cast<std::size_t>(got), false};
  const int error = ::WSAGetLastError();
  if (would_block(error)) return {0, true};
  throw failure("recv", error);
}

IoStep SocketIo::send(std::span<const char> data) {
  const int sent = ::send(socket_, data.data(), static_cast<int>(data.size()), 0);
  if (sent >= 0) return {static_cast<std::size_t>(sent), false};
  const int error = ::WSAGetLastError();
  if (would_block(error)) return {0, true};
  throw failure("send", error);
}

IoStep SocketIo::send_waiting(std::span<const char> data, Nanos slice) {
  if (!ready(socket_, POLLWRNORM, slice)) return {0, true, slice};
  return send(data);
}

bool SocketIo::wait_ready(Readiness readiness, Nanos max_wait) {
  return ready(socket_, readiness == Readiness::Readable ? POLLRDNORM : POLLWRNORM, max_wait);
}

std::uint64_t SocketIo::unacknowledged_bytes() const {
  return read_tcp_queues(socket_).unacknowledged.value_or(0);
}

}  // namespace simhadr
