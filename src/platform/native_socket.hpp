#pragma once
// A socket as the operating system names it: a descriptor on Linux, a SOCKET
// handle on Windows (Asio's native_handle_type on each).
#include <cstdint>

namespace simhadr {

#ifdef _WIN32
using NativeSocket = std::uintptr_t;
#else
using NativeSocket = int;
#endif

}  // namespace simhadr
