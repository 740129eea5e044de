#include "simhadr/advice/bottleneck_inputs.hpp"

#include <algorithm>

#include "simhadr/models/disk_model.hpp"

namespace simhadr {

double seconds_for(const std::optional<DiskParams>& model, double bytes) {
  return model ? to_seconds(LinearDisk(*model).io_time(static_cast<std::uint64_t>(bytes))) : 0.0;
}

double replay_seconds_per_flush(const Inputs& in, double bytes) {
  const double replay = seconds_for(in.replay, bytes);
  if (!in.replay || in.replay_delay_seconds <= 0 || in.replay_held_bytes <= 0) return replay;
  return std::max(replay, in.replay_delay_seconds * bytes / in.replay_held_bytes);
}

namespace {

// A side's log write per flush of `bytes`: -disk's model, or what its real
// writes (-logDir) took on average. A real write has no line to scale it by,
// so it is the mean flush's.
double write_seconds(const RunResult& side, double bytes) {
  if (side.settings.disk) return seconds_for(side.settings.disk, bytes);
  if (side.settings.log_file) return seconds_per_call(side.disk.time, side.disk.calls);
  return 0.0;
}

DiskCaps caps_of(const RunResult& side) {
  return side.settings.disk ? side.settings.disk->caps : DiskCaps{};
}

// Each side's log write and caps; a primary alone takes its own for the standby's.
void gather_disks(const RunResult& primary, const RunResult* standby, Inputs& in) {
  FlushCosts& c = in.costs;
  c.write = write_seconds(primary, in.bytes);
  in.disk_caps = caps_of(primary);
  if (standby) {
    c.standby_write = write_seconds(*standby, in.bytes);
    in.standby_disk_caps = caps_of(*standby);
    in.replay = standby->settings.replay;
    const SideSettings& s = standby->settings;
    in.replay_delay_seconds = to_seconds(s.replay_delay);
    if (s.spool_limit_pages != kUnlimitedSpool) {
      in.replay_held_bytes =
          static_cast<double>(pages_to_bytes(s.receive_buffer_pages + s.spool_limit_pages));
    }
  } else {
    c.standby_write = c.write;
    in.standby_disk_caps = in.disk_caps;
    in.standby_disk_assumed = primary.settings.disk.has_value() || primary.settings.log_file;
  }
}

bool paced_by_a_logger(const RunResult& primary) {
  return primary.settings.offered && primary.settings.offered->by != OfferedBy::Target;
}

// The flush the figures are for. A logger's flushes are as large as its rate
// makes them, so their mean echoes the demand; a heavier load fills the log
// buffer, and what each mode could carry is at that flush.
double flush_bytes_for_figures(const RunResult& primary) {
  const double mean =
      static_cast<double>(primary.flushes.bytes) / static_cast<double>(primary.flushes.calls);
  if (!paced_by_a_logger(primary)) return mean;
  return std::max(mean, static_cast<double>(pages_to_bytes(primary.settings.flush_pages)));
}

}  // namespace

Inputs gather(const RunResult& primary, const RunResult* standby) {
  Inputs in;
  const double mean =
      static_cast<double>(primary.flushes.bytes) / static_cast<double>(primary.flushes.calls);
  in.bytes = flush_bytes_for_figures(primary);
  // What a real run measured per flush, as time per byte, is scaled to that flush.
  const double scale = in.bytes / mean;
  FlushCosts& c = in.costs;
  gather_disks(primary, standby, in);
  if (primary.settings.network)
    in.network.emplace(*primary.settings.network, primary.settings.network_window);
  in.path = measure_path(primary);
  in.encrypted = primary.tls.has_value();
  const std::uint64_t flushes = primary.flushes.calls;
  if (in.modelled_rate()) {
    const std::uint64_t bytes = in.whole_bytes();
    c.send = to_seconds(in.network->serialization(bytes));
  } else if (in.measured_wire()) {
    c.send = in.path->wire_seconds_per_flush;
  } else if (!primary.settings.modelled) {
    // Waiting for room is the receiver's doing, not the cost of sending.
    const Nanos sending = primary.send_phase.time - primary.congestions.time;
    c.send = seconds_per_call(std::max(sending, Nanos{0}), flushes);
    in.cpu_send = true;
  }
  const double send_of_mean = c.send;
  if (!in.modelled_rate()) c.send *= scale;
  c.round_trip = in.network ? to_seconds(in.network->round_trip()) : 0.0;
  if (const auto& cpu = primary.settings.thread_cpu) {
    c.threads =
        thread_shipping(in.whole_bytes(), *cpu,
                        in.network.value_or(NetworkModel({}, primary.settings.network_window)));
    in.thread_cpu = *cpu;
  }
  if (!primary.settings.modelled && expects_ack(primary.settings.mode)) {
    // A real run measures the round trip: the ack wait, less what of the flush
    // was still crossing the wire when the send returned, less the standby's
    // write in SYNC. TCP's smallest round trip is a floor under it.
    const double ack_wait = seconds_per_call(primary.ack_wait.time, primary.ack_wait.calls);
    const double handed_over = seconds_per_call(primary.send_phase.time, flushes);
    const double still_on_wire =
        in.measured_wire() ? std::max(0.0, send_of_mean - handed_over) : 0.0;
    const double standby_write = primary.settings.mode == SyncMode::Sync
                                     ? write_seconds(standby ? *standby : primary, mean)
                                     : 0.0;
    const double floor = in.path ? in.path->min_round_trip : 0.0;
    c.round_trip = std::max(floor, ack_wait - still_on_wire - standby_write);
  }
  return in;
}

}  // namespace simhadr
