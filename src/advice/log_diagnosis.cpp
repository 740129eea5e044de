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

std::string share_of(double part, double total) {
  return fmt::format("{:.0f}%", total > 0 ? 100 * part / total : 0);
}

std::string counters_read(const LogSeries& log) {
  return fmt::format("{}", fmt::join(log.sources, ", "));
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
                                 split_ms(s.disk), share_of(s.disk, s.total), split_ms(s.hadr),
                                 share_of(s.hadr, s.total));
  if (s.other)
    text += fmt::format(" + other {} ({})", split_ms(*s.other), share_of(*s.other, s.total));
  return text;
}

std::optional<DiskParams> log_disk_fit(const LogSeries& log) {
  std::vector<DiskSample> points;
  for (const LogInterval& interval : log.intervals) {
    const auto pages = interval.deltas.pages_per_write();
    const auto time = interval.deltas.write_time();
    if (pages && time) points.push_back(DiskSample{*pages * kLogPageBytes, *time});
  }
  return fit_disk_model(points);
}

LogModelFigures log_model_figures(const LogSeries& log) {
  LogModelFigures figures;
  const LogDeltas& total = log.total;
  if (const auto fit = log_disk_fit(log)) {
    figures.disk_option =
        fmt::format(" -disk {:.3f} {:.6f}", fit->rate.value(), fit->overhead_seconds);
    figures.notes.push_back(fmt::format(
        "-disk is the line through the log writes of {} intervals (time a write = {:.3f} ms + "
        "bytes / {:.3f} MB/s), from LOG_WRITE_TIME, NUM_LOG_WRITE_IO and LOG_WRITES",
        log.intervals.size(), fit->overhead_seconds * 1e3, fit->rate.value()));
  } else if (total.write_time()) {
    figures.notes.push_back(
        "no -disk: the log writes were all of one size, or took no longer when larger, so the "
        "disk's rate and overhead cannot be told apart from them (simhadr -testDisk on the log "
        "path measures both)");
  }
  if (const auto pages = total.pages_per_write()) {
    figures.flush_pages = *pages;
    figures.notes.push_back(fmt::format(
        "-flushSize is the mean log write, {:.1f} pages (ΔLOG_WRITES / ΔNUM_LOG_WRITE_IO)",
        *pages));
  }
  if (const auto rate = total.log_rate()) {
    figures.log_rate = *rate;
    figures.notes.push_back(fmt::format("-logRate is the log written over time, {:.3f} MB/s ({})",
                                        *rate / 1e6,
                                        total.log_bytes && total.pages && !log.joined_hadr
                                            ? "from the log counters"
                                            : "ΔCURRENT_LSO, or ΔPRIMARY_LOG_POS, over Δt"));
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
        side == FlushSide::LogDisk ? "the log disk, not HADR, takes most of a commit's time"
        : side == FlushSide::Hadr  ? "HADR, not the log disk, takes most of a commit's time"
                                   : "the log disk and HADR share a commit's time",
        split_text(split), counters_read(log));
    if (side == FlushSide::LogDisk) d.verdict = HadrVerdict::LogDisk;
    if (side != FlushSide::LogDisk) {
      d.evidence +=
          "; db2pd -hadr or MON_GET_HADR samples of the same time let HADR's rules say why";
    }
  } else if (const auto rate = total.log_rate()) {
    d.evidence = fmt::format(
        "the log was written at {:.3f} MB/s ({} bytes in {:.0f} s): HADR's link must carry at "
        "least that, and more at peaks; no log write times to split a commit's time",
        *rate / 1e6, *total.rated_bytes, *total.rate_seconds);
  } else if (total.log_bytes) {
    d.evidence = fmt::format(
        "{} bytes of log written between the first and the last reading; their time is needed "
        "for a rate (db2pd's header prints it with -- Date; a time column does for queries)",
        *total.log_bytes);
  } else {
    d.evidence = "one reading of the counters: two, with times, give the log rate and the split";
  }
  const LogModelFigures figures = log_model_figures(log);
  if (figures.log_rate) {
    d.plan.model_command = fmt::format(
        "simhadr -model -syncMode NEARSYNC -logRate {:.3f} -logBufSize {}{} -t {}",
        *figures.log_rate / 1e6, kDefaultLogBufferPages, figures.disk_option, kLogConfirmSeconds);
    d.plan.notes = figures.notes;
    d.plan.notes.push_back(
        fmt::format("-logBufSize {} is Db2's default LOGBUFSZ: put the database's own there",
                    kDefaultLogBufferPages));
    d.plan.notes.push_back(
        "-syncMode: the mode HADR will run in; the model's \"Same models, each sync mode\" line "
        "gives them all; add -netRate and -netDelay for the link");
  }
  if (d.verdict == HadrVerdict::LogDisk) {
    d.plan.changes.push_back(
        "a faster log disk, or one of its own: IBM's guide puts a log write at 5 to 10 ms; "
        "simhadr -testDisk on the log path measures what it gives at each flush size");
  }
  return d;
}

}  // namespace simhadr
