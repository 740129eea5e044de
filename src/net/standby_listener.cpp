#include <fmt/ranges.h>

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <string>
#include <vector>

#include "net/connect.hpp"
#include "net/connect_wait.hpp"
#include "net/resolve.hpp"
#include "net/socket_properties.hpp"
#include "net/socket_setup.hpp"

namespace simhadr {

using boost::system::error_code;

namespace {

// An IPv4 peer on a dual-stack listener shows as ::ffff:a.b.c.d; compare it as
// a.b.c.d, and compare IPv6 addresses without their scope.
boost::asio::ip::address plain(const boost::asio::ip::address& address) {
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6());
  }
  if (address.is_v6()) return boost::asio::ip::address_v6(address.to_v6().to_bytes());
  return address;
}

bool is_one_of(const boost::asio::ip::address& peer, const std::vector<tcp::endpoint>& allowed) {
  return std::ranges::any_of(allowed, [&](const tcp::endpoint& endpoint) {
    return plain(endpoint.address()) == plain(peer);
  });
}

}  // namespace

StandbyListener::StandbyListener(boost::asio::io_context& io, const LinkPlan& plan, RunLog& log,
                                 const ListeningCallback& on_listening)
    : io_(io), plan_(plan), log_(log), acceptor_(io) {
  const auto local = resolve(io, plan.local, "local", log).front();
  standbys_.push_back({plan.remote, resolve(io, plan.remote, "remote", log)});
  for (const Endpoint& auxiliary : plan.auxiliaries) {
    standbys_.push_back({auxiliary, resolve(io, auxiliary, "remote", log)});
  }

  acceptor_.open(local.protocol());
  print_socket_properties(log, "creation", acceptor_.native_handle());
  acceptor_.set_option(tcp::acceptor::reuse_address(true));
  apply_buffer_sizes(acceptor_.native_handle(), plan.options, log, true);

  log.line("Binding socket to local address.");
  error_code error;
  acceptor_.bind(local, error);
  if (!error) acceptor_.listen(static_cast<int>(kMaxStandbys), error);
  if (error)
    throw RunError(
        fmt::format("-lhost/-lport: cannot listen on {}: {}", describe(local), error.message()));
  const std::uint16_t port = acceptor_.local_endpoint().port();
  log.line("Listening on local host TCP port {}", port);
  log.blank();
  log.flush();
  if (on_listening) on_listening(port);
}

StandbyListener::~StandbyListener() = default;

std::optional<std::size_t> StandbyListener::match(const tcp::endpoint& peer) const {
  if (plan_.options.any_host) return 0;
  std::vector<std::size_t> same_host;
  for (std::size_t i = 0; i < standbys_.size(); ++i) {
    if (is_one_of(peer.address(), standbys_[i].addresses)) same_host.push_back(i);
  }
  if (same_host.size() == 1) return same_host.front();
  const auto by_port = std::ranges::find_if(
      same_host, [&](std::size_t i) { return standbys_[i].listed.port == peer.port(); });
  if (by_port == same_host.end()) return std::nullopt;
  return *by_port;
}

std::string StandbyListener::refusal(const tcp::endpoint& peer) const {
  std::size_t same_host = 0;
  for (const Expected& standby : standbys_) {
    if (is_one_of(peer.address(), standby.addresses)) ++same_host;
  }
  if (same_host > 1) {
    return fmt::format(
        "Refused a connection from {}: {} standbys are listed on that host, and its port is "
        "none of theirs (start them with -bind so their -lport tells them apart)",
        describe(peer), same_host);
  }
  std::vector<std::string> hosts;
  for (const Expected& standby : standbys_) hosts.push_back(standby.listed.host);
  return fmt::format(
      "Refused a connection from {}: not an address of -rhost {} (-anyHost accepts any)",
      describe(peer), fmt::join(hosts, ","));
}

std::optional<tcp::socket> StandbyListener::accept(const StopSource& stop) {
  auto sockets = accept_all(stop);
  if (!sockets) return std::nullopt;
  return std::move(sockets->front());
}

std::optional<tcp::socket> StandbyListener::take_returning() {
  tcp::socket socket(io_);
  error_code error;
  acceptor_.non_blocking(true, error);
  acceptor_.accept(socket, error);
  if (error) return std::nullopt;  // none waits (or it left again)
  const tcp::endpoint peer = socket.remote_endpoint(error);
  if (error) return std::nullopt;
  if (match(peer) != std::optional<std::size_t>(0)) {
    log_.line("{}", refusal(peer));
    log_.flush();
    return std::nullopt;
  }
  socket.non_blocking(false, error);
  configure_connected(socket, plan_.options, nullptr);
  return socket;
}

std::optional<std::vector<tcp::socket>> StandbyListener::accept_all(const StopSource& stop) {
  const Deadline deadline(plan_.waits.connect);
  Accepted accepted(standbys_.size());
  std::size_t missing = standbys_.size();
  while (missing > 0) {
    tcp::socket socket(io_);
    if (!await_connection(socket, deadline, stop, accepted)) return std::nullopt;
    const std::optional<std::size_t> slot = admit(socket, accepted);
    if (!slot) continue;
    accepted[*slot] = std::move(socket);
    --missing;
  }
  std::vector<tcp::socket> sockets;
  for (auto& socket : accepted) sockets.push_back(std::move(*socket));
  return sockets;
}

bool StandbyListener::await_connection(tcp::socket& socket, const Deadline& deadline,
                                       const StopSource& stop, const Accepted& accepted) {
  bool connected = false;
  error_code error;
  acceptor_.async_accept(socket, [&](const error_code& result) {
    connected = true;
    error = result;
  });
  switch (run_until_done(io_, connected, stop, deadline, [&] { acceptor_.cancel(); })) {
    case WaitEnd::Stopped:
      return false;
    case WaitEnd::TimedOut:
      if (standbys_.size() == 1) {
        throw RunError(
            fmt::format("no standby connected within {}", timeout_hint(plan_.waits.connect)));
      }
      for (std::size_t i = 0; i < standbys_.size(); ++i) {
        if (accepted[i]) continue;
        throw RunError(fmt::format("standby {} ({}:{}) did not connect within {}", i + 1,
                                   standbys_[i].listed.host, standbys_[i].listed.port,
                                   timeout_hint(plan_.waits.connect)));
      }
      break;
    case WaitEnd::Done:
      break;
  }
  if (error) throw RunError(fmt::format("accepting a standby failed: {}", error.message()));
  return true;
}

std::optional<std::size_t> StandbyListener::admit(tcp::socket& socket, const Accepted& accepted) {
  error_code error;
  const tcp::endpoint peer = socket.remote_endpoint(error);
  if (error) return std::nullopt;  // gone again before we looked
  const std::optional<std::size_t> slot = match(peer);
  if (!slot) {
    log_.line("{}", refusal(peer));
    log_.flush();
    return std::nullopt;
  }
  const Expected& standby = standbys_[*slot];
  if (accepted[*slot]) {
    log_.line("Refused a connection from {}: standby {} ({}:{}) is connected already",
              describe(peer), *slot + 1, standby.listed.host, standby.listed.port);
    log_.flush();
    return std::nullopt;
  }
  if (*slot == 0) {
    log_.line("Connected.");
    log_.blank();
    configure_connected(socket, plan_.options, &log_);
  } else {
    log_.line("Auxiliary standby {} ({}:{}) connected from {}.", *slot + 1, standby.listed.host,
              standby.listed.port, describe(peer));
    log_.blank();
    log_.flush();
    configure_connected(socket, plan_.options, nullptr);
  }
  return slot;
}

}  // namespace simhadr
