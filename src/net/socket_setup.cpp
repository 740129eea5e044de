#include "net/socket_setup.hpp"

#include <sys/socket.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <string_view>

#include "net/connect.hpp"
#include "net/socket_properties.hpp"

namespace simhadr {

using boost::asio::ip::tcp;

namespace {

void set_int_option(int fd, int name, int value, std::string_view option_name,
                    std::string_view given_by) {
  if (::setsockopt(fd, SOL_SOCKET, name, &value, sizeof value) != 0) {
    throw RunError(fmt::format("{} {}: setsockopt({}) failed: {}", given_by, value, option_name,
                               std::strerror(errno)));
  }
}

}  // namespace

void apply_buffer_sizes(int fd, const SocketOptions& options, RunLog& log, bool announce) {
  if (options.send_buffer) {
    if (announce) log.line("Calling setsockopt(SO_SNDBUF)");
    set_int_option(fd, SO_SNDBUF, *options.send_buffer, "SO_SNDBUF", "-sockSndBuf");
  }
  if (options.receive_buffer) {
    if (announce) log.line("Calling setsockopt(SO_RCVBUF)");
    set_int_option(fd, SO_RCVBUF, *options.receive_buffer, "SO_RCVBUF", "-sockRcvBuf");
  }
  if (announce && (options.send_buffer || options.receive_buffer)) {
    print_socket_properties(log, "buffer resizing", fd);
  }
}

void configure_connected(tcp::socket& socket, const SocketOptions& options, RunLog* log) {
  if (options.blocking) {
    socket.native_non_blocking(false);
  } else {
    if (log) log->line("Calling fcntl(O_NONBLOCK)");
    socket.non_blocking(true);
  }
  if (!options.nagle) {
    if (log) log->line("Calling setsockopt(TCP_NODELAY)");
    socket.set_option(tcp::no_delay(true));
  }
  if (log) print_socket_properties(*log, "connection", socket.native_handle());
}

}  // namespace simhadr
