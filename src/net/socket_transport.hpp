#pragma once
// Transport over a connected TCP socket. Non-blocking (the default): a send
// returns at once and a full send buffer shows as would_block, which the Link
// times as congestion. Blocking (-block): sends wait inside the call, so only
// stalls longer than a slice are visible as congestion. Either way, every wait
// blocks in the kernel, and recv_waiting waits and receives in one call.
#include <boost/asio/ip/tcp.hpp>
#include <memory>

#include "simhadr/transport.hpp"

namespace simhadr {

std::unique_ptr<Transport> make_socket_transport(boost::asio::ip::tcp::socket socket,
                                                 bool blocking);

}  // namespace simhadr
