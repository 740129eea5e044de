#include "simhadr/advice/bottleneck.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>

#include "simhadr/models/disk_model.hpp"
#include "simhadr/models/network.hpp"

namespace simhadr {

namespace {

constexpr double kUnbounded = std::numeric_limits<double>::infinity();
// A standby whose buffer was full this much of the run held its primary back.
constexpr double kHeldBackFraction = 0.10;

double seconds_for(const std::optional<DiskParams>& model, double bytes) {
  return model ? to_seconds(LinearDisk(*model).io_time(static_cast<std::uint64_t>(bytes))) : 0.0;
}

double rate(double bytes, double seconds) {
  return seconds > 0 ? bytes / kBytesPerMByte / seconds : kUnbounded;
}

struct Inputs {
  double bytes = 0;
  FlushCosts costs;
  std::optional<NetworkModel> network;
  std::optional<DiskParams> replay;
  bool cpu_send = false;  // send time measured on a real connection with no modelled rate
  bool standby_disk_assumed = false;
};

Inputs gather(const RunResult& primary, const RunResult* standby) {
  Inputs in;
  in.bytes =
      static_cast<double>(primary.flushes.bytes) / static_cast<double>(primary.flushes.calls);
  FlushCosts& c = in.costs;
  c.write = seconds_for(primary.disk_model, in.bytes);
  if (standby) {
    c.standby_write = seconds_for(standby->disk_model, in.bytes);
    in.replay = standby->replay_model;
  } else {
    c.standby_write = c.write;
    in.standby_disk_assumed = primary.disk_model.has_value();
  }
  if (primary.network) in.network.emplace(*primary.network, primary.network_window);
  const double modelled_round_trip = in.network ? to_seconds(in.network->round_trip()) : 0.0;
  if (in.network && in.network->rate_limited()) {
    c.send = to_seconds(in.network->serialization(static_cast<std::uint64_t>(in.bytes)));
  } else if (!primary.modelled) {
    // Waiting for room is the receiver's doing, not the cost of sending.
    const Nanos sending = primary.send_phase.time - primary.congestions.time;
    c.send = seconds_per_call(std::max(sending, Nanos{0}), primary.flushes.calls);
    in.cpu_send = true;
  }
  c.round_trip = modelled_round_trip;
  if (!primary.modelled && expects_ack(primary.mode)) {
    // A real run measures the round trip: the ack wait, less the standby's write in SYNC.
    const double ack_wait = seconds_per_call(primary.ack_wait.time, primary.ack_wait.calls);
    c.round_trip =
        primary.mode == SyncMode::Sync ? std::max(0.0, ack_wait - c.standby_write) : ack_wait;
  }
  return in;
}

// Limits that hold whatever the mode: the pipeline's slowest stage.
std::vector<ResourceLimit> pipeline_limits(const Inputs& in) {
  std::vector<ResourceLimit> limits;
  if (in.costs.standby_write > 0) {
    limits.push_back({Resource::StandbyDisk, rate(in.bytes, in.costs.standby_write)});
  }
  if (in.replay) {
    limits.push_back({Resource::StandbyReplay, rate(in.bytes, seconds_for(in.replay, in.bytes))});
  }
  if (in.network) {
    if (in.network->rate_limited()) {
      limits.push_back({Resource::NetworkBandwidth, in.network->mbytes_per_sec()});
    }
    const double window = in.network->throughput_bound();
    if (!in.network->rate_limited() || window < in.network->mbytes_per_sec()) {
      limits.push_back({Resource::SocketBufferWindow, window});
    }
  }
  return limits;
}

double forecast(SyncMode mode, const Inputs& in, const std::vector<ResourceLimit>& limits) {
  double best = rate(in.bytes, closed_form_seconds(mode, in.costs));
  for (const ResourceLimit& limit : limits) best = std::min(best, limit.mbytes_per_sec);
  return best;
}

// The largest part of one flush's serial path in this mode (the closed forms).
Resource serial_bottleneck(SyncMode mode, const Inputs& in) {
  const FlushCosts& c = in.costs;
  const Resource send = in.cpu_send ? Resource::SenderCpu : Resource::NetworkBandwidth;
  switch (mode) {
    case SyncMode::Sync: {
      const std::array<std::pair<double, Resource>, 4> parts{
          {{c.write, Resource::PrimaryDisk},
           {c.send, send},
           {c.standby_write, Resource::StandbyDisk},
           {c.round_trip, Resource::RoundTrip}}};
      return std::ranges::max(parts, {}, &std::pair<double, Resource>::first).second;
    }
    case SyncMode::NearSync:
      if (c.write >= c.send + c.round_trip) return Resource::PrimaryDisk;
      return c.send >= c.round_trip ? send : Resource::RoundTrip;
    case SyncMode::Async:
    case SyncMode::SuperAsync:
      return c.write >= c.send ? Resource::PrimaryDisk : send;
  }
  return Resource::Unknown;
}

std::string evidence_for(Resource resource, const Inputs& in) {
  const FlushCosts& c = in.costs;
  const double bytes = in.bytes;
  switch (resource) {
    case Resource::PrimaryDisk:
      return fmt::format(
          "the log write takes {:.6f} s per flush of {:.0f} bytes ({:.6f} MBytes/sec)", c.write,
          bytes, rate(bytes, c.write));
    case Resource::StandbyDisk:
      return fmt::format(
          "the standby's write takes {:.6f} s per flush of {:.0f} bytes ({:.6f} MBytes/sec){}",
          c.standby_write, bytes, rate(bytes, c.standby_write),
          in.standby_disk_assumed ? ", taking the standby's disk to be like -disk" : "");
    case Resource::NetworkBandwidth:
      return fmt::format("a flush of {:.0f} bytes takes {:.6f} s on the link ({:.6f} MBytes/sec)",
                         bytes, c.send, in.network->mbytes_per_sec());
    case Resource::SenderCpu:
      return fmt::format(
          "handing a flush of {:.0f} bytes to TCP takes {:.6f} s ({:.6f} MBytes/sec): the sending "
          "process and the kernel, with no network modelled",
          bytes, c.send, rate(bytes, c.send));
    case Resource::RoundTrip:
      return fmt::format("every flush waits {:.6f} s of round trip for its ack", c.round_trip);
    case Resource::SocketBufferWindow:
      return fmt::format("{} bytes in flight per {:.6f} s round trip allow {:.6f} MBytes/sec",
                         in.network->window_bytes(), c.round_trip, in.network->throughput_bound());
    case Resource::StandbyReplay: {
      const double replay = seconds_for(in.replay, bytes);
      return fmt::format("replay takes {:.6f} s per flush of {:.0f} bytes ({:.6f} MBytes/sec)",
                         replay, bytes, rate(bytes, replay));
    }
    case Resource::StandbyDiskOrReplay:
    case Resource::NotThisStandby:
    case Resource::Unknown:
      break;
  }
  return {};
}

}  // namespace

std::string_view resource_name(Resource resource) {
  switch (resource) {
    case Resource::PrimaryDisk:
      return "primary disk";
    case Resource::StandbyDisk:
      return "standby disk";
    case Resource::NetworkBandwidth:
      return "network bandwidth";
    case Resource::RoundTrip:
      return "round trip";
    case Resource::SocketBufferWindow:
      return "socket buffer window";
    case Resource::StandbyReplay:
      return "standby replay";
    case Resource::SenderCpu:
      return "sender CPU";
    case Resource::StandbyDiskOrReplay:
      return "standby disk or replay";
    case Resource::NotThisStandby:
      return "not this standby";
    case Resource::Unknown:
      break;
  }
  return "unknown";
}

Bottleneck advise(const RunResult& primary, const RunResult* standby) {
  Bottleneck b;
  b.measured_mbytes_per_sec = mbytes_per_sec(primary.flushes.bytes, primary.busy_time());
  if (primary.flushes.calls == 0) {
    b.resource = Resource::Unknown;
    b.evidence = "no flush completed";
    return b;
  }
  const Inputs in = gather(primary, standby);
  b.standby_disk_assumed = in.standby_disk_assumed;
  b.flush_bytes = in.bytes;
  b.costs = in.costs;
  b.limits = pipeline_limits(in);
  for (const SyncMode mode :
       {SyncMode::Sync, SyncMode::NearSync, SyncMode::Async, SyncMode::SuperAsync}) {
    b.modes.push_back({mode, forecast(mode, in, b.limits)});
  }
  const double serial = rate(in.bytes, closed_form_seconds(primary.mode, in.costs));
  b.resource = serial_bottleneck(primary.mode, in);
  double tightest = serial;
  for (const ResourceLimit& limit : b.limits) {
    if (limit.mbytes_per_sec < tightest) {
      tightest = limit.mbytes_per_sec;
      b.resource = limit.resource;
    }
  }
  b.evidence = evidence_for(b.resource, in);
  const double elapsed = to_seconds(primary.busy_time());
  const double congested = elapsed > 0 ? to_seconds(primary.congestions.time) / elapsed : 0.0;
  const bool window_explains = b.resource == Resource::SocketBufferWindow;
  if (!standby && !window_explains && congested >= kHeldBackFraction) {
    // A real primary cannot see the standby; a send that waits for room shows it is behind.
    b.resource = Resource::StandbyDiskOrReplay;
    b.evidence = fmt::format(
        "sends waited for room {:.1f}% of the run: the standby takes the log more slowly than it "
        "comes (its report says whether its receive buffer was full)",
        congested * 100);
  }
  if (in.network && in.network->rate_limited() && in.costs.round_trip > 0) {
    b.covering_socket_buffer = static_cast<std::uint64_t>(in.network->mbytes_per_sec() *
                                                          kBytesPerMByte * in.costs.round_trip);
  }
  return b;
}

Bottleneck advise_standby(const RunResult& standby) {
  Bottleneck b;
  b.measured_mbytes_per_sec = mbytes_per_sec(standby.flushes.bytes, standby.elapsed);
  const double elapsed = to_seconds(standby.elapsed);
  const double full =
      standby.buffer_use && elapsed > 0 ? to_seconds(standby.buffer_use->full_time) / elapsed : 0.0;
  const double average = standby.buffer_use ? standby.buffer_use->average_fraction() : 0.0;
  if (full < kHeldBackFraction) {
    b.resource = Resource::NotThisStandby;
    b.evidence = fmt::format(
        "its receive buffer was full {:.1f}% of the run (average use {:.1f}%); the primary's "
        "report names the limit",
        full * 100, average * 100);
    return b;
  }
  b.resource = standby.replay_model ? Resource::StandbyReplay : Resource::StandbyDisk;
  b.evidence = fmt::format(
      "its receive buffer was full {:.1f}% of the run (average use {:.1f}%), so the primary "
      "waited for room",
      full * 100, average * 100);
  return b;
}

}  // namespace simhadr
