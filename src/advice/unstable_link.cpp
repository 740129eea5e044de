#include "simhadr/advice/unstable_link.hpp"

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

StallFigures stall_figures(const StallRecord& stalls, Nanos run) {
  const StallEpisode& longest = *stalls.longest();
  return {stalls.count(),
          to_seconds(longest.duration),
          to_seconds(longest.start),
          to_seconds(stalls.total()),
          share_of(stalls.total(), run),
          false};
}

}  // namespace

std::optional<Verdict> outages(const RunResult& primary, double link_mbytes_per_sec) {
  if (stalled_share(primary) < kOutageShare || kept_target(primary)) return std::nullopt;
  Evidence e;
  e.form = EvidenceForm::Outages;
  e.stalls = stall_figures(*primary.stalls, primary.elapsed);
  if (link_mbytes_per_sec > 0) e.link_outside_stalls_mbytes_per_sec = link_mbytes_per_sec;
  return Verdict{Resource::NetworkOutages, e};
}

std::optional<Verdict> packet_loss(const RunResult& primary,
                                   const std::optional<MeasuredPath>& path) {
  if (!path || !primary.tcp || path->retransmitted_share < kLossShare) return std::nullopt;
  Evidence e;
  e.form = EvidenceForm::PacketLoss;
  e.retransmitted_share = path->retransmitted_share;
  e.retransmitted_bytes = primary.tcp->bytes_retransmitted;
  e.tcp_sent_bytes = primary.tcp->bytes_sent;
  e.wire_mbytes_per_sec = path->wire_mbytes_per_sec;
  e.log_mbytes_per_sec = path->mbytes_per_sec;
  return Verdict{Resource::PacketLoss, e};
}

std::optional<double> loss_beside(const std::optional<MeasuredPath>& path) {
  if (!path || path->retransmitted_share < kLossNoted) return std::nullopt;
  return path->retransmitted_share;
}

std::optional<StallFigures> stalls_beside(const RunResult& primary) {
  if (stalled_share(primary) < kOutageShare) return std::nullopt;
  StallFigures stalls = stall_figures(*primary.stalls, primary.elapsed);
  stalls.absorbed_by_target = kept_target(primary);
  return stalls;
}

}  // namespace simhadr
