#pragma once
// The socket facts the report prints at creation, after buffer resizing and
// upon connection, read back from the system (which may round what was asked).
#include <string_view>

#include "log/run_log.hpp"
#include "platform/socket_facts.hpp"

namespace simhadr {

// Prints "Socket property upon <when>" and one line per property, then a blank
// line; `blocking_as_set` is the mode last set (socket_facts.hpp says why).
void print_socket_properties(RunLog& log, std::string_view when, NativeSocket socket,
                             bool blocking_as_set);

}  // namespace simhadr
