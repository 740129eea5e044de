#pragma once
// Names to addresses for the connection phase, printed as the original prints
// them; a name that does not resolve is a RunError naming -lhost or -rhost.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "log/run_log.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

// `which` is "local" or "remote".
std::vector<boost::asio::ip::tcp::endpoint> resolve(boost::asio::io_context& io,
                                                    const Endpoint& where, std::string_view which,
                                                    RunLog& log);

// "address:port", for messages.
std::string describe(const boost::asio::ip::tcp::endpoint& endpoint);

}  // namespace simhadr
