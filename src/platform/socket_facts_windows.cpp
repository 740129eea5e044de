#include <winsock2.h>
#include <ws2tcpip.h>

#include "platform/socket_facts.hpp"
#include "platform/windows_error.hpp"

namespace simhadr {

namespace {

int int_option(NativeSocket socket, int level, int name) {
  int value = 0;
  int length = sizeof value;
  ::getsockopt(socket, level, name, reinterpret_cast<char*>(&value), &length);
  return value;
}

}  // namespace

SocketProperties read_socket_properties(NativeSocket socket) {
  SocketProperties properties;
  properties.nagle = int_option(socket, IPPROTO_TCP, TCP_NODELAY) == 0;
  properties.send_buffer = int_option(socket, SOL_SOCKET, SO_SNDBUF);
  properties.receive_buffer = int_option(socket, SOL_SOCKET, SO_RCVBUF);
  properties.dont_linger = int_option(socket, SOL_SOCKET, SO_DONTLINGER) != 0;
  linger linger_value{};
  int length = sizeof linger_value;
  ::getsockopt(socket, SOL_SOCKET, SO_LINGER, reinterpret_cast<char*>(&linger_value), &length);
  properties.linger_on = linger_value.l_onoff != 0;
  properties.linger_seconds = linger_value.l_linger;
  return properties;
}

std::optional<std::string> set_socket_buffer(NativeSocket socket, SocketBuffer which, int bytes) {
  const int name = which == SocketBuffer::Send ? SO_SNDBUF : SO_RCVBUF;
  if (::setsockopt(socket, SOL_SOCKET, name, reinterpret_cast<const char*>(&bytes), sizeof bytes) ==
      0) {
    return std::nullopt;
  }
  return windows_error_text(static_cast<unsigned long>(::WSAGetLastError()));
}

void reset_on_close(NativeSocket socket) {
  const linger abrupt{1, 0};
  ::setsockopt(socket, SOL_SOCKET, SO_LINGER, reinterpret_cast<const char*>(&abrupt),
               sizeof abrupt);
}

void drop_connection(NativeSocket socket) {
  ::shutdown(socket, SD_BOTH);
}

std::string_view non_blocking_call() {
  return "ioctlsocket(FIONBIO)";
}

int address_family_number(bool v4) {
  return v4 ? AF_INET : AF_INET6;
}

}  // namespace simhadr
