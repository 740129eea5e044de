#include "simhadr/report/failure_report.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <string>

#include "simhadr/advice/commit_hold_advice.hpp"
#include "simhadr/measure/cpu_usage.hpp"

namespace simhadr {

namespace {

using nlohmann::json;

// Outages every few seconds make a line per change a page; the JSON has them all.
constexpr std::size_t kStateLinesShown = 12;

std::string why_changed(StateCause why, const SideSettings& s) {
  switch (why) {
    case StateCause::PeerWaitLimit:
      return fmt::format("its log waited on the standby for -peerWaitLimit {:g} s",
                         to_seconds(s.peer_wait_limit));
    case StateCause::HadrTimeout:
      return fmt::format("nothing came from the standby for -hadrTimeout {:g} s",
                         to_seconds(s.hadr_timeout));
    case StateCause::PeerWindow:
      return fmt::format("-peerWindow {:g} s ended", to_seconds(s.peer_window));
    case StateCause::StandbyBack:
      return "the link carries again: the standby reconnects";
    case StateCause::CaughtUp:
      return "the standby has all the log the primary wrote";
    case StateCause::Shipped:
    case StateCause::RunEnded:
      break;
  }
  return std::string(describe(why));
}

// Why the longest wait lasted as long as it did.
// What ended a wait after peer state had ended, or with it: disconnected peer's end.
std::string after_peer(StateCause ended_by) {
  switch (ended_by) {
    case StateCause::PeerWindow:
      return "in disconnected peer to the end of the peer window";
    case StateCause::StandbyBack:
      return "in disconnected peer until the standby was back";
    case StateCause::RunEnded:
      return "still held when the run ended";
    default:
      return std::string(describe(ended_by));
  }
}

std::string why_held(const CommitHold& hold, SyncMode mode) {
  if (!hold.detected_after) {
    // A flush that began in disconnected peer, or one the run's end found waiting.
    if (hold.ended_by != StateCause::Shipped) return after_peer(hold.ended_by);
    return expects_ack(mode) ? "waiting for its flush's ack" : "waiting for its flush's send";
  }
  std::string why = fmt::format("{:.3f} s until the {} ended peer state",
                                to_seconds(*hold.detected_after), describe(hold.detected_by));
  const Nanos after = hold.duration - *hold.detected_after;
  if (hold.ended_by == StateCause::RunEnded) {
    why += fmt::format(", then {:.3f} s {}", to_seconds(after), after_peer(hold.ended_by));
    return why;
  }
  if (hold.ended_by == StateCause::PeerWindow) {
    why += fmt::format(", then {:.3f} s in disconnected peer to the end of the peer window",
                       to_seconds(after));
  } else if (hold.ended_by == StateCause::StandbyBack) {
    why += fmt::format(", then {:.3f} s in disconnected peer until the standby was back",
                       to_seconds(after));
  }
  return why;
}

void write_commit_hold(std::ostream& out, const FailureRecord& record, const RunResult& r) {
  if (!record.commits_wait) {
    const std::uint64_t read = r.flushes.bytes;
    if (r.log_gap && r.log_gap->written_bytes > read) {
      fmt::print(out,
                 "Commit hold: none: SUPERASYNC's commits never wait for the standby: the "
                 "workload wrote {} bytes by the end, of which its log reader (whose waits are "
                 "the log shipping times above) read and shipped {}, the headline; {} behind.\n",
                 r.log_gap->written_bytes, read, r.log_gap->written_bytes - read);
      return;
    }
    out << "Commit hold: none: SUPERASYNC's commits never wait for the standby (its log "
           "reader's waits are the log shipping times above).\n";
    return;
  }
  const CommitHold& longest = record.longest;
  std::string ignored;
  if (r.settings.peer_window > Nanos{0} && r.settings.mode == SyncMode::Async) {
    ignored =
        "; -peerWindow holds nothing in ASYNC: Db2 keeps a peer window in SYNC and "
        "NEARSYNC only";
  }
  fmt::print(out,
             "Commit hold: longest {:.3f} s (at {:.3f} s), {}; {:.3f} s in all ({:.1f}% of the "
             "run){}.\n",
             to_seconds(longest.duration), to_seconds(longest.at),
             why_held(longest, r.settings.mode), to_seconds(record.held),
             100 * share_of(record.held, r.elapsed), ignored);
}

std::optional<CommitHoldAsk> advice_asked(const RunResult& r) {
  if (!r.settings.max_commit_hold) return std::nullopt;
  CommitHoldAsk ask{r.settings.mode,
                    to_seconds(*r.settings.max_commit_hold),
                    to_seconds(r.settings.hadr_timeout),
                    to_seconds(r.settings.peer_wait_limit),
                    to_seconds(r.settings.peer_window),
                    mbytes_per_sec(r.flushes.bytes, r.elapsed) * 1e6,
                    false,
                    std::nullopt};
  if (const std::optional<OfferedLoad>& offered = r.settings.offered) {
    ask.log_bytes_per_sec = offered->rate.bytes_per_sec();
    ask.makes_up_held_log = offered->by == OfferedBy::Target;
  }
  // -model's planned outage, as its stalls record it.
  if (r.settings.modelled && r.stalls) {
    if (const StallEpisode* longest = r.stalls->longest()) {
      ask.outage_seconds = to_seconds(longest->duration);
    }
  }
  return ask;
}

// Stalls that changed nothing: the state the pair held, and the settings none of them reached.
std::string state_held_text(const SideSettings& s) {
  const bool superasync = s.mode == SyncMode::SuperAsync;
  std::string reached =
      fmt::format("no stall outlasted -hadrTimeout {:g} s", to_seconds(s.hadr_timeout));
  if (!superasync && s.peer_wait_limit > Nanos{0}) {
    reached += fmt::format(" and no log wait -peerWaitLimit {:g} s", to_seconds(s.peer_wait_limit));
  }
  return fmt::format("HADR state: {} throughout the run{}: {}.",
                     db2_name(superasync ? HadrState::RemoteCatchup : HadrState::Peer),
                     superasync ? " (SUPERASYNC is never in peer state)" : "", reached);
}

}  // namespace

std::string state_change_text(const StateChange& change, const SideSettings& settings) {
  return fmt::format("HADR state: at {:.3f} s, {} -> {}: {}.", to_seconds(change.at),
                     db2_name(change.from), db2_name(change.to), why_changed(change.why, settings));
}

void write_failure_costs(std::ostream& out, const RunResult& result) {
  if (!result.failure_record) return;
  const FailureRecord& record = *result.failure_record;
  const bool stalled = result.stalls && result.stalls->count() > 0;
  const bool reader_behind = !record.commits_wait && result.log_gap &&
                             result.log_gap->written_bytes > result.flushes.bytes;
  if (!record.changes.empty() || stalled || reader_behind) {
    const std::size_t shown = std::min(record.changes.size(), kStateLinesShown);
    for (std::size_t i = 0; i < shown; ++i) {
      const StateChange& change = record.changes[i];
      out << state_change_text(change, result.settings) << '\n';
    }
    if (record.changes.empty() && stalled) out << state_held_text(result.settings) << '\n';
    if (shown < record.changes.size()) {
      fmt::print(out, "HADR state: {} more changes, the last at {:.3f} s (all of them in -json).\n",
                 record.changes.size() - shown, to_seconds(record.changes.back().at));
    }
    write_commit_hold(out, record, result);
  }
  if (const std::optional<CommitHoldAsk> ask = advice_asked(result)) {
    out << commit_hold_advice_text(*ask, advise_commit_hold(*ask)) << '\n';
  }
}

json failure_costs_json(const RunResult& result) {
  if (!result.failure_record) return nullptr;
  const FailureRecord& record = *result.failure_record;
  json changes = json::array();
  for (const StateChange& change : record.changes) {
    changes.push_back({{"at_seconds", to_seconds(change.at)},
                       {"from", db2_name(change.from)},
                       {"to", db2_name(change.to)},
                       {"why", describe(change.why)}});
  }
  const CommitHold& longest = record.longest;
  json advice = nullptr;
  if (const std::optional<CommitHoldAsk> ask = advice_asked(result)) {
    const CommitHoldAdvice a = advise_commit_hold(*ask);
    const auto seconds = [](const std::optional<double>& s) {
      return s ? json(*s) : json(nullptr);
    };
    advice = {{"max_commit_hold_seconds", ask->max_hold_seconds},
              {"allowed_seconds", seconds(a.allowed_seconds)},
              {"peer_wait_limit_seconds", seconds(a.wait_limit_seconds)},
              {"peer_window_seconds", seconds(a.window_seconds)},
              {"log_mbytes_per_sec_at_risk", ask->log_bytes_per_sec * 1e-6},
              {"bytes_at_risk", seconds(a.bytes_at_risk)}};
  }
  return {{"advice", advice},
          {"peer_wait_limit_seconds", to_seconds(result.settings.peer_wait_limit)},
          {"peer_window_seconds", to_seconds(result.settings.peer_window)},
          {"state_changes", changes},
          {"commits_wait", record.commits_wait},
          {"longest_hold_seconds", to_seconds(longest.duration)},
          {"longest_hold_at_seconds", to_seconds(longest.at)},
          {"longest_hold_ended_by", describe(longest.ended_by)},
          {"longest_hold_detected_after_seconds",
           longest.detected_after ? json(to_seconds(*longest.detected_after)) : json(nullptr)},
          {"longest_hold_detected_by",
           longest.detected_after ? json(describe(longest.detected_by)) : json(nullptr)},
          {"held_seconds", to_seconds(record.held)}};
}

}  // namespace simhadr
