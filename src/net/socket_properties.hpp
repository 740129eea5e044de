#pragma once
// The socket facts the report prints at creation, after buffer resizing and
// upon connection, read back from the kernel (which may round what was asked).
#include <string_view>

#include "log/run_log.hpp"

namespace simhadr {

struct SocketProperties {
  bool blocking = true;
  bool nagle = true;
  int send_buffer = 0;
  int receive_buffer = 0;
  bool linger_on = false;
  int linger_seconds = 0;
};

SocketProperties read_socket_properties(int fd);

// Prints "Socket property upon <when>" and one line per property, then a blank line.
void print_socket_properties(RunLog& log, std::string_view when, int fd);

}  // namespace simhadr
