#include "net/connect.hpp"

#include <sys/socket.h>

#include <fmt/ranges.h>
#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <cerrno>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "net/name_services.hpp"
#include "net/socket_properties.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

using boost::system::error_code;
constexpr auto kWaitSlice = std::chrono::milliseconds(100);

enum class WaitEnd : std::uint8_t { Done, Stopped, TimedOut };

// The end of the connection phase (-connectTimeout); none when the bound is zero.
class Deadline {
 public:
  explicit Deadline(Nanos bound) {
    if (bound > Nanos{0}) at_ = std::chrono::steady_clock::now() + bound;
  }
  bool passed() const { return at_ && std::chrono::steady_clock::now() >= *at_; }
  // The next wait: one slice, or less when the deadline comes first.
  std::chrono::steady_clock::duration next_wait(std::chrono::steady_clock::duration slice) const {
    if (!at_) return slice;
    return std::clamp<std::chrono::steady_clock::duration>(
        *at_ - std::chrono::steady_clock::now(), std::chrono::steady_clock::duration::zero(),
        slice);
  }

 private:
  std::optional<std::chrono::steady_clock::time_point> at_;
};

// Runs io until `done` is set by a handler, a stop is requested or the
// deadline passes; in the last two cases the pending operation is cancelled
// and its handler drained.
template <typename Cancel>
WaitEnd run_until_done(boost::asio::io_context& io, const bool& done, const StopSource& stop,
                       const Deadline& deadline, Cancel cancel) {
  while (!done) {
    const WaitEnd end = stop.requested()    ? WaitEnd::Stopped
                        : deadline.passed() ? WaitEnd::TimedOut
                                            : WaitEnd::Done;
    if (end != WaitEnd::Done) {
      cancel();
      io.restart();
      io.run();
      return end;
    }
    io.restart();
    io.run_for(deadline.next_wait(kWaitSlice));
  }
  return WaitEnd::Done;
}

WaitEnd sleep_unless_stopped(std::chrono::steady_clock::duration length, const StopSource& stop,
                             const Deadline& deadline) {
  const auto until = std::chrono::steady_clock::now() + length;
  while (std::chrono::steady_clock::now() < until) {
    if (stop.requested()) return WaitEnd::Stopped;
    if (deadline.passed()) return WaitEnd::TimedOut;
    std::this_thread::sleep_for(deadline.next_wait(kWaitSlice));
  }
  return WaitEnd::Done;
}

std::string timeout_hint(Nanos bound) {
  return fmt::format("{:g} s (-connectTimeout; 0 waits without end)", to_seconds(bound));
}

std::vector<tcp::endpoint> resolve(boost::asio::io_context& io, const Endpoint& where,
                                   std::string_view which, RunLog& log) {
  log.line("Resolving {} host {} via getaddrinfo()", which, where.host);
  tcp::resolver resolver(io);
  error_code error;
  const auto results = resolver.resolve(where.host, std::to_string(where.port),
                                        tcp::resolver::numeric_service, error);
  if (error || results.empty()) {
    throw RunError(fmt::format("-{}host {}: cannot resolve it: {}{}", which == "local" ? 'l' : 'r',
                               shown(where.host), error ? error.message() : "no address",
                               unresolved_name_hint()));
  }
  log.line("hostname={}", where.host);
  std::vector<tcp::endpoint> endpoints;
  int last_family = 0;
  for (const auto& entry : results) {
    const tcp::endpoint endpoint = entry.endpoint();
    const bool v4 = endpoint.address().is_v4();
    const int family = v4 ? AF_INET : AF_INET6;
    if (family != last_family) {
      log.line("address_type={} address_length={}", family, v4 ? 4 : 16);
      last_family = family;
    }
    log.line("address: {}", endpoint.address().to_string());
    endpoints.push_back(endpoint);
  }
  log.blank();
  return endpoints;
}

void set_int_option(int fd, int name, int value, std::string_view option_name,
                    std::string_view given_by) {
  if (::setsockopt(fd, SOL_SOCKET, name, &value, sizeof value) != 0) {
    throw RunError(fmt::format("{} {}: setsockopt({}) failed: {}", given_by, value, option_name,
                               std::strerror(errno)));
  }
}

// The standby reopens its socket on every retry; only the first time is reported.
void apply_buffer_sizes(int fd, const SocketOptions& options, RunLog& log, bool announce) {
  if (options.send_buffer) {
    if (announce) log.line("Calling setsockopt(SO_SNDBUF)");
    set_int_option(fd, SO_SNDBUF, *options.send_buffer, "SO_SNDBUF", "-sockSndBuf");
  }
  if (options.receive_buffer) {
    if (announce) log.line("Calling setsockopt(SO_RCVBUF)");
    set_int_option(fd, SO_RCVBUF, *options.receive_buffer, "SO_RCVBUF", "-sockRcvBuf");
  }
  if (announce && (options.send_buffer || options.receive_buffer)) {
    print_socket_properties(log, "buffer resizing", fd);
  }
}

// An auxiliary's connection is set up as the principal's, without printing it (log null).
void configure_connected(tcp::socket& socket, const SocketOptions& options, RunLog* log) {
  if (options.blocking) {
    socket.native_non_blocking(false);
  } else {
    if (log) log->line("Calling fcntl(O_NONBLOCK)");
    socket.non_blocking(true);
  }
  if (!options.nagle) {
    if (log) log->line("Calling setsockopt(TCP_NODELAY)");
    socket.set_option(tcp::no_delay(true));
  }
  if (log) print_socket_properties(*log, "connection", socket.native_handle());
}

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

std::string describe(const tcp::endpoint& endpoint) {
  return fmt::format("{}:{}", endpoint.address().to_string(), endpoint.port());
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

std::optional<std::vector<tcp::socket>> StandbyListener::accept_all(const StopSource& stop) {
  const Deadline deadline(plan_.waits.connect);
  std::vector<std::optional<tcp::socket>> accepted_standbys(standbys_.size());
  std::size_t missing = standbys_.size();
  while (missing > 0) {
    tcp::socket socket(io_);
    bool accepted = false;
    error_code error;
    acceptor_.async_accept(socket, [&](const error_code& result) {
      accepted = true;
      error = result;
    });
    switch (run_until_done(io_, accepted, stop, deadline, [&] { acceptor_.cancel(); })) {
      case WaitEnd::Stopped:
        return std::nullopt;
      case WaitEnd::TimedOut:
        if (standbys_.size() == 1) {
          throw RunError(
              fmt::format("no standby connected within {}", timeout_hint(plan_.waits.connect)));
        }
        for (std::size_t i = 0; i < standbys_.size(); ++i) {
          if (accepted_standbys[i]) continue;
          throw RunError(fmt::format("standby {} ({}:{}) did not connect within {}", i + 1,
                                     standbys_[i].listed.host, standbys_[i].listed.port,
                                     timeout_hint(plan_.waits.connect)));
        }
        break;
      case WaitEnd::Done:
        break;
    }
    if (error) throw RunError(fmt::format("accepting a standby failed: {}", error.message()));
    const tcp::endpoint peer = socket.remote_endpoint(error);
    if (error) continue;  // gone again before we looked
    const std::optional<std::size_t> slot = match(peer);
    if (!slot) {
      log_.line("{}", refusal(peer));
      log_.flush();
      continue;
    }
    if (accepted_standbys[*slot]) {
      log_.line("Refused a connection from {}: standby {} ({}:{}) is connected already",
                describe(peer), *slot + 1, standbys_[*slot].listed.host,
                standbys_[*slot].listed.port);
      log_.flush();
      continue;
    }
    if (*slot == 0) {
      log_.line("Connected.");
      log_.blank();
      configure_connected(socket, plan_.options, &log_);
    } else {
      log_.line("Auxiliary standby {} ({}:{}) connected from {}.", *slot + 1,
                standbys_[*slot].listed.host, standbys_[*slot].listed.port, describe(peer));
      log_.blank();
      log_.flush();
      configure_connected(socket, plan_.options, nullptr);
    }
    accepted_standbys[*slot] = std::move(socket);
    --missing;
  }
  std::vector<tcp::socket> sockets;
  for (auto& socket : accepted_standbys) sockets.push_back(std::move(*socket));
  return sockets;
}

namespace {

// The standby's socket, opened afresh for each address it tries (a socket
// whose connect failed cannot be used again): sized as asked and, with
// -bind, bound to the local address of the same family. What it does is
// printed the first time only.
class StandbySocket {
 public:
  StandbySocket(boost::asio::io_context& io, const LinkPlan& plan,
                std::vector<tcp::endpoint> locals, RunLog& log)
      : socket_(io), plan_(plan), locals_(std::move(locals)), log_(log) {}

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
  bool untried = true;  // the socket was just opened for remotes.front()
  for (;;) {
    for (const auto& remote : remotes) {
      tcp::socket& socket = untried ? standby.socket() : standby.open_for(remote);
      untried = false;
      bool finished = false;
      socket.async_connect(remote, [&](const error_code& result) {
        finished = true;
        error = result;
      });
      const WaitEnd end = run_until_done(io, finished, stop, deadline, [&] { socket.cancel(); });
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

}  // namespace simhadr
