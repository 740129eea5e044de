#include "simhadr/report/stall_text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "simhadr/measure/cpu_usage.hpp"
#include "simhadr/report/failure_report.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

namespace {

void write_stalls(std::ostream& out, const StallRecord& stalls, Nanos run) {
  const StallEpisode* longest = stalls.longest();
  if (!longest) return;
  fmt::print(out,
             "Stalls: {}, longest {:.3f} s (at {:.3f} s), {:.3f} s in all ({:.1f}% of the run).\n",
             stalls.count(), to_seconds(longest->duration), to_seconds(longest->start),
             to_seconds(stalls.total()), 100 * share_of(stalls.total(), run));
}

// How fast a gap the run left open was closing, and how long it would take at
// that pace; nothing where the run ended as the stall did.
std::string closing(const LogGap& gap) {
  if (gap.closing_bytes_per_sec <= 0) return *gap.catch_up > Nanos{0} ? ", not closing" : "";
  return fmt::format(", closing at {:.3f} MBytes/sec: about {:.3f} s more",
                     gap.closing_bytes_per_sec / kBytesPerMByte,
                     static_cast<double>(gap.behind_bytes) / gap.closing_bytes_per_sec);
}

void write_log_gap(std::ostream& out, const LogGap& gap) {
  std::string after;
  if (gap.catch_up) {
    after =
        gap.caught_up
            ? fmt::format(", caught up {:.3f} s after the outage ended", to_seconds(*gap.catch_up))
            : fmt::format(
                  ", not caught up {:.3f} s after the outage ended, when the run did, "
                  "with {} bytes still to close{}",
                  to_seconds(*gap.catch_up), gap.behind_bytes, closing(gap));
  }
  fmt::print(out, "Log gap: worst {} bytes ({:.3f} s of log){}.\n", gap.worst_bytes,
             to_seconds(gap.worst_age), after);
}

std::string_view past_timeout(SyncMode mode) {
  switch (mode) {
    case SyncMode::Sync:
    case SyncMode::NearSync:
      return "the primary would leave peer state (remote catchup pending) and its commits "
             "would stop waiting for the standby, whose copy falls behind until it reconnects and "
             "catches up; this run kept the pair connected, so its commits waited out the whole "
             "stall";
    case SyncMode::Async:
      return "the primary would leave peer state (remote catchup pending) and its log writes "
             "would stop waiting for room in the send buffer, and the gap would grow until the "
             "standby reconnects and catches up; this run kept the pair connected, so its log "
             "waited once the send buffer was full";
    case SyncMode::SuperAsync:
      break;
  }
  return "SUPERASYNC is never in peer state and its commits never wait for the standby, which "
         "would reconnect and catch up in remote catchup, from the gap this run shows";
}

void write_hadr_timeout(std::ostream& out, const RunResult& r) {
  const StallEpisode* longest = r.stalls ? r.stalls->longest() : nullptr;
  if (!longest || r.settings.hadr_timeout <= Nanos{0} ||
      longest->duration <= r.settings.hadr_timeout)
    return;
  fmt::print(out,
             "HADR timeout: the stall at {:.3f} s lasted {:.3f} s, longer than -hadrTimeout {:g} "
             "s: Db2 would close the connection {:g} s into it; {}.\n",
             to_seconds(longest->start), to_seconds(longest->duration),
             to_seconds(r.settings.hadr_timeout), to_seconds(r.settings.hadr_timeout),
             past_timeout(r.settings.mode));
}

}  // namespace

void write_link_health(std::ostream& out, const RunResult& result) {
  if (result.stalls) write_stalls(out, *result.stalls, result.elapsed);
  if (result.log_gap) {
    write_log_gap(out, *result.log_gap);
  } else if (result.settings.network && !result.settings.modelled &&
             result.settings.role == Role::Primary) {
    out << "Log gap: not measured: the -netDelay/-netRate link is emulated above TCP, whose "
           "acknowledgements come from loopback.\n";
  }
  // A run that follows HADR's states through the failure says what they did instead.
  if (!result.failure_record || result.failure_record->changes.empty()) {
    write_hadr_timeout(out, result);
  }
  write_failure_costs(out, result);
}

}  // namespace simhadr
