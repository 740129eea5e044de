#pragma once
// The primary's flush loop. For each flush the sync mode's rules decide the
// order: SYNC writes, then ships and waits for the ack; the other modes ship
// while the write runs (the remaining write time is slept after shipping).
#include <memory>
#include <optional>
#include <span>

#include "roles/auxiliary_feed.hpp"
#include "roles/link.hpp"
#include "roles/role_outcome.hpp"
#include "simhadr/measure/connection_watch.hpp"
#include "simhadr/measure/interval_reporter.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/models/flush_size.hpp"
#include "simhadr/models/target_pacer.hpp"
#include "simhadr/wire/flush_codec.hpp"
#include "simhadr/wire/handshake.hpp"

namespace simhadr {

struct PrimaryPlan {
  HandshakeParams handshake;
  std::optional<std::uint64_t> max_flushes;
  std::optional<Nanos> run_time;
  std::optional<DiskParams> disk;        // reported when set
  std::optional<NetworkParams> network;  // reported when set; the transport applies it
  std::uint64_t network_window = 0;
  std::optional<double> target_mbytes_per_sec;
  std::optional<Nanos> interval;  // -interval
  IntervalSink on_interval;
  ConnectionWatch* watch = nullptr;  // the connection's, on a real run
};

class Primary {
 public:
  // The link is the principal standby's; each auxiliary gets every flush once it is written.
  Primary(PrimaryPlan plan, FlushSizeSource& flush_sizes, const DiskModel& disk, Link& link,
          Clock& clock, const StopSource& stop, RunLog& log,
          std::span<const std::unique_ptr<AuxiliaryFeed>> auxiliaries = {});

  // Sends the handshake, then flushes until -n, -t, a stop request or a failure.
  RoleOutcome run();

  // One flush from `now` (the clock, just read), shipped and (modelled) written;
  // counts go into the result, and once it is done `now` is the time it ended.
  TransferEnd ship_one(Clock::time_point& now);

  const RunResult& result() const { return result_; }

 private:
  // A handshake with standby* settings gets a 16-byte answer: go on, or reconnect.
  TransferEnd confirm_standby_settings(RoleOutcome& outcome);
  bool limits_reached(Clock::time_point start, Clock::time_point now) const;
  // Waits for the flush's ack; `shipped` becomes the time it came.
  TransferEnd await_ack(Clock::time_point& shipped);
  void feed_auxiliaries(std::uint32_t pages, Clock::time_point written_at);
  // Ends the auxiliaries' feeds; the first broken one fails the run.
  void finish_auxiliaries(Clock::time_point now, RoleOutcome& outcome);
  // Holds -target's rate; returns the time it ended (`now` when it did not wait).
  Clock::time_point pace(Clock::time_point start, Clock::time_point now);

  PrimaryPlan plan_;
  const ModeRules& rules_;
  FlushSizeSource& flush_sizes_;
  const DiskModel& disk_;
  Link& link_;
  Clock& clock_;
  const StopSource& stop_;
  RunLog& log_;
  std::span<const std::unique_ptr<AuxiliaryFeed>> auxiliaries_;
  FlushImage flush_image_;
  std::optional<TargetPacer> pacer_;
  IntervalReporter intervals_;
  RunResult result_;
  bool log_ended_ = false;  // a replayed workload has written its last log
};

}  // namespace simhadr
