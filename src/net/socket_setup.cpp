#include "net/socket_setup.hpp"

#include <fmt/format.h>

#include "net/connect.hpp"
#include "net/socket_properties.hpp"

namespace simhadr {

using boost::asio::ip::tcp;

namespace {

void set_buffer(NativeSocket socket, SocketBuffer which, int bytes) {
  if (const auto why = set_socket_buffer(socket, which, bytes)) {
    const bool send = which == SocketBuffer::Send;
    throw RunError(fmt::format("{} {}: setsockopt({}) failed: {}",
                               send ? "-sockSndBuf" : "-sockRcvBuf", bytes,
                               send ? "SO_SNDBUF" : "SO_RCVBUF", *why));
  }
}

}  // namespace

void apply_buffer_sizes(NativeSocket socket, const SocketOptions& options, RunLog& log,
                        bool announce) {
  if (options.send_buffer) {
    if (announce) log.line("Calling setsockopt(SO_SNDBUF)");
    set_buffer(socket, SocketBuffer::Send, *options.send_buffer);
  }
  if (options.receive_buffer) {
    if (announce) log.line("Calling setsockopt(SO_RCVBUF)");
    set_buffer(socket, SocketBuffer::Receive, *options.receive_buffer);
  }
  if (announce && (options.send_buffer || options.receive_buffer)) {
    print_socket_properties(log, "buffer resizing", socket);
  }
}

void configure_connected(tcp::socket& socket, const SocketOptions& options, RunLog* log) {
  if (options.blocking) {
    socket.native_non_blocking(false);
  } else {
    if (log) log->line("Calling {}", non_blocking_call());
    socket.non_blocking(true);
  }
  if (!options.nagle) {
    if (log) log->line("Calling setsockopt(TCP_NODELAY)");
    socket.set_option(tcp::no_delay(true));
  }
  if (log) print_socket_properties(*log, "connection", socket.native_handle());
}

}  // namespace simhadr
