#include "simhadr/advice/diagnosis.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <set>

#include "simhadr/enum_names.hpp"

namespace simhadr {

namespace {

constexpr std::array<EnumName<HadrVerdict>, 7> kVerdictNames{{
    {HadrVerdict::Disconnected, "disconnected"},
    {HadrVerdict::PeerWindow, "peer window"},
    {HadrVerdict::StandbyLogDeviceFull, "standby log device full"},
    {HadrVerdict::StandbyReplay, "standby replay"},
    {HadrVerdict::Network, "network"},
    {HadrVerdict::LogDisk, "log disk"},
    {HadrVerdict::Healthy, "healthy"},
}};
static_assert(rows_follow_enum(kVerdictNames, HadrVerdict::Healthy));

std::string mb(double bytes) {
  return fmt::format("{:.3f} MB", bytes / 1e6);
}
std::string mb_per_s(double rate) {
  return fmt::format("{:.3f} MB/s", rate / 1e6);
}
std::string ms(double seconds) {
  return fmt::format("{:.1f} ms", seconds * 1e3);
}

// Receive blocked, by the flag where the release reports flags, else as IBM
// derives it: spooling off (or V9.7) and the buffer full with the received
// but unreplayed log near its size; or spooling on and the spool full.
bool receive_blocked(const HadrSample& s) {
  if (s.reports_flags) return s.has_flag("STANDBY_RECV_BLOCKED");
  const std::int64_t spool = s.spool_limit_pages.value_or(0);
  const std::optional<double> unreplayed_pages =
      s.standby_pos && s.replay_pos
          ? std::optional<double>(static_cast<double>(*s.standby_pos - *s.replay_pos) /
                                  kLogPageBytes)
          : std::nullopt;
  if (spool == 0) {
    if (s.receive_buffer_percent.value_or(0) < kFullPercent) return false;
    if (!unreplayed_pages || !s.receive_buffer_pages) return true;
    return *unreplayed_pages >= kNearSizeFraction * static_cast<double>(*s.receive_buffer_pages);
  }
  if (spool < 0) return false;
  if (s.spool_percent) return *s.spool_percent >= kFullPercent;
  return unreplayed_pages && *unreplayed_pages >= kNearSizeFraction * static_cast<double>(spool);
}

struct Counted {
  std::size_t hits = 0;
  const HadrSample* first = nullptr;
};

template <typename Test>
Counted count(const std::vector<HadrSample>& samples, Test test) {
  Counted c;
  for (const HadrSample& s : samples) {
    if (!test(s)) continue;
    if (!c.first) c.first = &s;
    ++c.hits;
  }
  return c;
}

class Diagnoser {
 public:
  Diagnoser(const Channel& channel, const LogSeries* log)
      : channel_(channel), summary_(channel.summary), last_(channel.lead().back()), log_(log) {}

  ChannelDiagnosis run() {
    result_.static_only = !channel_.has_intervals();
    result_.findings = findings_of(channel_);
    std::ranges::move(sample_findings(channel_), std::back_inserter(result_.findings));
    decide();
    weigh_log_disk();
    std::ranges::move(source_notes(channel_), std::back_inserter(result_.findings));
    result_.plan = confirm_plan(channel_, result_.verdict, log_);
    return std::move(result_);
  }

 private:
  void judge(HadrVerdict verdict, std::string evidence) {
    result_.verdict = verdict;
    result_.evidence = std::move(evidence);
  }

  void decide() {
    if (last_.state == "DISCONNECTED_PEER") return judge(HadrVerdict::PeerWindow, peer_window());
    if (last_.connect_status == "DISCONNECTED" || last_.state == "DISCONNECTED") {
      return judge(HadrVerdict::Disconnected, disconnected());
    }
    const std::vector<HadrSample>& standby = channel_.standby_side();
    const Counted full =
        count(standby, [](const HadrSample& s) { return s.has_flag("STANDBY_LOG_DEVICE_FULL"); });
    if (full.hits > 0) {
      return judge(HadrVerdict::StandbyLogDeviceFull,
                   fmt::format("STANDBY_LOG_DEVICE_FULL in {} of {} standby samples, first at {}",
                               full.hits, standby.size(), seen_at(*full.first)));
    }
    const Counted blocked = count(standby, receive_blocked);
    if (blocked.hits > 0) return judge(HadrVerdict::StandbyReplay, replay(blocked, standby.size()));
    if (log_ && log_->split && dominant_side(*log_->split) == FlushSide::LogDisk) {
      return judge(HadrVerdict::LogDisk, diagnose_log(*log_).evidence);
    }
    std::vector<std::string> network = network_signs();
    if (!network.empty()) {
      network.push_back(
          "the monitors cannot tell a slow network from a slow standby log disk, which IBM names "
          "the rarer cause: the host commands below test both");
      return judge(HadrVerdict::Network, fmt::format("{}", fmt::join(network, "; ")));
    }
    if (result_.static_only) {
      result_.evidence = fmt::format(
          "{} sample{} with no timed interval: rates, waits and the gap's trend need two samples "
          "of one side with times; no state, flag or full buffer in it decides a verdict{}",
          channel_.sample_count(), channel_.sample_count() == 1 ? "" : "s",
          result_.findings.empty() ? "" : ", but the findings below say what it shows");
      return;
    }
    // Healthy needs the waits, unless the pair is in remote catch-up, where none are made.
    const std::vector<HadrSample>& lead = channel_.lead();
    const bool waits_reported =
        std::ranges::any_of(lead, [](const HadrSample& s) { return s.wait_count.has_value(); });
    const bool catching_up =
        std::ranges::all_of(lead, [](const HadrSample& s) { return s.in_remote_catchup(); });
    if (!waits_reported && !catching_up) {
      result_.evidence =
          "no block and no growing gap, but the samples report no waits (V9.7 has no "
          "LOG_HADR_WAIT fields, or they were cut out; the application's commit time must tell)";
      if (channel_.standby.empty()) {
        result_.evidence += "; the standby's receive buffer shows only in its own samples";
      }
      return;
    }
    judge(HadrVerdict::Healthy, healthy());
  }

  std::string peer_window() const {
    std::string text = fmt::format("HADR_STATE DISCONNECTED_PEER at {}", seen_at(last_));
    if (last_.peer_window_end && last_.time) {
      const double left = *last_.peer_window_end - *last_.time;
      return text + fmt::format(
                        ": the primary holds its log writes until PEER_WINDOW_END, {:.0f} s "
                        "after this sample{}",
                        std::max(0.0, left),
                        last_.peer_window
                            ? fmt::format(" (PEER_WINDOW {:.0f} s)", *last_.peer_window)
                            : "");
    }
    if (last_.peer_window) {
      return text +
             fmt::format(": the primary holds its log writes for up to PEER_WINDOW, {:.0f} s",
                         *last_.peer_window);
    }
    return text + ": the primary holds its log writes until the peer window ends";
  }

  std::string disconnected() const {
    std::string text = fmt::format(
        "HADR_CONNECT_STATUS {} at {}",
        last_.connect_status.empty() ? last_.state : last_.connect_status, seen_at(last_));
    if (last_.connect_status_time && last_.time) {
      text += fmt::format(", disconnected {:.0f} s before",
                          std::max(0.0, *last_.time - *last_.connect_status_time));
    }
    // What the gap did while the pair was apart: the standby's position stands still.
    const auto apart = std::ranges::find_if(channel_.rows, [](const ChannelRow& row) {
      return row.sample.connect_status == "DISCONNECTED" || row.sample.state == "DISCONNECTED";
    });
    const ChannelRow& end = channel_.rows.back();
    if (apart != channel_.rows.end() && apart->gap && end.gap && &*apart != &end) {
      text += fmt::format("; the log gap went from {} to {} meanwhile",
                          mb(static_cast<double>(*apart->gap)), mb(static_cast<double>(*end.gap)));
    } else if (end.gap) {
      text += fmt::format("; the log gap stands at {}", mb(static_cast<double>(*end.gap)));
    }
    if (summary_.log_rate)
      text += fmt::format(", the primary logging {}", mb_per_s(*summary_.log_rate));
    return text;
  }

  std::string replay(const Counted& blocked, std::size_t samples) const {
    const HadrSample& s = *blocked.first;
    std::string text =
        s.reports_flags
            ? fmt::format("STANDBY_RECV_BLOCKED in {} of {} standby samples, first at {}",
                          blocked.hits, samples, seen_at(s))
            : fmt::format(
                  "receive blocked (no HADR_FLAGS: derived from the buffer and spool) in "
                  "{} of {} standby samples, first at {}",
                  blocked.hits, samples, seen_at(s));
    if (s.receive_buffer_percent) {
      text += fmt::format("; receive buffer {:.0f}% full", *s.receive_buffer_percent);
      if (s.receive_buffer_pages) text += fmt::format(" of {} pages", *s.receive_buffer_pages);
    }
    if (s.spool_limit_pages && *s.spool_limit_pages != 0) {
      text += *s.spool_limit_pages < 0
                  ? std::string("; spool unlimited")
                  : fmt::format("; spool limit {} pages", *s.spool_limit_pages);
      if (s.spool_percent) text += fmt::format(", {:.0f}% used", *s.spool_percent);
    }
    if (s.standby_pos && s.replay_pos && s.format != MonitorFormat::Db2pdV97) {
      text += fmt::format("; received, not replayed {:.0f} pages",
                          static_cast<double>(*s.standby_pos - *s.replay_pos) / kLogPageBytes);
    }
    if (summary_.replay_rate) text += fmt::format("; replay {}", mb_per_s(*summary_.replay_rate));
    if (summary_.log_rate)
      text += fmt::format(" against a log rate of {}", mb_per_s(*summary_.log_rate));
    return text;
  }

  std::vector<std::string> network_signs() const {
    std::vector<std::string> signs;
    if (const auto wait = summary_.wait_per_write) {
      if (*wait > kLongWaitSeconds) {
        signs.push_back(
            fmt::format("{} a log write waited for HADR (over IBM's 20 ms alert), "
                        "{:.0f} writes a second of {:.1f} pages",
                        ms(*wait), summary_.writes_per_second.value_or(0),
                        summary_.flush_bytes.value_or(0) / kLogPageBytes));
      } else if (*wait > kHealthyWaitSeconds) {
        signs.push_back(
            fmt::format("{} a log write waited for HADR: over the 10 ms IBM expects "
                        "of a pair, under its 20 ms alert, so a mild limit",
                        ms(*wait)));
      }
    }
    if (gap_grows()) {
      signs.push_back(fmt::format("the log gap grew from {} to {} (in {} of {} intervals)",
                                  mb(static_cast<double>(*summary_.first_gap)),
                                  mb(static_cast<double>(*summary_.last_gap)), summary_.gap_rises,
                                  summary_.gap_intervals));
    }
    const ChannelRow* congested = nullptr;
    for (const ChannelRow& row : channel_.rows) {
      if (!row.congested_seconds || *row.congested_seconds <= kLongCongestionSeconds) continue;
      if (row.sample.in_remote_catchup()) continue;
      if (!congested || *row.congested_seconds > *congested->congested_seconds) congested = &row;
    }
    if (congested) {
      signs.push_back(fmt::format(
          "CONGESTED for {:.1f} s at {} in {} (over IBM's 1 s)", *congested->congested_seconds,
          seen_at(congested->sample),
          congested->sample.state.empty() ? "a state not given" : congested->sample.state));
    }
    return signs;
  }

  bool gap_grows() const {
    return summary_.gap_intervals >= 2 && 2 * summary_.gap_rises > summary_.gap_intervals &&
           *summary_.last_gap - *summary_.first_gap > kGapGrowthBytes;
  }

  std::string healthy() const {
    std::string text =
        summary_.wait_per_write
            ? fmt::format("{} a log write waited for HADR", ms(*summary_.wait_per_write))
            : std::string("no log write waited for HADR (no writes in peer state)");
    text += ", the standby was never blocked";
    if (summary_.last_gap) {
      text += fmt::format(", the log gap steady (last {}, largest {})",
                          mb(static_cast<double>(*summary_.last_gap)),
                          mb(static_cast<double>(summary_.largest_gap.value_or(0))));
    }
    if (summary_.log_rate) text += fmt::format("; logging {}", mb_per_s(*summary_.log_rate));
    return text;
  }

  // Where the counters show the log disk and HADR sharing a commit's time, the
  // verdict says so; where HADR takes it, HADR's rules have spoken.
  void weigh_log_disk() {
    if (!log_ || !log_->split || result_.verdict == HadrVerdict::LogDisk) return;
    const CommitSplit& split = *log_->split;
    switch (dominant_side(split)) {
      case FlushSide::Both:
        result_.evidence += fmt::format(
            "; the log disk takes about as much as HADR ({}): both count, and a faster log "
            "disk would help about as much as a faster HADR",
            split_text(split));
        break;
      case FlushSide::Hadr:
        result_.findings.push_back(fmt::format(
            "HADR, not the log disk, takes most of the time ({}): the verdict is HADR's rules'",
            split_text(split)));
        break;
      case FlushSide::LogDisk:
        break;
    }
  }

  const Channel& channel_;
  const ChannelSummary& summary_;
  const HadrSample& last_;
  const LogSeries* log_;
  ChannelDiagnosis result_;
};

}  // namespace

std::string_view verdict_name(HadrVerdict verdict) {
  return row_for(kVerdictNames, verdict).name;
}

ChannelDiagnosis diagnose(const Channel& channel, const LogSeries* log) {
  ChannelDiagnosis diagnosis = Diagnoser(channel, log).run();
  diagnosis.failure_costs = failure_costs_of(channel);
  return diagnosis;
}

PairDiagnosis diagnose_pair(std::vector<MonitorFile> files) {
  PairDiagnosis pair;
  pair.channels = channels_of(files);
  pair.logs = log_series_of(files);
  pair.files = std::move(files);
  for (const Channel& channel : pair.channels) {
    pair.diagnoses.push_back(diagnose(channel, pair.log_of(channel)));
  }
  pair.worst = worst_channel(pair.diagnoses);
  for (const LogSeries& log : pair.logs) {
    const bool of_a_channel = std::ranges::any_of(
        pair.channels, [&](const Channel& c) { return pair.log_of(c) == &log; });
    pair.log_diagnoses.push_back(of_a_channel ? std::nullopt : std::optional(diagnose_log(log)));
  }
  return pair;
}

std::size_t worst_channel(const std::vector<ChannelDiagnosis>& diagnoses) {
  std::size_t worst = 0;
  for (std::size_t i = 0; i < diagnoses.size(); ++i) {
    const auto& v = diagnoses[i].verdict;
    const auto& w = diagnoses[worst].verdict;
    if (v && (!w || *v < *w)) worst = i;
  }
  return worst;
}

const LogSeries* PairDiagnosis::log_of(const Channel& channel) const {
  // Counters that name no database are of the channels' only database.
  std::set<std::string> databases;
  for (const Channel& c : channels) databases.insert(c.key.database);
  for (const LogSeries& log : logs) {
    const bool unnamed = log.database.empty() || channel.key.database.empty();
    if (log.database == channel.key.database ||
        (unnamed && logs.size() == 1 && databases.size() == 1)) {
      return &log;
    }
  }
  return nullptr;
}

const ChannelDiagnosis& PairDiagnosis::headline() const {
  if (!channels.empty()) return diagnoses[worst];
  const ChannelDiagnosis* worst_log = nullptr;
  for (const auto& d : log_diagnoses) {
    if (d && (!worst_log ||
              (d->verdict && (!worst_log->verdict || *d->verdict < *worst_log->verdict)))) {
      worst_log = &*d;
    }
  }
  return *worst_log;
}

}  // namespace simhadr
