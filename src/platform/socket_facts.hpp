#pragma once
// A socket's settings read back from the system (which may round what was
// asked), and the buffer sizes set on it.
#include <optional>
#include <string>
#include <string_view>

#include "platform/native_socket.hpp"

namespace simhadr {

// What a system cannot tell is empty, and its report line is left out, as the
// original's build for that system leaves it out.
struct SocketProperties {
  std::optional<bool> blocking;  // Windows cannot read a socket's mode back
  bool nagle = true;
  int send_buffer = 0;
  int receive_buffer = 0;
  std::optional<bool> dont_linger;  // Windows' SO_DONTLINGER
  bool linger_on = false;
  int linger_seconds = 0;
};

SocketProperties read_socket_properties(NativeSocket socket);

// The call that makes a socket non-blocking, as the report names it.
std::string_view non_blocking_call();

enum class SocketBuffer { Send, Receive };
// Empty when set; the system's reason otherwise.
std::optional<std::string> set_socket_buffer(NativeSocket socket, SocketBuffer which, int bytes);

// The socket's close will be a reset (SO_LINGER on, 0 s), not an orderly end of stream.
void reset_on_close(NativeSocket socket);
// Ends the connection at once and drops what it still held to send, keeping
// the descriptor open (a thread may still read its figures): a reset where
// the system has one for an open socket (Linux), an end of both directions
// elsewhere.
void drop_connection(NativeSocket socket);

// The number the system gives an address family, as the original's report prints it.
int address_family_number(bool v4);

}  // namespace simhadr
