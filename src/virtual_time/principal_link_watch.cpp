#include "virtual_time/principal_link_watch.hpp"

#include <algorithm>

namespace simhadr {

namespace {
// How finely the workload's log is stamped with the time it was written: a
// flush's worth, or 10 ms of it where that is more (a fast -target over a long
// run would keep an entry per 64 KiB its standby had not acknowledged).
constexpr double kWorkloadStampBytes = 64 * 1024;
constexpr double kWorkloadStampNanos = 10e6;
}  // namespace

PrincipalLinkWatch::PrincipalLinkWatch(std::optional<LinkOutages> outages, SyncMode mode,
                                       std::optional<MBytesPerSec> target)
    : outages_(std::move(outages)),
      workload_runs_on_(mode == SyncMode::SuperAsync && target),
      target_bytes_per_nano_(target ? target->bytes_per_sec() / 1e9 : 0.0),
      stamp_bytes_(static_cast<std::uint64_t>(
          std::max(kWorkloadStampBytes, target_bytes_per_nano_ * kWorkloadStampNanos))) {}

bool PrincipalLinkWatch::defer_across_outage(const ScheduledEvent& e, EventQueue& events) const {
  const bool crosses_link =
      e.event == Event::Arrival || e.event == Event::AckArrival || e.event == Event::WindowOpen;
  if (!crosses_link) return false;
  const Nanos up = outages_->up_from(e.at);
  if (up == e.at) return false;
  events.at(up, e.event, e.value, e.stream);
  return true;
}

void PrincipalLinkWatch::written(std::uint64_t total, Nanos now) {
  // The workload's log first, or its reader's flush would stamp what it wrote earlier.
  if (workload_runs_on_) workload_written(now);
  written_ = std::max(written_, total);
  gap_.written(written_, now);
}

void PrincipalLinkWatch::workload_written(Nanos now) {
  const Nanos writing = primary_end_ ? std::min(now, *primary_end_) : now;
  const auto total =
      static_cast<std::uint64_t>(target_bytes_per_nano_ * static_cast<double>(writing.count()));
  // It wrote all along, not when an acknowledgement came to look: each stamp at
  // its own time, so that the gap's age is that of its oldest log.
  while (written_ + stamp_bytes_ < total) {
    written_ += stamp_bytes_;
    const double at = static_cast<double>(written_) / target_bytes_per_nano_;
    gap_.written(written_, Nanos{static_cast<Nanos::rep>(at)}, false);
  }
  written_ = std::max(written_, total);
  gap_.written(written_, writing, false);
}

void PrincipalLinkWatch::primary_ended(Nanos at) {
  if (primary_end_) return;
  if (workload_runs_on_) workload_written(at);
  primary_end_ = at;
}

void PrincipalLinkWatch::acknowledged(std::uint64_t bytes, Nanos now) {
  if (workload_runs_on_) workload_written(now);
  // After the primary's end nothing more is written: the gap an acknowledgement
  // narrows then is the one the primary ended with, as old as it was then.
  gap_.before_acknowledgement(primary_end_ ? std::min(now, *primary_end_) : now);
  acknowledged_ += bytes;
  if (outages_) {
    const std::optional<Nanos> ended = outages_->last_end_by(now);
    if (ended && ended != last_outage_end_) {
      last_outage_end_ = ended;
      gap_.stall_ended(*ended);
    }
  }
  gap_.acknowledged(acknowledged_, now);
}

void PrincipalLinkWatch::finish(RunResult& primary, RunResult& standby) const {
  for (RunResult* side : {&primary, &standby}) {
    if (outages_) side->stalls = outages_->seen_by(side->elapsed);
    side->log_gap = gap_.gap();
  }
}

}  // namespace simhadr
