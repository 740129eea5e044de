// A database's log and commit counters in -diagnose's JSON document.
#include <fmt/format.h>

#include "simhadr/report/diagnosis_report.hpp"

namespace simhadr {

namespace {

using nlohmann::json;

template <typename Number>
json maybe(const std::optional<Number>& value, double scale = 1) {
  if (!value) return nullptr;
  if (scale == 1) return *value;
  return static_cast<double>(*value) * scale;
}

json split_json(const std::optional<CommitSplit>& split) {
  if (!split) return nullptr;
  return {{"of", split->per_commit ? "commit" : "log write"},
          {"seconds", split->total},
          {"log_disk_seconds", split->disk},
          {"hadr_seconds", split->hadr},
          {"other_seconds", maybe(split->other)},
          {"log_disk_share", split->disk_share()},
          {"hadr_share", split->hadr_share()},
          {"other_share", maybe(split->other_share())}};
}

json deltas_json(const LogDeltas& d) {
  return {{"seconds", maybe(d.seconds)},
          {"log_bytes", maybe(d.log_bytes)},
          {"log_mbytes_per_sec", maybe(d.log_rate(), 1e-6)},
          {"log_pages", maybe(d.pages)},
          {"log_writes", maybe(d.writes)},
          {"writes_per_sec", maybe(d.writes_per_second())},
          {"pages_per_write", maybe(d.pages_per_write())},
          {"log_write_seconds", maybe(d.write_seconds)},
          {"log_write_seconds_per_write", maybe(d.write_time())},
          {"log_write_seconds_per_mbyte", maybe(d.write_time_per_mb())},
          {"hadr_wait_seconds", maybe(d.hadr_wait_seconds)},
          {"hadr_waits", maybe(d.hadr_waits)},
          {"hadr_wait_seconds_per_wait", maybe(d.hadr_wait_per_wait())},
          {"commits", maybe(d.commits)},
          {"commits_per_sec", maybe(d.commits_per_second())},
          {"commit_seconds", maybe(d.commit_seconds)},
          {"commit_seconds_per_commit", maybe(d.commit_time())},
          {"log_disk_wait_seconds", maybe(d.disk_wait_seconds)}};
}

}  // namespace

json log_series_json(const LogSeries& log) {
  json intervals = json::array();
  for (const LogInterval& i : log.intervals) {
    json row = deltas_json(i.deltas);
    row["time"] = i.reading.time ? json(wall_clock_text(*i.reading.time)) : json(nullptr);
    json sources = json::array();
    for (const SourceLine& s : i.reading.sources)
      sources.push_back(fmt::format("{}:{}", s.file, s.line));
    row["sources"] = sources;
    row["reset"] = i.reset;
    row["split"] = split_json(i.split);
    intervals.push_back(row);
  }
  json fit_json = nullptr;
  if (const auto fit = log_disk_fit(log)) {
    fit_json = {{"mbytes_per_sec", fit->rate.value()}, {"overhead_seconds", fit->overhead_seconds}};
  }
  return {{"database", log.database.empty() ? json(nullptr) : json(log.database)},
          {"sources", log.sources},
          {"joined_hadr", log.joined_hadr},
          {"readings", log.readings.size()},
          {"intervals", intervals},
          {"total", deltas_json(log.total)},
          {"split", split_json(log.split)},
          {"disk_fit", fit_json},
          {"notes", log.notes}};
}

}  // namespace simhadr
