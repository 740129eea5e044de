#include "simhadr/advice/measured_path.hpp"

#include <algorithm>

#include "simhadr/measure/cpu_usage.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

namespace {

// A wire at least this many times slower than the sender's CPU per flush is
// what set the pace; nearer than that, the two cannot be told apart.
constexpr double kWireOverCpu = 2.0;

}  // namespace

std::optional<MeasuredPath> measure_path(const RunResult& primary) {
  if (primary.settings.modelled || !primary.tcp || primary.flushes.calls == 0) return std::nullopt;
  const TcpStats& tcp = *primary.tcp;
  const double flushes = static_cast<double>(primary.flushes.calls);
  MeasuredPath path;
  path.min_round_trip = to_seconds(tcp.min_round_trip);
  path.same_host = tcp.same_host;
  // Of the time TCP was watched: the kernel counts a closed window while the
  // primary idles (-target) and before and after the run's own clock.
  path.receiver_limited_share = tcp.share_watched(tcp.receiver_limited);
  path.send_buffer_limited_share = tcp.share_watched(tcp.send_buffer_limited);
  path.retransmitted_share = tcp.retransmitted_share();
  // A stall is time TCP counts busy (data in flight) in which the link carried nothing;
  // but between two connections (a standby taken back) it is no connection's time at all.
  const Nanos stalls = primary.stalls ? primary.stalls->total() : Nanos{0};
  path.stalled_share = share_of(stalls, primary.elapsed);
  const Nanos between_connections = std::max(Nanos{0}, primary.elapsed - tcp.watched);
  const Nanos stalled = std::max(Nanos{0}, stalls - between_connections);
  // Where every flush waits for its ack, the path falls idle after each one,
  // and each busy spell ends with a round trip for the last byte's ack.
  const double ack_tails = expects_ack(primary.settings.mode) ? flushes * path.min_round_trip : 0.0;
  const double on_the_wire = to_seconds(tcp.path_busy() - stalled) - ack_tails;
  if (on_the_wire <= 0 || tcp.bytes_acked == 0) return path;
  if (primary.compression && primary.compression->ratio() > 0) {
    path.compression_ratio = primary.compression->ratio();
  }
  path.mbytes_per_sec =
      static_cast<double>(tcp.bytes_acked) / kBytesPerMByte / on_the_wire * path.compression_ratio;
  path.wire_mbytes_per_sec = static_cast<double>(tcp.bytes_sent) / kBytesPerMByte / on_the_wire;
  const double flush_bytes = static_cast<double>(primary.flushes.bytes) / flushes;
  path.wire_seconds_per_flush = flush_bytes / kBytesPerMByte / path.mbytes_per_sec;
  const double cpu_per_flush =
      primary.cpu ? to_seconds(primary.cpu->user + primary.cpu->system) / flushes : 0.0;
  path.is_wire = !tcp.same_host && path.wire_seconds_per_flush > kWireOverCpu * cpu_per_flush;
  return path;
}

}  // namespace simhadr
