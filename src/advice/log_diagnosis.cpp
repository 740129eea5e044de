// What a database's log and commit counters say by themselves: which side a
// commit waits for (the log disk or HADR, as IBM support splits
// LOG_DISK_WAIT_TIME with LOG_WRITE_TIME and LOG_HADR_WAIT_TIME), and the
// figures a confirming model takes from them.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>

#include "simhadr/advice/diagnosis.hpp"
#include "simhadr/config.hpp"
#include "simhadr/models/disk_fit.hpp"

namespace simhadr {

namespace {

constexpr int kLogConfirmSeconds = 60;

std::string split_ms(double seconds) {
  return fmt::format("{:.2f} ms", seconds * 1e3);
}

std::string percent_of(double part, double total) {
  return fmt::format("{:.0f}%", total > 0 ? 100 * part / total : 0);
}

std::string counters_read(const LogSeries& log) {
  return fmt::format("{}", fmt::join(log.sources, ", "));
}

// Why the counters give no split of a commit's time.
std::string what_the_split_lacks(const LogDeltas& total) {
  if (!total.write_seconds || !total.writes) {
    return "the split of a commit's time needs the log disk's time, LOG_WRITE_TIME and "
           "NUM_LOG_WRITE_IO, in two readings in a row";
  }
  return "the split of a commit's time needs the wait for HADR (LOG_HADR_WAIT_TIME, or the "
         "primary's db2pd -hadr or MON_GET_HADR samples of the same moments) beside the log "
         "disk's time";
}

}  // namespace

FlushSide dominant_side(const CommitSplit& split) {
  const double disk = split.disk_fraction();
  if (disk >= kDominantShare) return FlushSide::LogDisk;
  if (1 - disk >= kDominantShare) return FlushSide::Hadr;
  return FlushSide::Both;
}

std::string split_text(const CommitSplit& s) {
  std::string text = fmt::format("{} {} = log disk {} ({}) + HADR {} ({})",
                                 s.per_commit ? "a commit's" : "a log write's", split_ms(s.total),
                                 split_ms(s.disk), percent_of(s.disk, s.total), split_ms(s.hadr),
                                 percent_of(s.hadr, s.total));
  if (s.other)
    text += fmt::format(" + other {} ({})", split_ms(*s.other), percent_of(*s.other, s.total));
  if (s.wait_beyond_commits) {
    text +=
        " (LOG_DISK_WAIT_TIME a commit came to more than its time: taken as all of it, the rest "
        "being other waits for the log, a full log buffer, a rollback)";
  }
  return text;
}

namespace {

std::vector<DiskSample> write_points(const LogSeries& log) {
  std::vector<DiskSample> points;
  for (const LogInterval& interval : log.intervals) {
    const auto pages = interval.deltas.pages_per_write();
    const auto time = interval.deltas.write_time();
    if (pages && time) points.push_back(DiskSample{*pages * kLogPageBytes, *time});
  }
  return points;
}

}  // namespace

std::optional<DiskParams> log_disk_fit(const LogSeries& log) {
  return fit_disk_model(write_points(log));
}

std::optional<double> peak_log_rate(const LogSeries& log) {
  std::optional<double> peak;
  for (const LogInterval& interval : log.intervals) {
    if (const auto rate = interval.deltas.log_rate()) peak = std::max(peak.value_or(0), *rate);
  }
  return peak;
}

std::string rate_option(double bytes_per_second) {
  return fmt::format("{:.{}f}", bytes_per_second / 1e6, bytes_per_second >= 1000 ? 3 : 6);
}

LogModelFigures log_model_figures(const LogSeries& log) {
  LogModelFigures figures;
  const LogDeltas& total = log.total;
  if (const auto fit = log_disk_fit(log)) {
    figures.disk_option =
        fmt::format(" -disk {:.3f} {:.6f}", fit->rate.value(), fit->overhead_seconds);
    figures.disk_note = fmt::format(
        "-disk is the line through the log writes of {} intervals (time a write = {:.3f} ms + "
        "bytes / {:.3f} MB/s), from LOG_WRITE_TIME, NUM_LOG_WRITE_IO and LOG_WRITES",
        write_points(log).size(), fit->overhead_seconds * 1e3, fit->rate.value());
  } else if (total.write_time()) {
    figures.disk_note =
        "no -disk: the log writes were all of one size, or took no longer when larger, so the "
        "disk's rate and overhead cannot be told apart from them (simhadr -testDisk on the log "
        "path measures both)";
  }
  if (const auto pages = total.pages_per_write()) {
    figures.flush_pages = *pages;
    figures.flush_note = fmt::format(
        "-flushSize is the mean log write, {:.1f} pages (ΔLOG_WRITES / ΔNUM_LOG_WRITE_IO)", *pages);
  }
  if (const auto rate = total.log_rate(); rate && *rate >= 1) {
    figures.log_rate = *rate;
    figures.rate_note = fmt::format(
        "-logRate is the log written over time, {} MB/s ({}){}", rate_option(*rate),
        log.log_bytes_from_pages ? "ΔLOG_WRITES × 4096"
        : log.position_from_hadr ? "ΔPRIMARY_LOG_POS over Δt"
                                 : "ΔCURRENT_LSO over Δt",
        log.log_bytes_from_pages
            ? ": an upper bound, since a flush writes its partial last page again the next time"
            : "");
  }
  return figures;
}

ChannelDiagnosis diagnose_log(const LogSeries& log) {
  ChannelDiagnosis d;
  const LogDeltas& total = log.total;
  d.static_only = !total.seconds;
  if (log.split) {
    const CommitSplit& split = *log.split;
    const FlushSide side = dominant_side(split);
    d.evidence = fmt::format(
        "{}: {} ({}); LOG_WRITE_TIME is the primary's own disk, without HADR, as IBM's guide "
        "says, and LOG_HADR_WAIT_TIME the wait for the standby after it",
        side == FlushSide::LogDisk ? "the log disk, not HADR, takes most of the time"
        : side == FlushSide::Hadr  ? "HADR, not the log disk, takes most of the time"
                                   : "the log disk and HADR share the time",
        split_text(split), counters_read(log));
    if (side == FlushSide::LogDisk) d.verdict = HadrVerdict::LogDisk;
    if (side != FlushSide::LogDisk) {
      d.evidence +=
          "; db2pd -hadr or MON_GET_HADR samples of the same time let HADR's rules say why";
    }
  } else if (const auto rate = total.log_rate()) {
    d.evidence = fmt::format(
        "the log was written at {} MB/s ({} bytes in {:.0f} s), {} MB/s at most over an "
        "interval: the least bandwidth HADR's link must carry, as IBM's HADR calculator sizes "
        "it from the log rate; {}",
        rate_option(*rate), *total.rated_bytes, *total.rate_seconds,
        rate_option(peak_log_rate(log).value_or(*rate)), what_the_split_lacks(total));
  } else if (total.log_bytes) {
    d.evidence = fmt::format(
        "{} bytes of log written between the first and the last reading; their time is needed "
        "for a rate (db2pd's header prints it with -- Date; a time column does for queries)",
        *total.log_bytes);
  } else if (log.readings.size() < 2) {
    d.evidence = "one reading of the counters: two, with times, give the log rate and the split";
  } else {
    d.evidence = fmt::format("{} readings, but no log written between them; {}",
                             log.readings.size(), what_the_split_lacks(total));
  }
  const LogModelFigures figures = log_model_figures(log);
  if (figures.log_rate) {
    d.plan.model_command =
        fmt::format("simhadr -model -syncMode NEARSYNC -logRate {} -logBufSize {}{} -t {}",
                    rate_option(*figures.log_rate), kDefaultLogBufferPages, figures.disk_option,
                    kLogConfirmSeconds);
    for (const std::string* note : {&figures.disk_note, &figures.rate_note}) {
      if (!note->empty()) d.plan.notes.push_back(*note);
    }
    d.plan.notes.push_back(
        fmt::format("-logBufSize {} is Db2's default LOGBUFSZ: put the database's own there",
                    kDefaultLogBufferPages));
    d.plan.notes.push_back(
        "-syncMode: the mode HADR will run in; the model's \"Same models, each sync mode\" line "
        "gives them all; add -netRate and -netDelay for the link");
  }
  if (d.verdict == HadrVerdict::LogDisk) {
    d.plan.changes.emplace_back(kFasterLogDisk);
  }
  return d;
}

}  // namespace simhadr
