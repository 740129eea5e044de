#include "simhadr/advice/models_limit.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "simhadr/models/disk_model.hpp"

namespace simhadr {

namespace {

// Two disks this close are one limit: speeding up either alone gains nothing.
constexpr double kDisksAlike = 0.05;
// In SYNC, the lesser disk's share of the two writes from which both are named.
constexpr double kDisksInSeriesShare = 0.25;

// The flushes the figures are for: each size of the mix with its count, or the one flush.
std::vector<FlushPart> flushes_of(const Inputs& in) {
  if (!in.mix.empty()) return in.mix;
  return {{in.bytes, 1.0, in.costs}};
}

// A disk's caps hold its writes to their rate whatever the mode: the primary's
// first, so two disks capped alike name it. Each cap is a budget of its own
// (a cloud disk's, and CappedDisk's, IOPS and throughput buckets fill apart):
// one flush is held by the stricter, a mix of sizes by each over all its
// flushes. At a tie the throughput cap is named.
void cap_limits(const Inputs& in, std::vector<ResourceLimit>& limits) {
  const std::vector<FlushPart> flushes = flushes_of(in);
  double bytes = 0;
  for (const FlushPart& part : flushes) bytes += part.flushes * part.bytes;
  for (const DiskCaps& caps : {in.disk_caps, in.standby_disk_caps}) {
    DiskCaps throughput_alone = caps;
    throughput_alone.iops.reset();
    DiskCaps iops_alone = caps;
    iops_alone.throughput.reset();
    for (const auto& [cap, alone] : {std::pair{Resource::DiskThroughputCap, throughput_alone},
                                     std::pair{Resource::DiskIopsCap, iops_alone}}) {
      double seconds = 0;
      for (const FlushPart& part : flushes) {
        seconds += part.flushes * cap_interval(alone, static_cast<std::uint64_t>(part.bytes));
      }
      if (seconds > 0) limits.push_back({cap, limit_mbytes_per_sec(bytes, seconds)});
    }
  }
}

// The limits of the stages after the primary's disk, for flushes of in.bytes alone.
std::vector<ResourceLimit> stage_limits(const Inputs& in) {
  std::vector<ResourceLimit> limits;
  if (in.costs.standby_write > 0) {
    limits.push_back(
        {Resource::StandbyDisk, limit_mbytes_per_sec(in.bytes, in.costs.standby_write)});
  }
  if (in.replay) {
    limits.push_back({Resource::StandbyReplay,
                      limit_mbytes_per_sec(in.bytes, replay_seconds_per_flush(in, in.bytes))});
  }
  if (in.costs.receiver_cpu() > 0) {
    limits.push_back(
        {Resource::ReceiverCpu, limit_mbytes_per_sec(in.bytes, in.costs.receiver_cpu())});
  }
  if (in.modelled_rate() || in.measured_wire()) {
    limits.push_back({Resource::NetworkBandwidth, in.link_mbytes_per_sec()});
  }
  if (in.network) {
    const MBytesPerSec window = in.network->throughput_bound();
    // With no round trip the window bounds nothing, and a limit is only ever a figure.
    const bool bounds = std::isfinite(window.value());
    if (bounds && (!in.network->rate_limited() || window < in.network->log_rate())) {
      limits.push_back({Resource::SocketBufferWindow, window.value()});
    }
  }
  return limits;
}

// Limits that hold whatever the mode: the pipeline's slowest stage. Each
// stage works through every flush of the mix: its rate is their bytes over
// its time for them all.
std::vector<ResourceLimit> pipeline_limits(const Inputs& in) {
  std::vector<ResourceLimit> limits;
  cap_limits(in, limits);
  if (in.mix.empty()) {
    std::ranges::copy(stage_limits(in), std::back_inserter(limits));
    return limits;
  }
  std::vector<ResourceLimit> stages;
  std::vector<double> seconds;
  double bytes = 0;
  for (const FlushPart& part : in.mix) {
    bytes += part.flushes * part.bytes;
    for (const ResourceLimit& limit : stage_limits(in.for_part(part))) {
      auto stage = std::ranges::find(stages, limit.resource, &ResourceLimit::resource);
      if (stage == stages.end()) {
        stages.push_back({limit.resource, 0.0});
        seconds.push_back(0.0);
        stage = stages.end() - 1;
      }
      seconds[static_cast<std::size_t>(stage - stages.begin())] +=
          part.flushes * part.bytes / (limit.mbytes_per_sec * kBytesPerMByte);
    }
  }
  for (std::size_t i = 0; i < stages.size(); ++i) {
    limits.push_back({stages[i].resource, limit_mbytes_per_sec(bytes, seconds[i])});
  }
  return limits;
}

// Whether, with no ack to wait for, the wire carries a large flush while the
// primary writes the small ones after it, so that the write and the shipping
// are each a stage over the whole mix: on a real connection (its socket's
// buffer holds flushes) and in -model's shipping through the threads (-tls,
// -tcpCost), whose pieces flow on while the next write runs. -model's plain
// link takes each flush before the next write ends, as the closed form has it.
bool shipping_overlaps_writes(const Inputs& in) {
  if (!in.network) return true;
  return std::ranges::any_of(in.mix,
                             [](const FlushPart& part) { return part.costs.threads.has_value(); });
}

// The mode's closed form as a rate, over the mix where flush sizes vary.
double closed_form_rate(SyncMode mode, const Inputs& in) {
  if (in.mix.empty()) return limit_mbytes_per_sec(in.bytes, closed_form_seconds(mode, in.costs));
  double bytes = 0;
  double seconds = 0;
  double writing = 0;
  double shipping = 0;
  for (const FlushPart& part : in.mix) {
    bytes += part.flushes * part.bytes;
    seconds += part.flushes * closed_form_seconds(mode, part.costs);
    writing += part.flushes * part.costs.write;
    shipping += part.flushes * part.costs.send_cycle();
  }
  if (rules_for(mode).standby_ack == AckPoint::None && shipping_overlaps_writes(in)) {
    seconds = std::max(writing, shipping);
  }
  return limit_mbytes_per_sec(bytes, seconds);
}

bool disks_alike(double a, double b) {
  return a > 0 && b > 0 && std::abs(a - b) <= kDisksAlike * std::max(a, b);
}

// The largest part of one flush's serial path in this mode (the closed forms).
Resource serial_bottleneck(SyncMode mode, const Inputs& in) {
  const FlushCosts& c = in.costs;
  const Resource send = in.cpu_send ? Resource::SenderCpu : Resource::NetworkBandwidth;
  // The largest part of shipping a flush: the sender's thread, the wire, the receiver's.
  const auto shipping = [&] {
    if (c.sender_cpu() >= std::max(c.send, c.receiver_cpu()) && c.sender_cpu() > 0) {
      return Resource::SenderCpu;
    }
    return c.receiver_cpu() > c.send ? Resource::ReceiverCpu : send;
  };
  // The parts in series and beside each other are the mode's rules (kModeRules), as in
  // closed_form_seconds.
  const ModeRules& rules = rules_for(mode);
  if (rules.standby_ack == AckPoint::None) {
    if (c.write > 0 && c.write >= c.send_cycle()) return Resource::PrimaryDisk;
    return shipping();
  }
  // The writes on the way to the ack are one after the other: together they are one part.
  const double primary = rules.io_before_send ? c.write : 0.0;
  const double standby = rules.standby_ack == AckPoint::AfterWrite ? c.standby_write : 0.0;
  const double disks = primary + standby;
  if (disks > 0 && disks >= std::max(c.ship(), c.round_trip)) {
    if (std::min(primary, standby) >= kDisksInSeriesShare * disks) return Resource::BothDisks;
    return primary >= standby ? Resource::PrimaryDisk : Resource::StandbyDisk;
  }
  // A write beside shipping holds the flush back once it outlasts shipping and the ack.
  if (!rules.io_before_send && c.write > 0 && c.write >= c.ship() + c.round_trip) {
    return Resource::PrimaryDisk;
  }
  return c.ship() >= c.round_trip ? shipping() : Resource::RoundTrip;
}

}  // namespace

double forecast(SyncMode mode, const Inputs& in, const std::vector<ResourceLimit>& limits) {
  double best = closed_form_rate(mode, in);
  for (const ResourceLimit& limit : limits) best = std::min(best, limit.mbytes_per_sec);
  return best;
}

ModelsLimit models_limit(SyncMode mode, const Inputs& in) {
  ModelsLimit m;
  m.limits = pipeline_limits(in);
  m.resource = serial_bottleneck(mode, in);
  m.mbytes_per_sec = closed_form_rate(mode, in);
  for (const ResourceLimit& limit : m.limits) {
    if (limit.mbytes_per_sec < m.mbytes_per_sec) {
      m.mbytes_per_sec = limit.mbytes_per_sec;
      m.resource = limit.resource;
    }
  }
  const bool disk_named =
      m.resource == Resource::PrimaryDisk || m.resource == Resource::StandbyDisk;
  if (disk_named && disks_alike(in.costs.write, in.costs.standby_write)) {
    m.resource = Resource::BothDisks;
  }
  if (!std::isfinite(m.mbytes_per_sec)) m.resource = Resource::Unknown;
  return m;
}

}  // namespace simhadr
