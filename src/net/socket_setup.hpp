#pragma once
// The socket options a run asks for, applied and printed as the original does.
#include <boost/asio/ip/tcp.hpp>

#include "log/run_log.hpp"
#include "platform/native_socket.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

// -sockSndBuf, -sockRcvBuf before connecting or listening; printed when
// `announce` (the standby reopens its socket on every retry and reports the first).
void apply_buffer_sizes(NativeSocket socket, const SocketOptions& options, RunLog& log,
                        bool announce);

// Blocking or not, Nagle or not, once connected; `log` null sets an
// auxiliary's connection up without printing it.
void configure_connected(boost::asio::ip::tcp::socket& socket, const SocketOptions& options,
                         RunLog* log);

}  // namespace simhadr
