// A database's log and commit counters in -diagnose's report: a row per
// interval, the totals, and where a commit's time went.
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include "simhadr/report/diagnosis_report.hpp"

namespace simhadr {

namespace {

std::string share_figure_cell(const std::optional<CommitSplit>& split, double CommitSplit::*part) {
  if (!split || split->total <= 0) return "-";
  return fmt::format("{:.0f}", 100 * (*split).*part / split->total);
}

std::string when(const LogReading& reading) {
  return reading.time ? wall_clock_text(*reading.time).substr(11, 8) : std::string("no time");
}

// The series' totals: the log written, the disk's writes, the waits, the commits, the split.
void print_log_totals(std::ostream& out, const LogSeries& log) {
  const LogDeltas& t = log.total;
  if (t.log_bytes) {
    fmt::print(out, "Log written: {} bytes", *t.log_bytes);
    if (const auto rate = t.log_rate()) {
      fmt::print(out, " in {:.0f} s, {} MB/s", *t.rate_seconds, rate_option(*rate));
      if (const auto peak = peak_log_rate(log); peak && *peak > *rate) {
        fmt::print(out, ", {} MB/s at most over an interval", rate_option(*peak));
      }
      if (log.log_bytes_from_pages) fmt::print(out, " (from LOG_WRITES: an upper bound)");
    } else {
      fmt::print(out, " (no times: a rate needs them)");
    }
    fmt::print(out, "\n");
  }
  if (const auto time = t.write_time()) {
    fmt::print(out, "Log disk: {:.2f} ms a write of {} pages", *time * 1e3,
               figure_cell(t.pages_per_write(), 1, 1));
    if (const auto per_mb = t.write_time_per_mb())
      fmt::print(out, ", {:.2f} ms a MB", *per_mb * 1e3);
    if (const auto fit = log_disk_fit(log)) {
      fmt::print(out, "; the line through the writes: -disk {:.3f} {:.6f}", fit->rate.value(),
                 fit->overhead_seconds);
    }
    fmt::print(out, "\n");
  }
  if (const auto per_wait = t.hadr_wait_per_wait()) {
    fmt::print(out, "HADR wait: {:.2f} ms a wait, {} waits\n", *per_wait * 1e3, *t.hadr_waits);
  }
  if (const auto commit = t.commit_time()) {
    fmt::print(out, "Commits: {} at {:.2f} ms each\n", *t.commits, *commit * 1e3);
  }
  if (log.split) {
    fmt::print(out, "{}: {}\n", log.split->per_commit ? "Commit time" : "Log write time",
               split_text(*log.split));
  }
}

}  // namespace

void print_log_series(std::ostream& out, const LogSeries& log) {
  fmt::print(out, "\nLog: database {}, {}; {} reading{}{}\n",
             log.database.empty() ? "(not named)" : log.database, fmt::join(log.sources, ", "),
             log.readings.size(), log.readings.size() == 1 ? "" : "s",
             log.joined_hadr ? ", joined with the primary's HADR samples" : "");
  for (const std::string& note : log.notes) fmt::print(out, "Note: {}\n", note);
  if (log.intervals.empty()) {
    for (const LogReading& r : log.readings) {
      if (r.counters.log_position) {
        fmt::print(out, "Log position: {} at {}\n", *r.counters.log_position, when(r));
      }
    }
    return;
  }
  fmt::print(out,
             "{:>8} {:>8} {:>10} {:>9} {:>8} {:>9} {:>8} {:>9} {:>9} {:>10} {:>6} {:>6} {:>7}\n",
             "time", "seconds", "log bytes", "log MB/s", "writes/s", "pages/w", "disk ms",
             "disk ms/MB", "HADR ms/w", "ms/commit", "disk %", "HADR %", "other %");
  for (const LogInterval& i : log.intervals) {
    const LogDeltas& d = i.deltas;

    std::string other = "-";
    if (i.split && i.split->other_share())
      other = fmt::format("{:.0f}", 100 * *i.split->other_share());
    fmt::print(
        out, "{:>8} {:>8} {:>10} {:>9} {:>8} {:>9} {:>8} {:>9} {:>9} {:>10} {:>6} {:>6} {:>7}{}\n",
        when(i.reading), figure_cell(d.seconds, 1, 1), figure_cell(d.log_bytes, 1, 0),
        figure_cell(d.log_rate(), 1e-6, 3), figure_cell(d.writes_per_second(), 1, 1),
        figure_cell(d.pages_per_write(), 1, 1), figure_cell(d.write_time(), 1e3, 2),
        figure_cell(d.write_time_per_mb(), 1e3, 2), figure_cell(d.hadr_wait_per_write(), 1e3, 2),
        figure_cell(d.commit_time(), 1e3, 2), share_figure_cell(i.split, &CommitSplit::disk),
        share_figure_cell(i.split, &CommitSplit::hadr), other,
        i.reset ? "  counters reset: left out" : "");
  }
  print_log_totals(out, log);
}

}  // namespace simhadr
