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

// Each side's caps and the standby's replay; a primary alone takes its own caps for the standby's.
void gather_disks(const RunResult& primary, const RunResult* standby, Inputs& in) {
  in.disk_caps = caps_of(primary);
  if (standby) {
    in.standby_disk_caps = caps_of(*standby);
    in.replay = standby->settings.replay;
    const SideSettings& s = standby->settings;
    in.replay_delay_seconds = to_seconds(s.replay_delay);
    if (s.spool_limit_pages != kUnlimitedSpool) {
      in.replay_held_bytes =
          static_cast<double>(pages_to_bytes(s.receive_buffer_pages + s.spool_limit_pages));
    }
  } else {
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

// The costs of a flush of in.bytes; what a real run measured per flush, as
// time per byte, is scaled to it from the run's `mean` flush.
void cost_the_flush(const RunResult& primary, const RunResult* standby, double mean, Inputs& in) {
  const double scale = in.bytes / mean;
  FlushCosts& c = in.costs;
  c = FlushCosts{};
  c.write = write_seconds(primary, in.bytes);
  c.standby_write = standby ? write_seconds(*standby, in.bytes) : c.write;
  const std::uint64_t flushes = primary.flushes.calls;
  if (in.modelled_rate()) {
    c.send = to_seconds(in.network->serialization(in.whole_bytes()));
  } else if (in.measured_wire()) {
    c.send = in.path->wire_seconds_per_flush;
  } else if (!primary.settings.modelled) {
    // Waiting for room is the receiver's doing, not the cost of sending.
    const Nanos sending = primary.send_phase.time - primary.congestions.time;
    c.send = seconds_per_call(std::max(sending, Nanos{0}), flushes);
  }
  const double send_of_mean = c.send;
  if (!in.modelled_rate()) c.send *= scale;
  c.round_trip = in.network ? to_seconds(in.network->round_trip()) : 0.0;
  if (primary.settings.thread_cpu) {
    c.threads =
        thread_shipping(in.whole_bytes(), in.thread_cpu,
                        in.network.value_or(NetworkModel({}, primary.settings.network_window)));
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
}

// Each flush size the primary shipped, with its costs. Sizes beyond the ones a
// histogram keeps exactly are taken at their range's middle (within the
// smallest and largest shipped), scaled so that the mix's bytes are the run's.
std::vector<FlushPart> flush_mix(const RunResult& primary, const RunResult* standby, double mean,
                                 const Inputs& in) {
  const HistogramView sizes = primary.flush_page_counts.view();
  if (sizes.rows.size() < 2) return {};
  std::vector<FlushPart> mix;
  double bytes = 0;
  for (const HistogramRow& row : sizes.rows) {
    const double pages =
        row.kind == HistogramRow::Kind::Exactly
            ? static_cast<double>(row.low)
            : std::clamp((static_cast<double>(row.low) + static_cast<double>(row.high)) / 2,
                         static_cast<double>(sizes.min), static_cast<double>(sizes.max));
    if (row.count == 0 || pages <= 0) continue;
    mix.push_back({pages * static_cast<double>(kPageBytes), static_cast<double>(row.count), {}});
    bytes += mix.back().bytes * mix.back().flushes;
  }
  const double scale = mean * static_cast<double>(primary.flushes.calls) / bytes;
  for (FlushPart& part : mix) {
    Inputs one = in;
    one.bytes = part.bytes * scale;
    cost_the_flush(primary, standby, mean, one);
    part.bytes = one.bytes;
    part.costs = one.costs;
  }
  return mix;
}

}  // namespace

Inputs gather(const RunResult& primary, const RunResult* standby) {
  Inputs in;
  const double mean =
      static_cast<double>(primary.flushes.bytes) / static_cast<double>(primary.flushes.calls);
  in.bytes = flush_bytes_for_figures(primary);
  gather_disks(primary, standby, in);
  if (primary.settings.network)
    in.network.emplace(*primary.settings.network, primary.settings.network_window);
  in.path = measure_path(primary);
  in.encrypted = primary.tls.has_value();
  in.cpu_send = !in.modelled_rate() && !in.measured_wire() && !primary.settings.modelled;
  if (const auto& cpu = primary.settings.thread_cpu) in.thread_cpu = *cpu;
  cost_the_flush(primary, standby, mean, in);
  // A heavier load's flushes fill the log buffer: its figures are for that flush alone.
  if (in.bytes == mean) in.mix = flush_mix(primary, standby, mean, in);
  return in;
}

}  // namespace simhadr
