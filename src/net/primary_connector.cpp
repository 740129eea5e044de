#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "net/connect.hpp"
#include "net/connect_wait.hpp"
#include "net/resolve.hpp"
#include "net/socket_properties.hpp"
#include "net/socket_setup.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

using boost::system::error_code;

namespace {

// The standby's socket, opened afresh for each address it tries (a socket
// whose connect failed cannot be used again): sized as asked and, with
// -bind, bound to the local address of the same family. What it does is
// printed the first time only.
class StandbySocket {
 public:
  StandbySocket(boost::asio::io_context& io, const LinkPlan& plan,
                std::vector<tcp::endpoint> locals, RunLog& log, bool quiet = false)
      : socket_(io), plan_(plan), locals_(std::move(locals)), log_(log), first_open_(!quiet) {}

  tcp::socket& open_for(const tcp::endpoint& remote) {
    if (socket_.is_open()) socket_.close();
    socket_.open(remote.protocol());
    if (first_open_) print_socket_properties(log_, "creation", socket_.native_handle());
    apply_buffer_sizes(socket_.native_handle(), plan_.options, log_, first_open_);
    if (plan_.options.bind_local) bind_for(remote);
    first_open_ = false;
    return socket_;
  }

  tcp::socket& socket() { return socket_; }

  // Connects to `remote` within `deadline`, on a socket opened for it now, or
  // on the one just opened (`opened`).
  WaitEnd connect(const tcp::endpoint& remote, boost::asio::io_context& io, const StopSource& stop,
                  const Deadline& deadline, error_code& error, bool opened = false) {
    tcp::socket& socket = opened ? socket_ : open_for(remote);
    bool finished = false;
    socket.async_connect(remote, [&](const error_code& result) {
      finished = true;
      error = result;
    });
    return run_until_done(io, finished, stop, deadline, [&] { socket.cancel(); });
  }

 private:
  void bind_for(const tcp::endpoint& remote) {
    const auto same_family = std::ranges::find_if(
        locals_, [&](const tcp::endpoint& local) { return local.protocol() == remote.protocol(); });
    if (same_family == locals_.end()) {
      throw RunError(fmt::format("-bind: local host {} has no address of the family of {}",
                                 shown(plan_.local.host), describe(remote)));
    }
    if (first_open_) log_.line("Binding socket to local address.");
    socket_.set_option(tcp::socket::reuse_address(true));
    error_code error;
    socket_.bind(*same_family, error);
    if (error) {
      throw RunError(
          fmt::format("-bind: cannot bind to {}: {}", describe(*same_family), error.message()));
    }
  }

  tcp::socket socket_;
  const LinkPlan& plan_;
  std::vector<tcp::endpoint> locals_;
  RunLog& log_;
  bool first_open_ = true;
};

// Tries each of the primary's addresses until one accepts, and all of them
// again after each retry interval, until the deadline or a stop. `error` is
// the last attempt's.
WaitEnd connect_with_retries(boost::asio::io_context& io, StandbySocket& standby,
                             const std::vector<tcp::endpoint>& remotes, const LinkPlan& plan,
                             RunLog& log, const StopSource& stop, const Deadline& deadline,
                             error_code& error) {
  bool refused_before = false;
  bool opened = true;  // the socket was just opened for remotes.front()
  for (;;) {
    for (const auto& remote : remotes) {
      const WaitEnd end = standby.connect(remote, io, stop, deadline, error, opened);
      opened = false;
      if (end != WaitEnd::Done || !error) return end;
    }
    if (!plan.quiet_retries || !refused_before) {
      log.line("connect() failed. errno={}, {}", error.value(), error.message());
      log.line("{}", plan.quiet_retries ? "Retrying until the primary is there" : "Retrying");
      log.flush();
    }
    refused_before = true;
    const WaitEnd end = sleep_unless_stopped(plan.retry_interval, stop, deadline);
    if (end != WaitEnd::Done) return end;
  }
}

}  // namespace

std::optional<tcp::socket> connect_to_primary(boost::asio::io_context& io, const LinkPlan& plan,
                                              RunLog& log, const StopSource& stop) {
  const auto locals = resolve(io, plan.local, "local", log);
  const auto remotes = resolve(io, plan.remote, "remote", log);
  StandbySocket standby(io, plan, locals, log);
  standby.open_for(remotes.front());
  log.line("Connecting to remote host TCP port {}", plan.remote.port);
  log.flush();
  error_code error;
  const Deadline deadline(plan.waits.connect);
  switch (connect_with_retries(io, standby, remotes, plan, log, stop, deadline, error)) {
    case WaitEnd::Stopped:
      return std::nullopt;
    case WaitEnd::TimedOut:
      throw RunError(fmt::format("the primary at {}:{} did not accept a connection within {}{}",
                                 plan.remote.host, plan.remote.port,
                                 timeout_hint(plan.waits.connect),
                                 error ? fmt::format("; last attempt: {}", error.message()) : ""));
    case WaitEnd::Done:
      break;
  }
  log.blank();
  log.line("Connected.");
  log.blank();
  tcp::socket& socket = standby.socket();
  configure_connected(socket, plan.options, &log);
  return std::move(socket);
}

PrimaryRedial::PrimaryRedial(boost::asio::io_context& io, const LinkPlan& plan)
    : io_(io), plan_(plan) {
  std::ostringstream unread;
  RunLog quiet(unread, false);
  locals_ = resolve(io, plan.local, "local", quiet);
  remotes_ = resolve(io, plan.remote, "remote", quiet);
  for (tcp::endpoint& local : locals_) local.port(0);
}

PrimaryRedial::~PrimaryRedial() = default;

std::optional<tcp::socket> PrimaryRedial::attempt(Nanos bound, const StopSource& stop,
                                                  error_code& error) {
  std::ostringstream unread;
  RunLog quiet(unread, false);
  StandbySocket standby(io_, plan_, locals_, quiet, true);
  const Deadline deadline(bound);
  for (const auto& remote : remotes_) {
    if (standby.connect(remote, io_, stop, deadline, error) != WaitEnd::Done) return std::nullopt;
    if (!error) {
      configure_connected(standby.socket(), plan_.options, nullptr);
      return std::move(standby.socket());
    }
  }
  return std::nullopt;
}

}  // namespace simhadr
