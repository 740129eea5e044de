#include "runs/connection_stack.hpp"

#include <algorithm>

#include "compress/codec.hpp"
#include "platform/socket_facts.hpp"
#include "platform/tcp_info.hpp"
#include "simhadr/wait_slices.hpp"

namespace simhadr {

namespace {

// The exchange on a new connection is a few bytes each way: a peer silent
// for this long is not taking part.
constexpr Nanos kExchangeBound = std::chrono::seconds(3);

}  // namespace

std::unique_ptr<Connection> Connection::open(tcp::socket socket, const RunConfig& config,
                                             const TlsContext* tls, const StopSource& stop,
                                             Clock& clock,
                                             const std::optional<NetworkModel>& network) {
  std::unique_ptr<Connection> connection(new Connection());
  connection->socket_ = socket.native_handle();
  connection->opened_ = open_transport(std::move(socket), config, tls, config.remote.host, stop);
  if (!connection->opened_.transport) return nullptr;
  Transport& base = *connection->opened_.transport;
  if (network) connection->shaped_.emplace(base, clock, *network);
  Transport& carried = connection->shaped_ ? static_cast<Transport&>(*connection->shaped_) : base;
  // Compressed before it is shaped or encrypted: the wire carries what it makes.
  if (config.compress) connection->compressing_.emplace(carried);
  return connection;
}

Transport& Connection::top() {
  if (compressing_) return *compressing_;
  if (shaped_) return *shaped_;
  return *opened_.transport;
}

void Connection::add_facts(ConnectionsFacts& sums) const {
  if (opened_.tls) {
    TlsFacts mine = opened_.tls->facts();
    if (sums.tls) mine.record_overhead_bytes += sums.tls->record_overhead_bytes;
    sums.tls = std::move(mine);
  }
  if (compressing_ && compressing_->facts()) {
    if (!sums.compression) sums.compression.emplace();
    sums.compression->add(*compressing_->facts());
  }
}

namespace {

Nanos attempt_bound_for(NativeSocket first) {
  constexpr Nanos kLeast = std::chrono::milliseconds(100);
  constexpr Nanos kMost = std::chrono::seconds(3);
  const std::optional<TcpInfo> info = read_tcp_info(first);
  if (!info) return kLeast;
  return std::clamp<Nanos>(3 * info->min_round_trip, kLeast, kMost);
}

}  // namespace

ConnectionRenewal::ConnectionRenewal(RenewalParts parts, Connection& first, Link& link,
                                     TcpWatch& watch, NextSocket next_socket)
    : parts_(std::move(parts)),
      first_(first),
      current_(&first),
      attempt_bound_(attempt_bound_for(first.socket())),
      link_(link),
      watch_(watch),
      next_socket_(std::move(next_socket)) {
  // A new connection's TLS handshake is part of the exchange: bounded as it is.
  parts_.config.waits.connect = kExchangeBound;
}

ConnectionRenewal::~ConnectionRenewal() = default;

// The newest of the connections waiting: an older one is a standby's attempt it gave up.
bool ConnectionRenewal::knocking() {
  while (std::optional<tcp::socket> newer = next_socket_(Nanos{0})) waiting_ = std::move(newer);
  return waiting_.has_value();
}

Link* ConnectionRenewal::candidate(Nanos within) {
  drop();
  std::optional<tcp::socket> socket = std::exchange(waiting_, std::nullopt);
  try {
    if (!socket) socket = next_socket_(within);
    if (!socket) return nullptr;
    candidate_ = Connection::open(std::move(*socket), parts_.config, parts_.tls, parts_.stop,
                                  parts_.clock, parts_.network);
  } catch (const RunError& failed) {
    parts_.log.line("A new connection failed: {}", failed.what());
    return nullptr;
  }
  if (!candidate_) return nullptr;
  candidate_link_.emplace(candidate_->top(), parts_.clock, parts_.stop, parts_.log, kExchangeBound);
  return &*candidate_link_;
}

void ConnectionRenewal::reset_current() {
  if (parts_.before_reset) parts_.before_reset();
  drop_connection(current_->socket());
}

void ConnectionRenewal::adopt(std::uint64_t log_at_start, std::uint64_t message_bytes,
                              const std::optional<CompressionChoice>& compress) {
  reset_current();
  current_->add_facts(retired_);
  candidate_link_.reset();
  current_ = candidate_.get();
  if (parts_.adopted) parts_.adopted(current_->socket());
  link_.rebind(current_->top());
  // The watch reads the new one from now on (and never an old one after this
  // returns), so an earlier adopted one may close; the first stays, for the end's figures.
  watch_.follow(current_->socket(), log_at_start, message_bytes);
  adopted_ = std::move(candidate_);
  CompressingTransport* compressing = current_->compressing();
  if (!compress || !compressing) return;
  if (parts_.role == Role::Primary) {
    compressing->compress_sends(make_stream_compressor(*compress), *compress);
  } else {
    compressing->restore_receives(make_stream_decompressor(compress->compressor), *compress);
  }
}

ConnectionsFacts ConnectionRenewal::facts() const {
  ConnectionsFacts sums = retired_;
  current_->add_facts(sums);
  return sums;
}

// A candidate no thread has watched closes at once.
void ConnectionRenewal::drop() {
  candidate_link_.reset();
  candidate_.reset();
}

void ConnectionRenewal::abandon() {
  watch_.follow(std::nullopt, 0, 0);
  reset_current();
}

}  // namespace simhadr
