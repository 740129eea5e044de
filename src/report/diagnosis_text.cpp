#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "simhadr/report/diagnosis_report.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

std::string side_letter(const ChannelRow& row) {
  if (row.sample.role_unknown()) return "?";
  return row.sample.is_primary() ? "P" : "S";
}

// "3 lines (4, 9, 12)": where something was left out, the first few.
std::string line_list(const std::vector<std::size_t>& lines) {
  constexpr std::size_t kShownLines = 5;
  return fmt::format(
      "{} line{} ({}{})", lines.size(), lines.size() == 1 ? "" : "s",
      fmt::join(lines.begin(),
                lines.begin() + static_cast<std::ptrdiff_t>(std::min(lines.size(), kShownLines)),
                ", "),
      lines.size() > kShownLines ? ", ..." : "");
}

// What was read around the samples, and what the file could not give.
void print_file_notes(std::ostream& out, const MonitorFile& file) {
  if (!file.inactive_lines.empty()) {
    fmt::print(out,
               "Note: {}: the database was not active (or its member not started) in {} sample{} "
               "(db2pd's notice at {})\n",
               file.name, file.inactive_lines.size(), file.inactive_lines.size() == 1 ? "" : "s",
               line_list(file.inactive_lines));
  }
  if (!file.prefix.empty()) {
    fmt::print(out, "Note: {}: the output's lines began with {}, taken off where they did\n",
               file.name, shown(file.prefix));
  }
  if (!file.preamble_lines.empty()) {
    fmt::print(out, "Note: {}: {} before the first sample left out (a command, a query, prose)\n",
               file.name, line_list(file.preamble_lines));
  }
  if (!file.elision_lines.empty()) {
    fmt::print(out, "Note: {}: {} where something was cut out: the fields there are missing\n",
               file.name, line_list(file.elision_lines));
  }
  if (!file.other_lines.empty()) {
    fmt::print(out,
               "Note: {}: {} among the samples that are no monitor output (a prompt, a "
               "label, a line cut short) left out\n",
               file.name, line_list(file.other_lines));
  }
  for (const std::string& note : file.notes) fmt::print(out, "Note: {}: {}\n", file.name, note);
  for (const std::string& note : file.logs.notes)
    fmt::print(out, "Note: {}: {}\n", file.name, note);
  if (std::ranges::any_of(file.samples, [](const HadrSample& s) { return !s.time; })) {
    fmt::print(out,
               "Note: {}: samples with no time (no header date or time column): no rates "
               "or trends from them\n",
               file.name);
  }
}

void print_table(std::ostream& out, const Channel& channel) {
  fmt::print(out,
             "{:>8} {:>4} {:<22} {:<12} {:>9} {:>9} {:>11} {:>10} {:>5} {:>7} {:>8} {:>7}  {}\n",
             "time", "side", "state", "connection", "log MB/s", "ship MB/s", "replay MB/s",
             "gap MB", "buf %", "spool %", "ms/write", "lag s", "flags");
  for (const ChannelRow& row : channel.rows) {
    const HadrSample& s = row.sample;
    std::string flags = fmt::format("{}", fmt::join(row.flags, " "));
    if (row.congested_seconds)
      flags = fmt::format("congested {:.1f} s {}", *row.congested_seconds, flags);
    fmt::print(
        out, "{:>8} {:>4} {:<22} {:<12} {:>9} {:>9} {:>11} {:>10} {:>5} {:>7} {:>8} {:>7}  {}\n",
        time_of_day(s), side_letter(row), s.state.empty() ? "-" : s.state,
        s.connect_status.empty() ? "-" : s.connect_status, figure_cell(row.log_rate, 1e-6, 3),
        figure_cell(row.ship_rate, 1e-6, 3), figure_cell(row.replay_rate, 1e-6, 3),
        figure_cell(row.gap, 1e-6, 3), figure_cell(row.buffer_percent, 1, 0),
        figure_cell(row.spool_percent, 1, 0), figure_cell(row.wait_per_write, 1e3, 2),
        figure_cell(row.standby_view().replay_lag(), 1, 0), flags.empty() ? "-" : flags);
  }
}

void print_summary(std::ostream& out, const ChannelSummary& s) {
  if (!s.seconds) {
    fmt::print(out, "No timed interval: only what each sample shows by itself.\n");
    return;
  }
  fmt::print(out, "Over {:.0f} s: logged {} MB/s, shipped {} MB/s, replayed {} MB/s", *s.seconds,
             figure_cell(s.log_rate, 1e-6, 3), figure_cell(s.ship_rate, 1e-6, 3),
             figure_cell(s.replay_rate, 1e-6, 3));
  if (s.writes_per_second && s.flush_bytes) {
    fmt::print(out, "; {:.1f} writes/s of {:.1f} pages", *s.writes_per_second,
               *s.flush_bytes / kLogPageBytes);
  }
  if (s.wait_per_write)
    fmt::print(out, "; {:.2f} ms a write waited for HADR", *s.wait_per_write * 1e3);
  fmt::print(out, "\n");
}

std::string channel_title(const Channel& channel) {
  const std::vector<HadrSample>& lead = channel.lead();
  const HadrSample& last = lead.back();
  const std::string sides = last.role_unknown()       ? "samples that do not say their side"
                            : channel.primary.empty() ? "standby samples only"
                            : channel.standby.empty() ? "primary samples only"
                                                      : "primary and standby samples";
  return fmt::format("database {}, log stream {}, {} -> {}, {}; {}",
                     channel.key.database.empty() ? "(not named)" : channel.key.database,
                     channel.key.log_stream, last.primary_host.empty() ? "?" : last.primary_host,
                     channel.key.standby_host.empty() ? "?" : channel.key.standby_host,
                     last.sync_mode.empty() ? "mode not given" : last.sync_mode, sides);
}

void print_failure_costs(std::ostream& out, const FailureCostsDiagnosis& costs) {
  if (const auto& t = costs.takeover) {
    fmt::print(out,
               "Takeover: {:.3f} MB received, not replayed at the last sample, {:.1f} s of replay "
               "at {:.3f} MB/s; at worst {:.3f} MB, {:.1f} s, at {}; noticing a failed primary "
               "comes first: {}\n",
               t->last_bytes * 1e-6, t->last_seconds(), t->replay_rate * 1e-6,
               t->worst_bytes * 1e-6, t->worst_seconds(), t->worst_at,
               t->detection_seconds ? fmt::format("HADR_TIMEOUT {:g} s, unless a cluster manager "
                                                  "acts sooner",
                                                  *t->detection_seconds)
                                    : std::string("HADR_TIMEOUT, not in the samples"));
  }
  if (const auto& hold = costs.commit_hold) {
    if (hold->seconds) {
      fmt::print(out, "Commit hold: a failed link may hold commits up to {:g} s: {}\n",
                 *hold->seconds, hold->why);
    } else {
      fmt::print(out, "Commit hold: unknown: {}\n", hold->why);
    }
  }
}

std::string verdict_text(const ChannelDiagnosis& d) {
  return d.verdict ? std::string(verdict_name(*d.verdict)) : "unknown";
}

}  // namespace

void print_diagnosis(std::ostream& out, const PairDiagnosis& pair) {
  std::vector<std::string> inputs;
  for (const MonitorFile& file : pair.files) {
    std::vector<std::string> parts;
    if (!file.samples.empty()) {
      parts.push_back(fmt::format("{}, {} sample{}", monitor_format_name(file.format), file.runs,
                                  file.runs == 1 ? "" : "s"));
    }
    if (const std::size_t n = file.logs.samples.size(); n > 0) {
      parts.push_back(fmt::format("{}, {} sample{}", file.logs.format, n, n == 1 ? "" : "s"));
    }
    inputs.push_back(fmt::format("{} ({})", file.name, fmt::join(parts, "; ")));
  }
  fmt::print(out, "Diagnose: {}\n", fmt::join(inputs, ", "));
  for (const MonitorFile& file : pair.files) print_file_notes(out, file);
  const bool many = pair.channels.size() > 1;
  for (std::size_t i = 0; i < pair.channels.size(); ++i) {
    const Channel& channel = pair.channels[i];
    fmt::print(out, "\nChannel {}: {}\n", i + 1, channel_title(channel));
    print_table(out, channel);
    print_summary(out, channel.summary);
    if (const LogSeries* log = pair.log_of(channel); log && log->split) {
      fmt::print(out, "{}: {} (the log counters below)\n",
                 log->split->per_commit ? "Commit time" : "Log write time",
                 split_text(*log->split));
    }
    print_failure_costs(out, pair.diagnoses[i].failure_costs);
    if (many) {
      fmt::print(out, "Channel {} verdict: {}\n", i + 1, verdict_text(pair.diagnoses[i]));
    }
  }
  const std::size_t own_verdicts = static_cast<std::size_t>(
      std::ranges::count_if(pair.log_diagnoses, [](const auto& d) { return d.has_value(); }));
  for (std::size_t i = 0; i < pair.logs.size(); ++i) {
    print_log_series(out, pair.logs[i]);
    const auto& own = pair.log_diagnoses[i];
    if (own && (own_verdicts > 1 || !pair.channels.empty())) {
      fmt::print(out, "Log verdict (no HADR samples of this database): {}: {}\n",
                 verdict_text(*own), own->evidence);
      if (!own->plan.model_command.empty()) {
        fmt::print(out, "  Confirm with: {}\n", own->plan.model_command);
      }
    }
  }
  const ChannelDiagnosis& d = pair.headline();
  fmt::print(out, "\nDiagnosis: {}: {}{}\n", verdict_text(d), d.evidence,
             many ? fmt::format(" (channel {})", pair.worst + 1) : "");
  for (std::size_t i = 0; i < pair.diagnoses.size(); ++i) {
    for (const std::string& finding : pair.diagnoses[i].findings) {
      fmt::print(out, "Finding: {}{}\n", many ? fmt::format("channel {}: ", i + 1) : "", finding);
    }
  }
  const ConfirmPlan& plan = d.plan;
  if (!plan.model_command.empty()) fmt::print(out, "Confirm with: {}\n", plan.model_command);
  for (const std::string& note : plan.notes) fmt::print(out, "  Note: {}\n", note);
  if (!plan.host_commands.empty()) fmt::print(out, "Then the real thing, on the two hosts:\n");
  for (const std::string& command : plan.host_commands) fmt::print(out, "  {}\n", command);
  for (const std::string& change : plan.changes) fmt::print(out, "Change: {}\n", change);
}

}  // namespace simhadr
