#include "simhadr/advice/bottleneck.hpp"

#include <algorithm>
#include <cmath>

#include "simhadr/advice/bottleneck_inputs.hpp"
#include "simhadr/advice/compression_what_if.hpp"
#include "simhadr/advice/load_carried.hpp"
#include "simhadr/advice/models_limit.hpp"
#include "simhadr/advice/unstable_link.hpp"
#include "simhadr/models/disk_model.hpp"

namespace simhadr {

namespace {

// A standby whose buffer was full this much of the run held its primary back;
// likewise a closed window, a full send buffer, a wait for a CPU.
constexpr double kHeldBackFraction = 0.10;
// The share of a modelled uplink's payload rate from which it counts as full.
constexpr double kUplinkFull = 0.97;
// Waiting for a CPU this much of the run, with the log below this share of
// what the link and disks allow, outweighs what they did.
constexpr double kHostCpuShare = 0.25;
constexpr double kHostCpuShortfall = 0.90;

// The evidence for a verdict from the models and the serial path.
// The sender's CPU: its thread's modelled work on a flush (-model -tls,
// -tcpCost), or a real primary's send, beside what TCP's pace says of it.
void sender_cpu_evidence(const Inputs& in, Evidence& e) {
  if (in.costs.sender_cpu() > 0) {
    const std::uint64_t bytes = in.whole_bytes();
    e.form = EvidenceForm::ModelledSenderCpu;
    e.cipher_seconds = to_seconds(in.thread_cpu.encrypt(bytes));
    e.tcp_seconds = to_seconds(in.thread_cpu.tcp_send(bytes));
    e.compress_seconds = to_seconds(in.thread_cpu.compress(bytes));
    return;
  }
  e.form = EvidenceForm::SenderCpu;
  e.send_seconds = in.costs.send;
  e.encrypted = in.encrypted;
  if (!in.path || in.path->mbytes_per_sec <= 0) {
    e.sender_pace = SenderPace::NoNetworkModelled;
  } else {
    e.sender_pace = in.path->same_host ? SenderPace::ThisHostCopying : SenderPace::WireOrCpu;
    e.tcp_mbytes_per_sec = in.path->mbytes_per_sec;
  }
}

// The standby's CPU: its thread's modelled work on a flush (-model -tls, -tcpCost, -compress).
void receiver_cpu_evidence(const Inputs& in, Evidence& e) {
  const std::uint64_t bytes = in.whole_bytes();
  e.form = EvidenceForm::ModelledReceiverCpu;
  e.cipher_seconds = to_seconds(in.thread_cpu.decrypt(bytes));
  e.tcp_seconds = to_seconds(in.thread_cpu.tcp_receive(bytes));
  e.compress_seconds = to_seconds(in.thread_cpu.decompress(bytes));
}

// The link's rate: a flush's time on it, the rate the run saw and the modelled
// one, and how many times smaller a compressing link carried the log.
void link_time_evidence(const Inputs& in, Evidence& e) {
  e.form = EvidenceForm::LinkTime;
  e.send_seconds = in.costs.send;
  e.link_mbytes_per_sec = in.link_mbytes_per_sec();
  if (in.modelled_rate()) {
    e.modelled_link_mbytes_per_sec = in.network->rate().value();
    if (in.network->compression() != 1) e.compression_ratio = in.network->compression();
  } else if (in.path && in.path->compression_ratio != 1) {
    e.compression_ratio = in.path->compression_ratio;
  }
}

// The modelled window: what may be in flight, in bytes of log, over the round trip.
void window_evidence(const Inputs& in, Evidence& e) {
  e.form = EvidenceForm::ModelledWindow;
  e.window_bytes = static_cast<std::uint64_t>(static_cast<double>(in.network->window_bytes()) /
                                              in.compression_ratio());
  e.round_trip_seconds = in.costs.round_trip;
  e.window_mbytes_per_sec = in.network->throughput_bound().value();
}

// A disk's cap: what it allows, the disk's own time, and the mode with that cap
// lifted on both disks (the other cap, or anything else, may bind then).
void disk_cap_evidence(Resource resource, SyncMode mode, const Inputs& in, Evidence& e) {
  const bool iops = resource == Resource::DiskIopsCap;
  // The side whose cap allows the fewer writes is the one named (the primary's on a tie).
  const bool primary = cap_interval(in.disk_caps, in.whole_bytes()) >=
                       cap_interval(in.standby_disk_caps, in.whole_bytes());
  const DiskCaps& caps = primary ? in.disk_caps : in.standby_disk_caps;
  e.form = EvidenceForm::DiskCap;
  e.write_seconds = primary ? in.costs.write : in.costs.standby_write;
  e.cap_interval_seconds = cap_interval(caps, in.whole_bytes());
  if (iops) {
    e.disk_iops_cap = caps.iops;
  } else {
    e.disk_cap_mbytes_per_sec = caps.throughput->value();
  }
  Inputs lifted = in;
  for (DiskCaps* lift : {&lifted.disk_caps, &lifted.standby_disk_caps}) {
    if (iops) {
      lift->iops.reset();
    } else {
      lift->throughput.reset();
    }
  }
  e.uncapped_mbytes_per_sec = models_limit(mode, lifted).mbytes_per_sec;
}

Evidence evidence_for(Resource resource, SyncMode mode, const Inputs& in) {
  const FlushCosts& c = in.costs;
  Evidence e;
  e.flush_bytes = in.bytes;
  e.standby_disk_assumed = in.standby_disk_assumed;
  switch (resource) {
    case Resource::PrimaryDisk:
      e.form = EvidenceForm::PrimaryWrite;
      e.write_seconds = c.write;
      break;
    case Resource::StandbyDisk:
      e.form = EvidenceForm::StandbyWrite;
      e.standby_write_seconds = c.standby_write;
      break;
    case Resource::BothDisks:
      e.form = mode == SyncMode::Sync ? EvidenceForm::WritesInSeries : EvidenceForm::EitherWrite;
      e.write_seconds = c.write;
      e.standby_write_seconds = c.standby_write;
      break;
    case Resource::DiskIopsCap:
    case Resource::DiskThroughputCap:
      disk_cap_evidence(resource, mode, in, e);
      break;
    case Resource::NetworkBandwidth:
      link_time_evidence(in, e);
      break;
    case Resource::SenderCpu:
      sender_cpu_evidence(in, e);
      break;
    case Resource::RoundTrip:
      e.form = EvidenceForm::RoundTrip;
      e.round_trip_seconds = c.round_trip;
      break;
    case Resource::SocketBufferWindow:
      window_evidence(in, e);
      break;
    case Resource::StandbyReplay:
      e.form = EvidenceForm::Replay;
      e.replay_seconds = replay_seconds_per_flush(in, in.bytes);
      if (*e.replay_seconds > seconds_for(in.replay, in.bytes)) {
        e.replay_delay_seconds = in.replay_delay_seconds;
        e.replay_held_bytes = in.replay_held_bytes;
      }
      break;
    case Resource::ReceiverCpu:
      receiver_cpu_evidence(in, e);
      break;
    case Resource::StandbyDiskOrReplay:
    case Resource::NetworkOutages:
    case Resource::PacketLoss:
    case Resource::SharedUplink:
    case Resource::HostCpu:
    case Resource::NotThisStandby:
    case Resource::Target:
    case Resource::Workload:
    case Resource::Unknown:
      break;
  }
  return e;
}

// What a real primary sees of a limit beyond its models: TCP held back by the
// standby's closed window or by a send buffer all in flight; without TCP's
// statistics, sends that waited for room.
std::optional<Verdict> held_back(const RunResult& primary, const RunResult* standby,
                                 const Inputs& in, bool window_explains) {
  if (standby || window_explains) return std::nullopt;
  Evidence e;
  if (in.path) {
    if (in.path->receiver_limited_share >= kHeldBackFraction) {
      e.form = EvidenceForm::WindowClosed;
      e.held_back_share = in.path->receiver_limited_share;
      return Verdict{Resource::StandbyDiskOrReplay, e};
    }
    if (in.path->send_buffer_limited_share >= kHeldBackFraction && !in.modelled_rate()) {
      e.form = EvidenceForm::SendBufferInFlight;
      e.send_buffer_bytes = static_cast<std::uint64_t>(primary.socket_send_buffer);
      e.held_back_share = in.path->send_buffer_limited_share;
      return Verdict{Resource::SocketBufferWindow, e};
    }
    return std::nullopt;
  }
  const double congested = share_of(primary.congestions.time, primary.busy_time());
  if (congested < kHeldBackFraction) return std::nullopt;
  e.form = EvidenceForm::SendsWaited;
  e.held_back_share = congested;
  return Verdict{Resource::StandbyDiskOrReplay, e};
}

// The modelled uplink every stream crosses, when it ran full: the
// principal had what the auxiliaries left of it.
std::optional<Verdict> shared_uplink(const RunResult& primary) {
  if (!primary.settings.uplink || primary.elapsed <= Nanos{0}) return std::nullopt;
  const double payload = (*primary.settings.uplink * NetworkModel::kPayloadShare).value();
  const double outbound = mbytes_per_sec(primary.outbound_bytes(), primary.elapsed);
  if (outbound < kUplinkFull * payload) return std::nullopt;
  Evidence e;
  e.form = EvidenceForm::UplinkFull;
  e.uplink_mbytes_per_sec = primary.settings.uplink->value();
  e.uplink_payload_mbytes_per_sec = payload;
  e.outbound_mbytes_per_sec = outbound;
  e.principal_mbytes_per_sec = mbytes_per_sec(primary.sends.bytes, primary.elapsed);
  return Verdict{Resource::SharedUplink, e};
}

// A run that waited for a CPU much of the time, and moved the log well below
// what everything else allowed, measured its host's load first.
std::optional<Verdict> host_cpu(const RunResult& primary, double allowed, double measured) {
  if (!primary.cpu || !primary.cpu->waiting_for_cpu) return std::nullopt;
  const double share = share_of(*primary.cpu->waiting_for_cpu, primary.cpu->wall);
  if (share < kHostCpuShare || measured >= kHostCpuShortfall * allowed) return std::nullopt;
  Evidence e;
  e.form = EvidenceForm::CpuWait;
  e.cpu_wait_share = share;
  e.log_mbytes_per_sec = measured;
  e.allowed_mbytes_per_sec = allowed;
  return Verdict{Resource::HostCpu, e};
}

// The limit the models and the serial path set, with its evidence; its rate is returned.
double name_the_models_limit(SyncMode mode, const Inputs& in, Bottleneck& b) {
  const ModelsLimit limit = models_limit(mode, in);
  b.limits = limit.limits;
  b.resource = limit.resource;
  if (b.resource == Resource::Unknown) {
    // A resource with no figure is never named: with none, nothing limits this mode.
    b.evidence.form = EvidenceForm::NothingModelled;
  } else {
    b.evidence = evidence_for(b.resource, mode, in);
  }
  return limit.mbytes_per_sec;
}

// The stalls and retransmissions where they are not the verdict, the log a
// headline above the mode's limit owes to the standby's buffer, and the socket
// buffer that covers bandwidth x round trip.
void say_what_is_beside(const RunResult& primary, const RunResult* standby, const Inputs& in,
                        double allowed, Bottleneck& b) {
  if (b.resource != Resource::NetworkOutages) b.evidence.stalls = stalls_beside(primary);
  // Only where replay lagged: more than the flush in hand awaited it when the standby's run ended.
  if (standby && standby->settings.replay && standby->replay_backlog.calls > 1 &&
      b.measured_mbytes_per_sec > allowed) {
    b.evidence.replayed_bytes = standby->replays.bytes;
    b.evidence.replayed_seconds = to_seconds(standby->replays.time);
    b.evidence.replayed_mbytes_per_sec =
        mbytes_per_sec(standby->replays.bytes, standby->replays.time);
  }
  if (b.resource != Resource::PacketLoss) b.evidence.retransmitted_share = loss_beside(in.path);
  // A real primary with auxiliaries cannot see whether its link's pace is the
  // principal's own path or an uplink the streams share: it says what all of them took.
  if (b.resource == Resource::NetworkBandwidth && !primary.settings.modelled &&
      !primary.auxiliaries.empty() && primary.elapsed > Nanos{0}) {
    b.evidence.outbound_mbytes_per_sec = mbytes_per_sec(primary.outbound_bytes(), primary.elapsed);
  }
  if ((in.modelled_rate() || in.measured_wire()) && in.costs.round_trip > 0) {
    // The socket buffer holds what the wire carries: compressed bytes under -compress.
    b.covering_socket_buffer = static_cast<std::uint64_t>(
        in.link_mbytes_per_sec() / in.compression_ratio() * kBytesPerMByte * in.costs.round_trip);
  }
}

}  // namespace

Bottleneck advise(const RunResult& primary, const RunResult* standby) {
  Bottleneck b;
  b.measured_mbytes_per_sec = mbytes_per_sec(primary.flushes.bytes, primary.elapsed);
  // What the run moved while it was not idling for -target: the pace its resources allowed.
  const double busy_mbytes_per_sec = mbytes_per_sec(primary.flushes.bytes, primary.busy_time());
  if (primary.flushes.calls == 0) {
    b.resource = Resource::Unknown;
    return b;
  }
  const Inputs in = gather(primary, standby);
  b.standby_disk_assumed = in.standby_disk_assumed;
  b.flush_bytes = in.bytes;
  b.costs = in.costs;
  const double tightest = name_the_models_limit(primary.settings.mode, in, b);
  const bool carried = carried_offered_load(primary, b.measured_mbytes_per_sec);
  // What would hold a heavier load back: the models' limit, or one that caps every mode.
  NearestLimit nearest{b.resource, b.evidence};
  const auto held = held_back(primary, standby, in, b.resource == Resource::SocketBufferWindow);
  // The principal's share of a full uplink caps every mode alike.
  const auto uplink = shared_uplink(primary);
  for (const auto& capping : {held, uplink}) {
    // A run paced by its load was not at capacity: its pace caps nothing.
    if (!capping || carried) continue;
    // Whatever held TCP back passed the log at the measured rate: no mode gets more.
    b.limits.push_back({capping->resource, busy_mbytes_per_sec});
    if (busy_mbytes_per_sec < tightest)
      nearest = NearestLimit{capping->resource, capping->evidence};
  }
  for (const SyncMode mode :
       {SyncMode::Sync, SyncMode::NearSync, SyncMode::Async, SyncMode::SuperAsync}) {
    b.modes.push_back({mode, forecast(mode, in, b.limits)});
  }
  const double allowed =
      std::ranges::find(b.modes, primary.settings.mode, &ModeForecast::mode)->mbytes_per_sec;
  const double link_mbytes_per_sec =
      in.modelled_rate() || in.measured_wire() ? in.link_mbytes_per_sec() : 0.0;
  // Later ones outweigh earlier ones.
  for (const auto& verdict : {packet_loss(primary, in.path), outages(primary, link_mbytes_per_sec),
                              held, uplink, host_cpu(primary, allowed, busy_mbytes_per_sec)}) {
    if (!verdict) continue;
    b.resource = verdict->resource;
    b.evidence = verdict->evidence;
  }
  if (carried) {
    // No resource held it back; what would hold a heavier load is named beside.
    b.resource =
        primary.settings.offered->by == OfferedBy::Target ? Resource::Target : Resource::Workload;
    b.evidence = carried_evidence(primary, in.bytes, allowed);
    if (std::isfinite(allowed) && nearest.resource != Resource::Unknown) b.nearest = nearest;
  }
  say_what_is_beside(primary, standby, in, allowed, b);
  if (b.resource == Resource::NetworkBandwidth)
    b.compression_what_if = compression_what_if(primary, in);
  return b;
}

Bottleneck advise_standby(const RunResult& standby) {
  Bottleneck b;
  b.measured_mbytes_per_sec = mbytes_per_sec(standby.flushes.bytes, standby.elapsed);
  const double elapsed = to_seconds(standby.elapsed);
  Evidence& e = b.evidence;
  e.buffer_full_share =
      standby.buffer_use && elapsed > 0 ? to_seconds(standby.buffer_use->full_time) / elapsed : 0.0;
  e.buffer_average_fraction = standby.buffer_use ? standby.buffer_use->average_fraction() : 0.0;
  if (*e.buffer_full_share < kHeldBackFraction) {
    b.resource = Resource::NotThisStandby;
    e.form = EvidenceForm::StandbyNotLimiting;
    e.stalls = stalls_beside(standby);
    return b;
  }
  b.resource = standby.settings.replay ? Resource::StandbyReplay : Resource::StandbyDisk;
  e.form = EvidenceForm::StandbyBufferFull;
  return b;
}

}  // namespace simhadr
