// A database's log and commit counters in -diagnose's JSON document.
#include <fmt/format.h>

#include "simhadr/report/diagnosis_report.hpp"
#include "simhadr/report/json_report.hpp"

namespace simhadr {

namespace {

using nlohmann::json;

json split_json(const std::optional<CommitSplit>& split) {
  if (!split) return nullptr;
  return {{"of", split->per_commit ? "commit" : "log write"},
          {"seconds", split->total},
          {"log_disk_seconds", split->disk},
          {"hadr_seconds", split->hadr},
          {"other_seconds", optional_json(split->other)},
          {"log_disk_share", split->disk_share()},
          {"hadr_share", split->hadr_share()},
          {"other_share", optional_json(split->other_share())}};
}

json deltas_json(const LogDeltas& d) {
  return {{"seconds", optional_json(d.seconds)},
          {"log_bytes", optional_json(d.log_bytes)},
          {"log_mbytes_per_sec", scaled_json(d.log_rate(), 1e-6)},
          {"log_pages", optional_json(d.pages)},
          {"log_writes", optional_json(d.writes)},
          {"writes_per_sec", optional_json(d.writes_per_second())},
          {"pages_per_write", optional_json(d.pages_per_write())},
          {"log_write_seconds", optional_json(d.write_seconds)},
          {"log_write_seconds_per_write", optional_json(d.write_time())},
          {"log_write_seconds_per_mbyte", optional_json(d.write_time_per_mb())},
          {"hadr_wait_seconds", optional_json(d.hadr_wait_seconds)},
          {"hadr_waits", optional_json(d.hadr_waits)},
          {"hadr_wait_seconds_per_wait", optional_json(d.hadr_wait_per_wait())},
          {"commits", optional_json(d.commits)},
          {"commits_per_sec", optional_json(d.commits_per_second())},
          {"commit_seconds", optional_json(d.commit_seconds)},
          {"commit_seconds_per_commit", optional_json(d.commit_time())},
          {"log_disk_wait_seconds", optional_json(d.disk_wait_seconds)}};
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
