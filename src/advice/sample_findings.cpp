// What one sample shows by itself, without a second to compare it with: the
// average wait a log write made since the database was activated, how long the other side has been
// silent, the replay's lag in time, the two sides' peer windows, and a pureScale stream that
// another member ships for. Each says what a second sample would add.
#include <fmt/format.h>

#include <algorithm>

#include "simhadr/advice/diagnosis.hpp"

namespace simhadr {

namespace {

constexpr double kSilentHeartbeats = 2;

class SampleFindings {
 public:
  explicit SampleFindings(const Channel& channel)
      : channel_(channel),
        last_(channel.lead().back()),
        standby_(channel.standby_side().back()),
        one_sample_(!channel.has_intervals()) {}

  std::vector<std::string> run() {
    wait_since_activation();
    silence();
    replay_lag();
    peer_windows();
    assisted_catchup();
    return std::move(findings_);
  }

 private:
  void note(std::string text) { findings_.push_back(std::move(text)); }

  // "; a second sample ..." where there is none: what the interval would tell.
  std::string second_sample(std::string_view adds) const {
    return one_sample_ ? fmt::format("; a second sample {}", adds) : std::string();
  }

  // IBM's guide reads the wait a write makes from two samples' differences;
  // one sample's totals still give the mean since activation, which is then
  // all there is to read, so it is said whatever it is. Beside intervals it is
  // said only where it passes the alert.
  void wait_since_activation() {
    const HadrSample& p = last_;
    if (!p.is_primary() || !p.wait_accumulated || !p.wait_count || *p.wait_count <= 0) return;
    const double per_write = *p.wait_accumulated / static_cast<double>(*p.wait_count);
    if (!one_sample_ && per_write <= kLongWaitSeconds) return;
    note(fmt::format(
        "since activation a log write waited {:.1f} ms for HADR on average "
        "(LOG_HADR_WAIT_ACCUMULATED {:.3f} s over LOG_HADR_WAIT_COUNT {} at {}), {}{}",
        per_write * 1e3, *p.wait_accumulated, *p.wait_count, seen_at(p), judged(per_write),
        second_sample("gives the wait between the two, which says whether writes wait so long "
                      "now or did once (a catch-up, an outage)")));
  }

  static std::string judged(double per_write) {
    if (per_write > kLongWaitSeconds) {
      return fmt::format("over IBM's {:.0f} ms alert", kLongWaitSeconds * 1e3);
    }
    if (per_write > kHealthyWaitSeconds) {
      return fmt::format(
          "above the {:.0f} ms a healthy pair stays under, below IBM's {:.0f} ms "
          "alert",
          kHealthyWaitSeconds * 1e3, kLongWaitSeconds * 1e3);
    }
    return fmt::format("under the {:.0f} ms a healthy pair stays under", kHealthyWaitSeconds * 1e3);
  }

  // Connected, yet nothing heard for two heartbeats: on an idle pair the
  // figure reaches one interval between heartbeats, so one is no sign; at
  // HADR_TIMEOUT the pair disconnects.
  void silence() {
    const HadrSample& s = last_;
    if (!s.time_since_last_recv || s.connect_status == "DISCONNECTED") return;
    const std::optional<double> beat =
        s.heartbeat_interval ? s.heartbeat_interval
                             : (s.hadr_timeout ? std::optional(*s.hadr_timeout / 4) : std::nullopt);
    if (!beat || *beat <= 0 || *s.time_since_last_recv <= kSilentHeartbeats * *beat) return;
    note(
        fmt::format("TIME_SINCE_LAST_RECV {:.0f} s at {}: nothing heard from the other side for "
                    "more than two heartbeats ({:.0f} s each){}",
                    *s.time_since_last_recv, seen_at(s), *beat,
                    s.hadr_timeout ? fmt::format("; at HADR_TIMEOUT, {:.0f} s, the pair "
                                                 "disconnects",
                                                 *s.hadr_timeout)
                                   : std::string()));
  }

  // The standby's own figures where there are any: it knows its replay best.
  void replay_lag() {
    const HadrSample& s = standby_.replay_lag() ? standby_ : last_;
    const std::optional<double> lag = s.replay_lag();
    if (!lag) return;
    const double delay = s.replay_delay.value_or(0);
    if (*lag - delay <= kLaggingReplaySeconds) return;
    const std::string beyond =
        delay > 0
            ? fmt::format(", {:.0f} s beyond HADR_REPLAY_DELAY's {:.0f} s", *lag - delay, delay)
            : std::string();
    note(fmt::format(
        "replay stands {:.0f} s behind the primary's log (PRIMARY_LOG_TIME - "
        "STANDBY_REPLAY_LOG_TIME at {}){}: a takeover now would first replay that much log{}",
        *lag, seen_at(s), beyond,
        second_sample("shows whether the lag grows (replay slower than the log) or shrinks")));
  }

  // HADR_PEER_WINDOW is each database's own setting; IBM asks for one value on both.
  void peer_windows() {
    if (channel_.primary.empty() || channel_.standby.empty()) return;
    const HadrSample& p = channel_.primary.back();
    const HadrSample& s = channel_.standby.back();
    if (!p.peer_window || !s.peer_window || *p.peer_window == *s.peer_window) return;
    note(
        fmt::format("PEER_WINDOW is {:.0f} s on the primary ({}) and {:.0f} s on the standby "
                    "({}): the primary's governs now, the standby's after a takeover; set "
                    "HADR_PEER_WINDOW alike on both",
                    *p.peer_window, p.where(), *s.peer_window, s.where()));
  }

  // pureScale: a stream whose own member on the primary is down is shipped by
  // another member, and stays in remote catch-up until its member is back.
  void assisted_catchup() {
    const HadrSample& s = last_;
    if (!s.has_flag("ASSISTED_REMOTE_CATCHUP")) return;
    const std::string stream =
        s.log_stream_id ? fmt::format("{}", *s.log_stream_id) : std::string("?");
    const std::string helper = s.primary_member ? fmt::format("member {}", *s.primary_member)
                                                : std::string("another member");
    note(fmt::format(
        "log stream {0} is in assisted remote catch-up at {1}: its own member on the primary "
        "(member {0}) is not active, so {2} reads that stream's log files and ships them for it; "
        "the stream stays in remote catch-up, never peer, until member {0} is active again "
        "(restart it on the primary){3}",
        stream, seen_at(s), helper,
        second_sample("shows whether the stream's gap is closing while it is assisted")));
  }

  const Channel& channel_;
  const HadrSample& last_;
  const HadrSample& standby_;
  bool one_sample_;
  std::vector<std::string> findings_;
};

}  // namespace

std::vector<std::string> sample_findings(const Channel& channel) {
  return SampleFindings(channel).run();
}

}  // namespace simhadr
