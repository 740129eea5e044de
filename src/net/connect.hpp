#pragma once
// Establishing the one TCP connection of a run. The primary resolves, binds,
// listens and accepts one standby from an address of -rhost (any with
// -anyHost); the standby connects and retries once a second until the primary
// is there, so either side may start first. Every wait is sliced so a stop
// request ends it, and -connectTimeout bounds the whole phase (RunError).
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>

#include "roles/run_log.hpp"
#include "simhadr/config.hpp"
#include "simhadr/stop.hpp"

namespace simhadr {

// A failure the user should read about (cannot resolve, cannot listen, ...).
class RunError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct LinkPlan {
  Endpoint local;
  Endpoint remote;
  SocketOptions options;
  WaitBounds waits;
};

using tcp = boost::asio::ip::tcp;

// Called with the port actually listened on (the kernel's choice when lport is 0).
using ListeningCallback = std::function<void(std::uint16_t port)>;

// nullopt when a stop was requested before a standby came.
std::optional<tcp::socket> accept_standby(boost::asio::io_context& io, const LinkPlan& plan,
                                          RunLog& log, const StopSource& stop,
                                          const ListeningCallback& on_listening);

// nullopt when a stop was requested before the primary answered.
std::optional<tcp::socket> connect_to_primary(boost::asio::io_context& io, const LinkPlan& plan,
                                              RunLog& log, const StopSource& stop);

}  // namespace simhadr
