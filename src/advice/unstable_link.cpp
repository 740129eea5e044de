#include "simhadr/advice/unstable_link.hpp"

#include <fmt/format.h>

#include "simhadr/measure/cpu_usage.hpp"

namespace simhadr {

namespace {

// A run whose log moved at this share of its -target or more was held by the target.
constexpr double kTargetKept = 0.97;

double stalled_share(const RunResult& primary) {
  return primary.stalls ? share_of(primary.stalls->total(), primary.elapsed) : 0.0;
}

bool kept_target(const RunResult& primary) {
  return primary.target && mbytes_per_sec(primary.flushes.bytes, primary.elapsed) >=
                               kTargetKept * primary.target->mbytes_per_sec;
}

std::string stall_summary(const StallRecord& stalls, Nanos run) {
  const StallEpisode& longest = *stalls.longest();
  return fmt::format(
      "{} stall{} of the connection, the longest {:.3f} s at {:.3f} s, {:.3f} s in all "
      "({:.1f}% of the run)",
      stalls.count(), stalls.count() == 1 ? "" : "s", to_seconds(longest.duration),
      to_seconds(longest.start), to_seconds(stalls.total()), 100 * share_of(stalls.total(), run));
}

}  // namespace

std::optional<Verdict> outages(const RunResult& primary, double link_mbytes_per_sec) {
  if (stalled_share(primary) < kOutageShare || kept_target(primary)) return std::nullopt;
  const std::string outside =
      link_mbytes_per_sec > 0
          ? fmt::format("; outside them the link carried {:.6f} MBytes/sec", link_mbytes_per_sec)
          : std::string();
  return Verdict{Resource::NetworkOutages,
                 fmt::format("{}: the link carried nothing while the log waited{}",
                             stall_summary(*primary.stalls, primary.elapsed), outside)};
}

std::optional<Verdict> packet_loss(const RunResult& primary,
                                   const std::optional<MeasuredPath>& path) {
  if (!path || !primary.tcp || path->retransmitted_share < kLossShare) return std::nullopt;
  const TcpStats& tcp = *primary.tcp;
  return Verdict{
      Resource::PacketLoss,
      fmt::format("{:.1f}% of what TCP sent was sent again ({} of {} bytes): the wire carried "
                  "{:.6f} MBytes/sec in all for {:.6f} of log, so the link's capacity can be "
                  "higher than what the log got; loss, not bandwidth, set the pace",
                  path->retransmitted_share * 100, tcp.bytes_retransmitted, tcp.bytes_sent,
                  path->wire_mbytes_per_sec, path->mbytes_per_sec)};
}

std::string loss_beside(const std::optional<MeasuredPath>& path) {
  if (!path || path->retransmitted_share < kLossNoted) return {};
  return fmt::format("; TCP sent {:.1f}% of its bytes again", path->retransmitted_share * 100);
}

std::string stalls_beside(const RunResult& primary) {
  if (stalled_share(primary) < kOutageShare) return {};
  return fmt::format("; beside it, {}{}", stall_summary(*primary.stalls, primary.elapsed),
                     kept_target(primary) ? ", which the run's -target pace absorbed" : "");
}

}  // namespace simhadr
