#pragma once
// The primary: the handshake, then the flush cycle's actions carried out on
// the clock and the link (FlushCycle decides them, and the order the sync
// mode gives: SYNC writes, then ships and waits for the ack; the other modes
// ship while the write runs, and sleep what is left of it after shipping).
#include <memory>
#include <optional>
#include <span>

#include "net/compressing_transport.hpp"
#include "payload/page_source.hpp"
#include "roles/auxiliary_feed.hpp"
#include "roles/flush_trace.hpp"
#include "roles/link.hpp"
#include "roles/role_outcome.hpp"
#include "simhadr/measure/connection_watch.hpp"
#include "simhadr/measure/interval_reporter.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/models/flush_size.hpp"
#include "simhadr/pipeline/flush_cycle.hpp"
#include "simhadr/pipeline/shipping_plan.hpp"
#include "simhadr/side_settings.hpp"
#include "simhadr/wire/handshake.hpp"

namespace simhadr {

// The shipping plan, and the handshake that tells the standby its part of it.
struct PrimaryPlan : ShippingPlan {
  HandshakeParams handshake;
  SideSettings settings;  // what the result reports the run with; the transport applies the network
  IntervalSink on_interval;
  ConnectionWatch* watch = nullptr;  // the connection's, on a real run
  // -compress (the handshake names the codec): the transport that compresses once the standby
  // agreed.
  CompressingTransport* compression = nullptr;
};

class Primary : private FlushObserver {
 public:
  // The link is the principal standby's; each auxiliary gets every flush once it is written.
  Primary(PrimaryPlan plan, FlushSizeSource& flush_sizes, const DiskModel& disk, Link& link,
          Clock& clock, const StopSource& stop, RunLog& log,
          std::span<const std::unique_ptr<AuxiliaryFeed>> auxiliaries = {});

  // Sends the handshake, then flushes until -n, -t, a stop request or a failure.
  RoleOutcome run();

  // Flushes until a limit, a stop, the log's end or the connection's; how it ended.
  TransferEnd ship_flushes(Clock::time_point start);
  // Starts the flushes at `now` (the clock, just read) and ships the first,
  // shipped and (modelled) written; once it is done `now` is the time it ended.
  TransferEnd ship_first(Clock::time_point& now);
  // How the run ended, from how the shipping did: failed, interrupted, or as it was.
  void settle(TransferEnd end, RoleOutcome& outcome);
  // A line when the payload's files, read more slowly than shipped, held the run back.
  void say_if_payload_held_back();

  const RunResult& result() const { return result_; }
  // The cycle holds references to this primary's members.
  Primary(const Primary&) = delete;
  Primary& operator=(const Primary&) = delete;

 private:
  // The cycle follows the mode the handshake tells the standby.
  static FlushCyclePlan cycle_plan(const PrimaryPlan& plan) {
    return {plan.handshake.mode, plan.limits(), plan.target, {}, {}};
  }
  // A handshake with standby* settings or compression gets a 16-byte answer:
  // go on, reconnect, or a refusal of the compression.
  TransferEnd confirm_standby_settings(RoleOutcome& outcome);
  // What the handshake asked the standby for, as a refusal names it.
  std::string what_was_asked() const;
  // The bytes a standby sent where none or an ack belongs: a standby started
  // with -compress refusing this primary's plain log is a failure of its own.
  void fail_if_compressed_only(std::string_view sent) const;
  // Carries out the cycle's actions until the flush under way is done or the
  // run is over; `action` is then Flushed or Over, `now` the time it ended.
  TransferEnd carry_out_flush(FlushAction& action, Clock::time_point& now);
  // Waits for the flush's IO, to `until`: before shipping (SYNC) or what is left of it after.
  Clock::time_point await_io(Clock::time_point until, Clock::time_point now);
  TransferEnd send_flush(std::uint32_t pages, Clock::time_point& now);
  // Waits for the flush's ack; `now` becomes the time it came.
  TransferEnd await_ack(Clock::time_point& now);
  void shipped(Nanos shipping) override;
  void flushed(std::uint32_t pages, Clock::time_point at) override;
  TransferEnd look_at_standby();
  void feed_auxiliaries(std::uint32_t pages, Clock::time_point written_at);
  // Ends the auxiliaries' feeds; the first broken one fails the run.
  void finish_auxiliaries(Clock::time_point now, RoleOutcome& outcome);
  // Holds -target's rate until `resume`; returns the time it ended (`now` when it did not wait).
  Clock::time_point pace(Clock::time_point resume, Clock::time_point now);

  PrimaryPlan plan_;
  Link& link_;
  Clock& clock_;
  const StopSource& stop_;
  RunLog& log_;
  FlushTrace trace_;
  std::span<const std::unique_ptr<AuxiliaryFeed>> auxiliaries_;
  std::unique_ptr<PageSource> pages_;
  std::span<const char> image_;  // the flush under way's pages, as they travel
  IntervalReporter intervals_;
  RunResult result_;
  FlushCycle cycle_;
  bool standby_ended_run_ = false;  // the standby closed the connection between flushes
};

}  // namespace simhadr
