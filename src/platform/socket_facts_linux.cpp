#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>

#include "platform/socket_facts.hpp"

namespace simhadr {

namespace {

int int_option(int fd, int level, int name) {
  int value = 0;
  socklen_t length = sizeof value;
  ::getsockopt(fd, level, name, &value, &length);
  return value;
}

}  // namespace

SocketProperties read_socket_properties(NativeSocket socket) {
  SocketProperties properties;
  properties.blocking = (::fcntl(socket, F_GETFL) & O_NONBLOCK) == 0;
  properties.nagle = int_option(socket, IPPROTO_TCP, TCP_NODELAY) == 0;
  properties.send_buffer = int_option(socket, SOL_SOCKET, SO_SNDBUF);
  properties.receive_buffer = int_option(socket, SOL_SOCKET, SO_RCVBUF);
  linger linger_value{};
  socklen_t length = sizeof linger_value;
  ::getsockopt(socket, SOL_SOCKET, SO_LINGER, &linger_value, &length);
  properties.linger_on = linger_value.l_onoff != 0;
  properties.linger_seconds = linger_value.l_linger;
  return properties;
}

std::optional<std::string> set_socket_buffer(NativeSocket socket, SocketBuffer which, int bytes) {
  const int name = which == SocketBuffer::Send ? SO_SNDBUF : SO_RCVBUF;
  if (::setsockopt(socket, SOL_SOCKET, name, &bytes, sizeof bytes) == 0) return std::nullopt;
  return std::strerror(errno);
}

void reset_on_close(NativeSocket socket) {
  const linger abrupt{1, 0};
  ::setsockopt(socket, SOL_SOCKET, SO_LINGER, &abrupt, sizeof abrupt);
}

void drop_connection(NativeSocket socket) {
  // connect() to AF_UNSPEC disconnects a TCP socket: a reset, its queues dropped.
  sockaddr unspecified{};
  unspecified.sa_family = AF_UNSPEC;
  ::connect(socket, &unspecified, sizeof unspecified);
}

std::string_view non_blocking_call() {
  return "fcntl(O_NONBLOCK)";
}

int address_family_number(bool v4) {
  return v4 ? AF_INET : AF_INET6;
}

}  // namespace simhadr
