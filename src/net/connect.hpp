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
#include <vector>

#include "log/run_log.hpp"
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
  // The standby's pause between connect attempts; a -loop standby retries
  // sooner and reports only the first refusal of each wait.
  Nanos retry_interval = std::chrono::seconds(1);
  bool quiet_retries = false;
  std::vector<Endpoint> auxiliaries{};  // the primary's, after the principal (remote)
};

using tcp = boost::asio::ip::tcp;

class Deadline;

// Called with the port actually listened on (the kernel's choice when lport is 0).
using ListeningCallback = std::function<void(std::uint16_t port)>;

// The primary's side: resolves, binds and listens at construction (RunError
// when it cannot), then accepts its standby, as often as a run needs (a
// standby of ours may reconnect once to apply requested socket settings).
// With auxiliaries it accepts each listed standby once, from its address,
// and by its port where two share a host.
class StandbyListener {
 public:
  StandbyListener(boost::asio::io_context& io, const LinkPlan& plan, RunLog& log,
                  const ListeningCallback& on_listening);
  ~StandbyListener();
  StandbyListener(const StandbyListener&) = delete;
  StandbyListener& operator=(const StandbyListener&) = delete;

  // nullopt when a stop was requested before a standby came.
  std::optional<tcp::socket> accept(const StopSource& stop);
  // Every listed standby, principal first; nullopt when a stop came first.
  // -connectTimeout bounds the wait for all of them.
  std::optional<std::vector<tcp::socket>> accept_all(const StopSource& stop);
  // A connection the principal standby has made since, if one waits, taken
  // without waiting; one from elsewhere is refused with a line and not returned.
  std::optional<tcp::socket> take_returning();

 private:
  struct Expected {
    Endpoint listed;
    std::vector<tcp::endpoint> addresses;
  };
  using Accepted = std::vector<std::optional<tcp::socket>>;  // per listed standby
  // Waits for the next connection; false when a stop came first. Throws
  // RunError when -connectTimeout passes with a listed standby missing.
  bool await_connection(tcp::socket& socket, const Deadline& deadline, const StopSource& stop,
                        const Accepted& accepted);
  // Which listed standby a connection is, set up as one; nullopt (and the
  // refusal printed) when none, or when that standby is connected already.
  std::optional<std::size_t> admit(tcp::socket& socket, const Accepted& accepted);
  // Which listed standby a peer is; nullopt when none (or none is told apart).
  std::optional<std::size_t> match(const tcp::endpoint& peer) const;
  std::string refusal(const tcp::endpoint& peer) const;

  boost::asio::io_context& io_;
  LinkPlan plan_;
  RunLog& log_;
  tcp::acceptor acceptor_;
  std::vector<Expected> standbys_;
};

// nullopt when a stop was requested before the primary answered.
std::optional<tcp::socket> connect_to_primary(boost::asio::io_context& io, const LinkPlan& plan,
                                              RunLog& log, const StopSource& stop);

// A standby's way back to its primary after a failure of the link: the
// addresses resolved once (quietly: the first connection printed them), then
// quiet attempts, each bounded. With -bind, from an ephemeral port of the
// local address: -lport is the old connection's while it lasts.
class PrimaryRedial {
 public:
  PrimaryRedial(boost::asio::io_context& io, const LinkPlan& plan);
  ~PrimaryRedial();
  PrimaryRedial(const PrimaryRedial&) = delete;
  PrimaryRedial& operator=(const PrimaryRedial&) = delete;

  // One attempt on each address, for at most `bound` in all; nullopt (and the
  // last attempt's error in `error`) when none answered.
  std::optional<tcp::socket> attempt(Nanos bound, const StopSource& stop,
                                     boost::system::error_code& error);

 private:
  boost::asio::io_context& io_;
  LinkPlan plan_;
  std::vector<tcp::endpoint> locals_;
  std::vector<tcp::endpoint> remotes_;
};

}  // namespace simhadr
