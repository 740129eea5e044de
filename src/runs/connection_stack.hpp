#pragma once
// One connection's transports, bottom to top: the socket's (plain or TLS),
// -netRate's shaping on a real primary, and -compress; and, for a run that
// may lose its connection and take another (wire/resume.hpp), the renewal that
// builds each new one the same way and keeps the lost ones open to the end,
// so a thread still reading a descriptor never reads another's.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "net/compressing_transport.hpp"
#include "net/connect.hpp"
#include "net/open_transport.hpp"
#include "net/shaped_transport.hpp"
#include "net/tcp_watch.hpp"
#include "roles/link_renewal.hpp"

namespace simhadr {

// What TLS and -compress did over one connection or all of a run's.
struct ConnectionsFacts {
  std::optional<TlsFacts> tls;  // the newest connection's session, every one's overhead
  std::optional<CompressionFacts> compression;
};

class Connection {
 public:
  // Null when a stop came during the TLS handshake; a refused one is a RunError.
  static std::unique_ptr<Connection> open(tcp::socket socket, const RunConfig& config,
                                          const TlsContext* tls, const StopSource& stop,
                                          Clock& clock, const std::optional<NetworkModel>& network);

  Transport& top();
  NativeSocket socket() const { return socket_; }
  OpenedTransport& opened() { return opened_; }
  CompressingTransport* compressing() { return compressing_ ? &*compressing_ : nullptr; }
  // Adds this connection's figures to `sums`.
  void add_facts(ConnectionsFacts& sums) const;

 private:
  Connection() = default;

  NativeSocket socket_{};
  OpenedTransport opened_;
  std::optional<ShapedTransport> shaped_;
  std::optional<CompressingTransport> compressing_;
};

// Where a new connection's socket comes from: the primary's listener, the
// standby's redial. Nullopt when none came within the bound.
using NextSocket = std::function<std::optional<tcp::socket>(Nanos within)>;

struct RenewalParts {
  RunConfig config;
  const TlsContext* tls;
  Clock& clock;
  const StopSource& stop;
  RunLog& log;
  const std::optional<NetworkModel>& network;
  Role role;
  // Before the current connection is reset (its TCP figures are read then), and
  // once a new one carries the run.
  std::function<void()> before_reset;
  std::function<void(NativeSocket)> adopted;
};

class ConnectionRenewal final : public LinkRenewal {
 public:
  ConnectionRenewal(RenewalParts parts, Connection& first, Link& link, TcpWatch& watch,
                    NextSocket next_socket);
  ~ConnectionRenewal();

  bool knocking() override;
  Link* candidate(Nanos within) override;
  void adopt(std::uint64_t log_at_start, std::uint64_t message_bytes,
             const std::optional<CompressionChoice>& compress) override;
  void drop() override;
  void abandon() override;
  Nanos attempt_bound() const override { return attempt_bound_; }
  NativeSocket current_socket() const { return current_->socket(); }
  // The figures of every connection the run had.
  ConnectionsFacts facts() const;

 private:
  // Resets the current connection; the first one's figures are read before.
  void reset_current();

  RenewalParts parts_;
  Connection& first_;
  Connection* current_;
  Nanos attempt_bound_;
  Link& link_;
  TcpWatch& watch_;
  NextSocket next_socket_;
  std::optional<tcp::socket> waiting_;
  std::unique_ptr<Connection> candidate_;
  std::optional<Link> candidate_link_;
  std::unique_ptr<Connection> adopted_;  // the current one, when it is not the first
  ConnectionsFacts retired_;             // of the connections the run no longer uses
};

}  // namespace simhadr
