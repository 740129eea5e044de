#pragma once
// What the advisor works from, for one flush: the costs of its parts (the
// models', or what a real run measured, scaled to that flush), the network
// model and the path a real primary measured. bottleneck.cpp weighs them.
#include <cstdint>
#include <optional>
#include <vector>

#include "simhadr/advice/measured_path.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/closed_forms.hpp"
#include "simhadr/models/network.hpp"

namespace simhadr {

// One flush size of a run whose sizes vary: how many flushes had it, and their costs.
struct FlushPart {
  double bytes = 0;
  double flushes = 0;
  FlushCosts costs;
};

struct Inputs {
  double bytes = 0;  // the flush the figures are for (flush_bytes_for_figures)
  FlushCosts costs;
  std::optional<NetworkModel> network;
  std::optional<MeasuredPath> path;  // a real primary's view of its connection
  std::optional<DiskParams> replay;
  // -replayDelay: how long each flush waits on the standby, and the bytes it
  // can hold meanwhile, its receive buffer and spool (0: an unlimited spool).
  double replay_delay_seconds = 0;
  double replay_held_bytes = 0;
  DiskCaps disk_caps;  // -disk's caps, the primary's and the standby's
  DiskCaps standby_disk_caps;
  bool cpu_send = false;  // send time measured on a real connection with no wire to show
  bool standby_disk_assumed = false;
  bool encrypted = false;    // a real -tls run
  ThreadCpuCost thread_cpu;  // -model -tls, -tcpCost
  // Where flush sizes vary (-flushSizes), each size's part: a cost that does
  // not grow in step with the flush (-tcpCost's pieces, a cap's interval) makes
  // the mix's rate other than the mean flush's. Empty: every flush is `bytes`.
  std::vector<FlushPart> mix;

  // That flush in whole bytes, as the per-byte models take it.
  std::uint64_t whole_bytes() const { return static_cast<std::uint64_t>(bytes); }
  bool modelled_rate() const { return network && network->rate_limited(); }
  bool measured_wire() const { return !modelled_rate() && path && path->is_wire; }
  // -compress: log bytes per byte on the wire, modelled or measured; 1 without.
  double compression_ratio() const {
    if (network) return network->compression();
    return path ? path->compression_ratio : 1.0;
  }
  // These inputs for one part of the mix alone.
  Inputs for_part(const FlushPart& part) const {
    Inputs one = *this;
    one.bytes = part.bytes;
    one.costs = part.costs;
    one.mix.clear();
    return one;
  }
  double link_mbytes_per_sec() const {
    if (modelled_rate()) return network->log_rate().value();
    return path ? path->mbytes_per_sec : 0.0;
  }
};

// The inputs for the primary's result; `standby` is the other side's when this process has it.
Inputs gather(const RunResult& primary, const RunResult* standby);

// Replay's seconds per flush of `bytes`: its model's, or where a delayed replay
// fills what the standby can hold, that hold's turnover, if longer.
double replay_seconds_per_flush(const Inputs& in, double bytes);
// Seconds a -disk or -replay model takes for `bytes`; 0 without a model.
double seconds_for(const std::optional<DiskParams>& model, double bytes);

}  // namespace simhadr
