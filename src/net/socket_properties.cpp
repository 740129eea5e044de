#include "net/socket_properties.hpp"

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

namespace simhadr {

namespace {

int int_option(int fd, int level, int name) {
  int value = 0;
  socklen_t length = sizeof value;
  ::getsockopt(fd, level, name, &value, &length);
  return value;
}

}  // namespace

SocketProperties read_socket_properties(int fd) {
  SocketProperties properties;
  properties.blocking = (::fcntl(fd, F_GETFL) & O_NONBLOCK) == 0;
  properties.nagle = int_option(fd, IPPROTO_TCP, TCP_NODELAY) == 0;
  properties.send_buffer = int_option(fd, SOL_SOCKET, SO_SNDBUF);
  properties.receive_buffer = int_option(fd, SOL_SOCKET, SO_RCVBUF);
  linger linger_value{};
  socklen_t length = sizeof linger_value;
  ::getsockopt(fd, SOL_SOCKET, SO_LINGER, &linger_value, &length);
  properties.linger_on = linger_value.l_onoff != 0;
  properties.linger_seconds = linger_value.l_linger;
  return properties;
}

void print_socket_properties(RunLog& log, std::string_view when, int fd) {
  const SocketProperties p = read_socket_properties(fd);
  log.line("Socket property upon {}", when);
  log.line("BlockingIO={}", p.blocking);
  log.line("NAGLE={}", p.nagle);
  log.line("SO_SNDBUF={}", p.send_buffer);
  log.line("SO_RCVBUF={}", p.receive_buffer);
  log.line("SO_LINGER: onoff={}, length={}", p.linger_on ? 1 : 0, p.linger_seconds);
  log.blank();
}

}  // namespace simhadr
