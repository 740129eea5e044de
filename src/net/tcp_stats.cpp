#include "net/tcp_stats.hpp"

#include "platform/tcp_info.hpp"

namespace simhadr {

std::optional<TcpStats> read_tcp_stats(NativeSocket socket) {
  const auto info = read_tcp_info(socket);
  if (!info || !info->busy) return std::nullopt;
  TcpStats stats;
  stats.busy = *info->busy;
  stats.receiver_limited = info->receiver_limited.value_or(Nanos{0});
  stats.send_buffer_limited = info->send_buffer_limited.value_or(Nanos{0});
  stats.bytes_acked = info->bytes_acked;
  stats.bytes_retransmitted = info->bytes_retransmitted.value_or(0);
  stats.bytes_sent = info->bytes_sent.value_or(0);
  stats.min_round_trip = info->min_round_trip;
  stats.path_mtu = info->path_mtu;
  stats.max_segment = info->max_segment;
  return stats;
}

bool ends_on_one_host(const boost::asio::ip::tcp::socket& socket) {
  boost::system::error_code error;
  const auto local = socket.local_endpoint(error);
  if (error) return false;
  const auto peer = socket.remote_endpoint(error);
  if (error) return false;
  return peer.address().is_loopback() || peer.address() == local.address();
}

TcpStatsMeter::TcpStatsMeter(NativeSocket socket, bool same_host, const Clock& clock)
    : socket_(socket),
      clock_(clock),
      begun_at_(clock.now()),
      begun_(read_tcp_stats(socket)),
      same_host_(same_host) {}

std::optional<TcpStats> TcpStatsMeter::stop() const {
  const auto ended = read_tcp_stats(socket_);
  if (!ended || !begun_) return std::nullopt;
  TcpStats run = difference(*ended, *begun_);
  run.same_host = same_host_;
  run.watched = clock_.now() - begun_at_;
  return run;
}

TcpStatsOverConnections::TcpStatsOverConnections(NativeSocket first, bool same_host,
                                                 const Clock& clock)
    : clock_(clock), same_host_(same_host) {
  current_.emplace(first, same_host, clock);
}

void TcpStatsOverConnections::current_ends() {
  if (!current_) return;
  const std::optional<TcpStats> read = current_->stop();
  current_.reset();
  if (!read) {
    every_one_read_ = false;
    return;
  }
  ended_ = ended_ ? combined(*ended_, *read) : *read;
}

void TcpStatsOverConnections::follow(NativeSocket socket) {
  current_ends();
  current_.emplace(socket, same_host_, clock_);
}

std::optional<TcpStats> TcpStatsOverConnections::stop() const {
  std::optional<TcpStats> all = ended_;
  if (current_) {
    const std::optional<TcpStats> read = current_->stop();
    if (!read) return std::nullopt;
    all = all ? combined(*all, *read) : *read;
  }
  if (!every_one_read_) return std::nullopt;
  return all;
}

}  // namespace simhadr
