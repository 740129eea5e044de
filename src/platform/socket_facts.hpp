#pragma once
// A socket's settings read back from the system (which may round what was
// asked), and the buffer sizes set on it.
#include <optional>
#include <string>

#include "platform/native_socket.hpp"

namespace simhadr {

struct SocketProperties {
  bool blocking = true;
  bool nagle = true;
  int send_buffer = 0;
  int receive_buffer = 0;
  bool linger_on = false;
  int linger_seconds = 0;
};

// `blocking_as_set` is the mode the program last set: Windows cannot read a
// socket's mode back, Linux reads it from the descriptor.
SocketProperties read_socket_properties(NativeSocket socket, bool blocking_as_set);

enum class SocketBuffer { Send, Receive };
// Empty when set; the system's reason otherwise.
std::optional<std::string> set_socket_buffer(NativeSocket socket, SocketBuffer which, int bytes);

// The number the system gives an address family, as the original's report prints it.
int address_family_number(bool v4);

}  // namespace simhadr
