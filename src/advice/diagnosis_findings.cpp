// The findings beside a -diagnose verdict: socket buffers, heartbeats,
// reconnections, a logger blocked all along, congestion that is normal; and,
// apart, where each side's figures came from.
#include <fmt/format.h>

#include <algorithm>

#include "simhadr/advice/diagnosis.hpp"

namespace simhadr {

namespace {

// A current wait that grew by this share of the time between samples never ended.
constexpr double kBlockedShare = 0.8;
// With one sample, a connection this young is a recent one.
constexpr double kRecentConnectionSeconds = 600;

class FindingsOf {
 public:
  explicit FindingsOf(const Channel& channel) : channel_(channel), last_(channel.lead().back()) {}

  std::vector<std::string> run() {
    find();
    return std::move(findings_);
  }

 private:
  void note(std::string text) { findings_.push_back(std::move(text)); }

  void find() {
    socket_buffers();
    heartbeats();
    reconnections();
    stuck_waits();
    catchup_congestion();
    tablespace_error();
  }

  void tablespace_error() {
    if (std::ranges::any_of(channel_.standby_side(), [](const HadrSample& s) {
          return s.has_flag("STANDBY_TABLESPACE_ERROR");
        })) {
      note("STANDBY_TABLESPACE_ERROR: a table space on the standby is in error; recover it there");
    }
  }

  // Only a size the database pinned says anything: where DB2_HADR_SOSNDBUF or
  // SORCVBUF is unset (REQUESTED 0) the kernel sizes the buffer and grows it as
  // the link needs, and the field shows its size of the moment. The log travels
  // through the primary's send buffer and the standby's receive buffer; the
  // other two carry acks, whatever their size.
  void socket_buffers() {
    if (!channel_.primary.empty()) {
      pinned_buffer(channel_.primary.back().send_buffer, "SOCK_SEND_BUF", "primary",
                    "DB2_HADR_SOSNDBUF");
    }
    if (!channel_.standby.empty() && !channel_.standby.back().role_unknown()) {
      pinned_buffer(channel_.standby.back().receive_buffer, "SOCK_RECV_BUF", "standby",
                    "DB2_HADR_SORCVBUF");
    }
  }

  void pinned_buffer(const SocketBufferSizes& sizes, std::string_view field, std::string_view side,
                     std::string_view variable) {
    if (!sizes.actual || sizes.requested.value_or(0) <= 0) return;
    const std::int64_t requested = *sizes.requested;
    if (*sizes.actual < requested) {
      note(
          fmt::format("{} on the {}: {} asked for {} bytes, the system gave {}: it capped it "
                      "(Linux: net.core.wmem_max and rmem_max)",
                      field, side, variable, requested, *sizes.actual));
    } else if (requested < kLeastSocketBuffer) {
      note(
          fmt::format("{} on the {}: {} pins it at {} bytes, under the 64 KB IBM names as the "
                      "least; unset it to let the kernel size it, or size it from "
                      "tools/sweep",
                      field, side, variable, requested));
    }
  }

  void heartbeats() {
    const std::vector<HadrSample>& lead = channel_.lead();
    const auto first = std::ranges::find_if(
        lead, [](const HadrSample& s) { return s.heartbeats_missed.has_value(); });
    if (first == lead.end()) return;
    const HadrSample& last = lead.back();
    const std::int64_t now = last.heartbeats_missed.value_or(*first->heartbeats_missed);
    if (now > *first->heartbeats_missed) {
      note(fmt::format("HEARTBEAT_MISSED rose from {} to {} by {}: messages were late or lost",
                       *first->heartbeats_missed, now, seen_at(last)));
    } else if (now > 0) {
      const std::string share =
          last.heartbeats_expected && *last.heartbeats_expected > 0
              ? fmt::format(" of {} expected since activation ({:.1f}%)", *last.heartbeats_expected,
                            100.0 * static_cast<double>(now) /
                                static_cast<double>(*last.heartbeats_expected))
              : std::string(" since activation");
      note(fmt::format(
          "HEARTBEAT_MISSED {}{} at {}: messages between the sides came late or "
          "were lost{}",
          now, share, seen_at(last),
          channel_.has_intervals() ? "; none since the first sample"
                                   : "; a second sample shows whether they are missed now"));
    }
  }

  void reconnections() {
    const std::vector<HadrSample>& lead = channel_.lead();
    bool noted = false;
    for (std::size_t i = 1; i < lead.size(); ++i) {
      const HadrSample& s = lead[i];
      const HadrSample& before = lead[i - 1];
      const bool new_connection = s.connect_status_time && before.connect_status_time &&
                                  *s.connect_status_time != *before.connect_status_time;
      if (s.connect_status == "CONNECTED" &&
          (before.connect_status == "DISCONNECTED" ||
           (before.connect_status == "CONNECTED" && new_connection))) {
        note(fmt::format("reconnected between {} and {}: the pair went through remote catch-up",
                         time_of_day(before), seen_at(s)));
        noted = true;
      }
    }
    if (noted || last_.connect_status != "CONNECTED" || !last_.connect_status_time || !last_.time) {
      return;
    }
    const double since = *last_.time - *last_.connect_status_time;
    const HadrSample& first = lead.front();
    const double window =
        lead.size() > 1 && first.time ? *last_.time - *first.time : kRecentConnectionSeconds;
    if (since <= window) {
      // Whether it is the first connection since activation or a reconnection,
      // the standby came through remote catch-up; the header's uptime says which.
      const std::string activated = last_.up_seconds
                                        ? fmt::format(", {:.0f} s after the database was activated",
                                                      std::max(0.0, *last_.up_seconds - since))
                                        : std::string();
      note(
          fmt::format("connected {:.0f} s before {}{}: the pair has just been through remote "
                      "catch-up",
                      std::max(0.0, since), seen_at(last_), activated));
    }
  }

  // IBM: a LOG_HADR_WAIT_CUR that grows as fast as time passes is a logger
  // blocked all along; one over 5 s is a write stuck too long.
  void stuck_waits() {
    const std::vector<HadrSample>& lead = channel_.lead();
    for (std::size_t i = 1; i < lead.size(); ++i) {
      const HadrSample& s = lead[i];
      const HadrSample& before = lead[i - 1];
      if (!s.wait_current || !before.wait_current || !s.time || !before.time) continue;
      const double passed = *s.time - *before.time;
      if (*before.wait_current > 0 && passed > 0 &&
          *s.wait_current - *before.wait_current >= kBlockedShare * passed) {
        note(
            fmt::format("LOG_HADR_WAIT_CUR grew from {:.3f} s to {:.3f} s in {:.0f} s by {}: "
                        "the logger was blocked all along",
                        *before.wait_current, *s.wait_current, passed, seen_at(s)));
        return;
      }
    }
    const auto stuck = std::ranges::find_if(lead, [](const HadrSample& s) {
      return s.wait_current && *s.wait_current >= kStuckWaitSeconds;
    });
    if (stuck != lead.end()) {
      note(fmt::format("LOG_HADR_WAIT_CUR {:.3f} s at {}: a log write stuck over IBM's 5 s alert",
                       *stuck->wait_current, seen_at(*stuck)));
    }
  }

  void catchup_congestion() {
    double longest = 0;
    const ChannelRow* where = nullptr;
    for (const ChannelRow& row : channel_.rows) {
      if (row.congested_seconds && row.sample.in_remote_catchup() &&
          *row.congested_seconds > longest) {
        longest = *row.congested_seconds;
        where = &row;
      }
    }
    if (where && longest > kLongCongestionSeconds) {
      note(fmt::format(
          "CONGESTED for {:.1f} s at {} in {} {}: normal in remote catch-up while "
          "shipping keeps up (IBM)",
          longest, seen_at(where->sample), where->sample.sync_mode, where->sample.state));
    }
  }

  const Channel& channel_;
  const HadrSample& last_;
  std::vector<std::string> findings_;
};

}  // namespace

std::vector<std::string> findings_of(const Channel& channel) {
  return FindingsOf(channel).run();
}

std::vector<std::string> source_notes(const Channel& channel) {
  std::vector<std::string> notes;
  const auto note = [&](std::string text) { notes.push_back(std::move(text)); };
  if (channel.standby.empty() && !channel.primary.empty()) {
    note("no standby samples: its figures are the primary's view of it, up to a heartbeat old");
  } else if (channel.primary.empty() && channel.standby.back().role_unknown()) {
    note(
        "the samples do not say their side (no HADR_ROLE): the primary's figures and the "
        "standby's are told apart only by their names");
  } else if (channel.primary.empty()) {
    note(
        "no primary samples: the log rate and waits are the standby's view, up to a heartbeat "
        "old");
  } else if (!channel.sides_aligned) {
    note("the two sides' samples share no clock: standby figures are the primary's view of it");
  }
  if (std::ranges::any_of(channel.lead(), [](const HadrSample& s) {
        return s.format == MonitorFormat::Db2pdV97;
      })) {
    note(
        "V9.7 reports one standby position, which follows replay: shipping and replay are one "
        "figure");
  }
  return notes;
}

}  // namespace simhadr
