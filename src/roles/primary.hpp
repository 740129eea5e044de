#pragma once
// The primary: the handshake, then the flush cycle's actions carried out on
// the clock and the link (FlushCycle decides them, and the order the sync
// mode gives: SYNC writes, then ships and waits for the ack; the other modes
// ship while the write runs, and sleep what is left of it after shipping).
#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <span>

#include "net/compressing_transport.hpp"
#include "payload/page_source.hpp"
#include "roles/auxiliary_feed.hpp"
#include "roles/flush_trace.hpp"
#include "roles/link.hpp"
#include "roles/link_renewal.hpp"
#include "roles/resend_ledger.hpp"
#include "roles/role_outcome.hpp"
#include "simhadr/measure/connection_watch.hpp"
#include "simhadr/measure/interval_reporter.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/models/flush_size.hpp"
#include "simhadr/pipeline/flush_cycle.hpp"
#include "simhadr/pipeline/shipping_plan.hpp"
#include "simhadr/side_settings.hpp"
#include "simhadr/wire/flush_codec.hpp"
#include "simhadr/wire/handshake.hpp"
#include "simhadr/wire/resume.hpp"

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
  // With a token in the handshake (resume): the way to take the standby back
  // after giving up on it, as HADR reconnects; the primary then follows
  // HADR's states through a failure of the link (FlushCycle).
  LinkRenewal* renewal = nullptr;
  // The connection's TCP acknowledges the log's own bytes (not compressed,
  // encrypted or shaped in this process): what the standby has, without acks.
  bool tcp_counts_log = false;
};

// How late a deadline of HADR's (a wait limit, a timeout) may be seen in a wait on the link.
inline constexpr Nanos kDeadlineSlice = std::chrono::milliseconds(10);

class Primary : private FlushObserver {
 public:
  // The link is the principal standby's; each auxiliary gets every flush once it is written.
  Primary(PrimaryPlan plan, FlushSizeSource& flush_sizes, DiskModel& disk, Link& link, Clock& clock,
          const StopSource& stop, RunLog& log,
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
    return {plan.handshake.mode,
            plan.limits(),
            plan.target,
            plan.renewal ? plan.failure() : FailureSettings{},
            {}};
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
  // Sends what is left of the flush (unsent_); an interrupted send goes on from where it stopped.
  TransferEnd send_rest();
  // A wait on the link that ended Interrupted (a deadline, a standby back):
  // `action` becomes the cycle's next, or stays to go on waiting; false for any other end.
  bool took_interrupt(TransferEnd end, FlushAction& action, Clock::time_point& now);
  // The flush's log is ready: its pages made, and a catch-up looked at first.
  void begin_flush(std::uint32_t pages);
  // Waits for the flush's ack; `now` becomes the time it came.
  TransferEnd await_ack(Clock::time_point& now);
  void shipped(Nanos shipping) override;
  void flushed(std::uint32_t pages, Clock::time_point at) override;
  TransferEnd look_at_standby();
  // Whether the bytes look_at_standby found are the stop notice (read whole if need be).
  bool heard_stop_notice();
  bool is_stop_notice(std::span<const char> message);
  // An ack: true; the stop notice: false (the standby ended the run); else a ProtocolError.
  bool is_ack(std::span<const char> message);

  // Through a failure of the link (primary_failure.cpp), with plan_.renewal.
  bool follows_failures() const { return plan_.renewal != nullptr; }
  bool interrupt_due();
  // What an interrupted wait on the link comes to: the cycle's next action, or
  // Pending when the wait goes on.
  FlushAction after_interrupt(Clock::time_point& now);
  // Disconnected peer: commits wait until `hold.until` or the standby's return.
  FlushAction hold_commits(const FlushAction& hold, Clock::time_point& now);
  // Remote catch-up: `pages` go to the link, and the flush goes on at once.
  FlushAction queue_flush(std::uint32_t pages, Clock::time_point& now);
  // A standby knocking with a resume request: taken back (the action the cycle
  // then gives, perhaps Pending), told to stay on its connection (when the
  // primary is not waiting on it, `in_link_wait`, and has not given up on it), or refused.
  std::optional<FlushAction> take_standby_back(Clock::time_point now, bool in_link_wait);
  // Between flushes and in sleeps: a standby knocking is taken back, and in
  // remote catch-up the acks that came are read and the catch-up checked.
  void look_after_standby(Clock::time_point now);
  bool catching_up() const {
    return cycle_.state() == HadrState::RemoteCatchup &&
           plan_.handshake.mode != SyncMode::SuperAsync;
  }
  // Sleeps until `until` (about: -target's pace), looking after the standby meanwhile.
  void sleep_watching(Clock::time_point until, bool about);
  // The connection broke under a wait: what HADR acts on comes next (a deadline, the
  // standby's return), waited for; Interrupted then.
  TransferEnd link_broke(const TransportError& error);
  // The same, without the wait: a line, and the connection dropped.
  void note_link_broken(const TransportError& error);
  TransferEnd wait_for_interrupt();
  // Ships the flushes the standby lacks, and then the backlog, on the new
  // connection, each whole (no deadline cuts one); false when the connection
  // broke or made no progress for -hadrTimeout (the rest goes at the next return).
  bool ship_what_standby_lacks(std::vector<std::uint32_t> resend);
  // Reads the resume request on `candidate` and answers it; the request when
  // the standby is to be taken back.
  std::optional<ResumeRequest> answer_resume(Link& candidate, bool stays);
  // A state change of the cycle's: a line for it, and the connection dropped
  // when the primary gave up on the standby.
  void follow_state();
  // Reads the acks that have come without waiting (remote catch-up ships
  // without waiting); false when the connection had closed.
  bool drain_acks(Clock::time_point now);
  // After the run's end, a standby still catching up has the time to (as in
  // -model): its return to peer state is part of what the failure cost.
  void await_catch_up();
  void note_ack(Clock::time_point now);
  // The standby has, as the primary can tell: what it acked, or what was sent in modes without.
  void tell_cycle_standby_has(Clock::time_point now);
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
  std::span<const char> image_;   // the flush under way's pages, as they travel
  std::span<const char> unsent_;  // what of them is still to go
  IntervalReporter intervals_;
  RunResult result_;
  FlushCycle cycle_;
  bool disk_sleeps_;
  bool standby_ended_run_ = false;  // the standby closed the connection between flushes
  bool standby_stopped_ = false;    // before it closed, the standby sent kStopNotice
  ResendLedger ledger_;
  HadrState shown_state_;
  bool standby_away_ = false;          // given up on: no connection until it is back
  std::array<char, kAckBytes> ack_{};  // an ack read in pieces between flushes
  std::size_t ack_bytes_ = 0;
  Clock::time_point run_start_{};
  bool image_reused_ = false;     // the flush under way's image was overwritten by a resend
  bool flush_in_ledger_ = false;  // the flush under way was handed to the link
  bool link_broken_ = false;      // the connection broke; none until the standby is back
  bool resending_ = false;        // deadlines wait for a resend to end
  std::size_t changes_shown_ = 0;
};

}  // namespace simhadr
