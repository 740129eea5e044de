#include "net/socket_properties.hpp"

namespace simhadr {

void print_socket_properties(RunLog& log, std::string_view when, NativeSocket socket) {
  const SocketProperties p = read_socket_properties(socket);
  log.line("Socket property upon {}", when);
  if (p.blocking) log.line("BlockingIO={}", *p.blocking);
  log.line("NAGLE={}", p.nagle);
  log.line("SO_SNDBUF={}", p.send_buffer);
  log.line("SO_RCVBUF={}", p.receive_buffer);
  if (p.dont_linger) log.line("SO_DONTLINGER={}", *p.dont_linger ? 1 : 0);
  log.line("SO_LINGER: onoff={}, length={}", p.linger_on ? 1 : 0, p.linger_seconds);
  log.blank();
}

}  // namespace simhadr
