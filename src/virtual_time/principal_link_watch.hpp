#pragma once
// In virtual time, what the principal's link does in its outages and what
// the primary's log gap is: deliveries (bytes reaching the standby, acks and
// acknowledgements reaching the primary) due inside an outage happen when it
// ends, as TCP's retransmissions would bring them; the gap is kept from what
// the primary wrote (in SUPERASYNC, what the workload wrote: nothing waits
// for shipping) and what came back acknowledged.
#include <optional>

#include "simhadr/measure/log_gap_meter.hpp"
#include "simhadr/measure/run_result.hpp"
#include "virtual_time/event_queue.hpp"
#include "virtual_time/link_outages.hpp"

namespace simhadr {

class PrincipalLinkWatch {
 public:
  PrincipalLinkWatch(std::optional<LinkOutages> outages, SyncMode mode,
                     std::optional<MBytesPerSec> target);

  const LinkOutages* outages() const { return outages_ ? &*outages_ : nullptr; }
  // True when `e` crosses the link inside an outage: it is scheduled again for the outage's end.
  bool defer(const ScheduledEvent& e, EventQueue& events) const {
    return outages_ && e.stream == 0 && defer_across_outage(e, events);
  }
  // The primary has written `total` bytes of log by `now`.
  void written(std::uint64_t total, Nanos now);
  // The primary's run ended at `at`: its workload writes no more.
  void primary_ended(Nanos at);
  // `bytes` more came back acknowledged at `now`.
  void acknowledged(std::uint64_t bytes, Nanos now);
  // Each side's stalls (the outages the run saw) and the log gap.
  void finish(RunResult& primary, RunResult& standby) const;

 private:
  bool defer_across_outage(const ScheduledEvent& e, EventQueue& events) const;
  // SUPERASYNC's log as the workload writes it: at the -target pace.
  void workload_written(Nanos now);

  std::optional<LinkOutages> outages_;
  bool workload_runs_on_ = false;  // SUPERASYNC with -target: the log is written at its pace
  double target_bytes_per_nano_ = 0;
  std::uint64_t stamp_bytes_ = 0;  // the workload's log, stamped a piece this long at a time
  std::uint64_t written_ = 0;
  std::uint64_t acknowledged_ = 0;
  std::optional<Nanos> last_outage_end_;
  std::optional<Nanos> primary_end_;
  LogGapMeter gap_;
};

}  // namespace simhadr
