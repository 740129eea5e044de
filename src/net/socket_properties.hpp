#pragma once
// The socket facts the report prints at creation, after buffer resizing and
// upon connection, read back from the system (which may round what was asked).
#include <string_view>

#include "log/run_log.hpp"
#include "platform/socket_facts.hpp"

namespace simhadr {

// Prints "Socket property upon <when>" and one line per property the system
// can tell, then a blank line.
void print_socket_properties(RunLog& log, std::string_view when, NativeSocket socket);

}  // namespace simhadr
