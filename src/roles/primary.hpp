#pragma once
// The primary's flush loop. For each flush the sync mode's rules decide the
// order: SYNC writes, then ships and waits for the ack; the other modes ship
// while the write runs (the remaining write time is slept after shipping).
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
#include "simhadr/pipeline/flush_steps.hpp"
#include "simhadr/pipeline/pacing.hpp"
#include "simhadr/pipeline/run_limits.hpp"
#include "simhadr/side_settings.hpp"
#include "simhadr/wire/handshake.hpp"

namespace simhadr {

struct PrimaryPlan {
  HandshakeParams handshake;
  std::optional<std::uint64_t> max_flushes;
  std::optional<Nanos> run_time;
  SideSettings settings;  // what the result reports the run with; the transport applies the network
  std::optional<MBytesPerSec> target;
  std::optional<Nanos> interval;  // -interval
  IntervalSink on_interval;
  ConnectionWatch* watch = nullptr;  // the connection's, on a real run
  // -compress (the handshake names the codec): the transport that compresses once the standby
  // agreed.
  CompressingTransport* compression = nullptr;

  RunLimits limits() const { return {max_flushes, run_time}; }
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
  // Flushes until a limit, a stop, the log's end or the connection's; how it ended.
  TransferEnd ship_flushes(Clock::time_point start);
  TransferEnd ship_one(Clock::time_point& now);
  // How the run ended, from how the shipping did: failed, interrupted, or as it was.
  void settle(TransferEnd end, RoleOutcome& outcome);
  // A line when the payload's files, read more slowly than shipped, held the run back.
  void say_if_payload_held_back();

  const RunResult& result() const { return result_; }

 private:
  // One flush as its steps go: what it is, and the times they leave.
  struct FlushInFlight {
    std::uint32_t pages = 0;
    std::uint64_t bytes = 0;
    std::span<const char> image;  // its pages, as they travel
    Nanos io_time{};
    Clock::time_point start;
    Clock::time_point io_done;
    Clock::time_point ship_start;  // SYNC: once written
    Clock::time_point shipped;     // the send's end, then the ack's
    bool shipping_over = false;
  };

  // A handshake with standby* settings or compression gets a 16-byte answer:
  // go on, reconnect, or a refusal of the compression.
  TransferEnd confirm_standby_settings(RoleOutcome& outcome);
  // What the handshake asked the standby for, as a refusal names it.
  std::string what_was_asked() const;
  // The bytes a standby sent where none or an ack belongs: a standby started
  // with -compress refusing this primary's plain log is a failure of its own.
  void fail_if_compressed_only(std::string_view sent) const;
  // The next flush, once its log is there; none when the log has ended.
  std::optional<FlushInFlight> begin_flush(Clock::time_point now);
  TransferEnd take_step(FlushStep step, FlushInFlight& flush, Clock::time_point& now);
  // Waits for the flush's IO: before shipping (SYNC) or for what is left of it after.
  void await_io(FlushInFlight& flush, Clock::time_point& now);
  TransferEnd send_flush(FlushInFlight& flush, Clock::time_point& now);
  void finish_flush(const FlushInFlight& flush);
  // Waits for the flush's ack; `shipped` becomes the time it came.
  TransferEnd await_ack(Clock::time_point& shipped);
  bool awaits_acks() const;
  TransferEnd look_at_standby();
  void feed_auxiliaries(std::uint32_t pages, Clock::time_point written_at);
  // Ends the auxiliaries' feeds; the first broken one fails the run.
  void finish_auxiliaries(Clock::time_point now, RoleOutcome& outcome);
  // Holds -target's rate; returns the time it ended (`now` when it did not wait).
  Clock::time_point pace(Clock::time_point start, Clock::time_point now);

  PrimaryPlan plan_;
  FlushSteps steps_;
  FlushSizeSource& flush_sizes_;
  const DiskModel& disk_;
  Link& link_;
  Clock& clock_;
  const StopSource& stop_;
  RunLog& log_;
  FlushTrace trace_;
  std::span<const std::unique_ptr<AuxiliaryFeed>> auxiliaries_;
  std::unique_ptr<PageSource> pages_;
  Pacing pacing_;
  IntervalReporter intervals_;
  RunResult result_;
  bool log_ended_ = false;          // a replayed workload has written its last log
  bool standby_ended_run_ = false;  // the standby closed the connection between flushes
};

}  // namespace simhadr
