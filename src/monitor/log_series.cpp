#include "simhadr/monitor/log_series.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "simhadr/monitor/channel.hpp"

namespace simhadr {

namespace {

// Readings of different sources this close are one moment; a loop runs its queries
// one after the other, well within a second, and samples seconds apart.
constexpr double kMostApartSeconds = 2;

template <typename T>
void add_delta(std::optional<T>& total, const std::optional<T>& more) {
  if (more) total = total.value_or(T{}) + *more;
}

template <typename T>
void fill_in(std::optional<T>& field, const std::optional<T>& from) {
  if (!field && from) field = from;
}

void fill_counters(LogCounters& to, const LogCounters& from) {
  fill_in(to.log_pages, from.log_pages);
  fill_in(to.write_ios, from.write_ios);
  fill_in(to.write_seconds, from.write_seconds);
  fill_in(to.hadr_wait_seconds, from.hadr_wait_seconds);
  fill_in(to.hadr_waits, from.hadr_waits);
  fill_in(to.log_position, from.log_position);
  fill_in(to.commit_seconds, from.commit_seconds);
  fill_in(to.commits, from.commits);
  fill_in(to.disk_wait_seconds, from.disk_wait_seconds);
  fill_in(to.disk_waits, from.disk_waits);
}

template <typename T>
std::optional<T> moved(const std::optional<T>& before, const std::optional<T>& after, bool& reset) {
  if (!before || !after) return std::nullopt;
  if (*after < *before) reset = true;
  return *after - *before;
}

template <typename T>
std::optional<double> ratio(const std::optional<T>& a, const std::optional<std::int64_t>& b) {
  if (!a || !b || *b <= 0) return std::nullopt;
  return static_cast<double>(*a) / static_cast<double>(*b);
}

struct Entry {
  std::string source;  // file and format: one series of readings
  LogReading reading;
};

class SeriesBuilder {
 public:
  explicit SeriesBuilder(std::string database) { series_.database = std::move(database); }

  void add(const LogSample& sample, const std::string& file, const std::string& format) {
    const std::string source = file + "\n" + format;
    if (std::ranges::find(series_.sources, format) == series_.sources.end()) {
      series_.sources.push_back(format);
    }
    entries_.push_back(Entry{source, LogReading{sample.time, {sample.source}, sample.counters}});
  }

  void add_hadr(const HadrSample& sample) { hadr_.push_back(&sample); }

  LogSeries build() {
    group();
    join_hadr();
    intervals();
    say_what_is_missing();
    return std::move(series_);
  }

 private:
  // Readings of one source no closer than this are each their own moment.
  double tolerance() const {
    std::map<std::string, std::vector<double>> times;
    for (const Entry& e : entries_) {
      if (e.reading.time) times[e.source].push_back(*e.reading.time);
    }
    double least = kMostApartSeconds;
    for (auto& [source, list] : times) {
      std::ranges::sort(list);
      for (std::size_t i = 1; i < list.size(); ++i) {
        if (list[i] > list[i - 1]) least = std::min(least, (list[i] - list[i - 1]) / 4);
      }
    }
    return least;
  }

  void group() {
    const bool timed =
        std::ranges::all_of(entries_, [](const Entry& e) { return e.reading.time.has_value(); });
    if (!timed) {
      // Without times, the k-th reading of each source is the k-th moment.
      std::map<std::string, std::size_t> index;
      for (const Entry& e : entries_) {
        const std::size_t k = index[e.source]++;
        if (series_.readings.size() <= k) series_.readings.emplace_back();
        merge(series_.readings[k], e.reading);
      }
      if (std::ranges::any_of(entries_,
                              [](const Entry& e) { return e.reading.time.has_value(); })) {
        series_.notes.push_back("some readings have no time: no rates from them");
      }
      return;
    }
    const double near = tolerance();
    std::ranges::stable_sort(entries_, {}, [](const Entry& e) { return *e.reading.time; });
    std::set<std::string> in_reading;
    for (const Entry& e : entries_) {
      if (series_.readings.empty() || *e.reading.time - *series_.readings.back().time > near ||
          in_reading.contains(e.source)) {
        series_.readings.push_back(LogReading{e.reading.time, {}, {}});
        in_reading.clear();
      }
      in_reading.insert(e.source);
      merge(series_.readings.back(), e.reading);
    }
  }

  static void merge(LogReading& into, const LogReading& from) {
    if (!into.time) into.time = from.time;
    into.sources.insert(into.sources.end(), from.sources.begin(), from.sources.end());
    fill_counters(into.counters, from.counters);
  }

  // The primary's HADR samples give the wait and the position where the counters lack them.
  void join_hadr() {
    const double near = tolerance();
    for (LogReading& reading : series_.readings) {
      if (!reading.time) continue;
      const HadrSample* nearest = nullptr;
      for (const HadrSample* s : hadr_) {
        const std::optional<double> at = s->local_time ? s->local_time : s->time;
        if (!at || std::abs(*at - *reading.time) > near) continue;
        const std::optional<double> best =
            nearest ? (nearest->local_time ? nearest->local_time : nearest->time) : std::nullopt;
        if (!nearest || std::abs(*at - *reading.time) < std::abs(*best - *reading.time))
          nearest = s;
      }
      if (!nearest) continue;
      LogCounters from;
      from.hadr_wait_seconds = nearest->wait_accumulated;
      from.hadr_waits = nearest->wait_count;
      from.log_position = nearest->primary_pos;
      const LogCounters before = reading.counters;
      fill_counters(reading.counters, from);
      if (before.hadr_wait_seconds != reading.counters.hadr_wait_seconds ||
          before.log_position != reading.counters.log_position) {
        series_.joined_hadr = true;
        reading.sources.push_back(nearest->source);
      }
    }
  }

  void intervals() {
    for (std::size_t i = 1; i < series_.readings.size(); ++i) {
      const LogReading& a = series_.readings[i - 1];
      const LogReading& b = series_.readings[i];
      LogInterval interval{b, {}, false, std::nullopt};
      LogDeltas& d = interval.deltas;
      bool reset = false;
      if (a.time && b.time) d.seconds = *b.time - *a.time;
      const LogCounters &x = a.counters, &y = b.counters;
      d.log_bytes = moved(x.log_position, y.log_position, reset);
      d.pages = moved(x.log_pages, y.log_pages, reset);
      d.writes = moved(x.write_ios, y.write_ios, reset);
      d.write_seconds = moved(x.write_seconds, y.write_seconds, reset);
      d.hadr_wait_seconds = moved(x.hadr_wait_seconds, y.hadr_wait_seconds, reset);
      d.hadr_waits = moved(x.hadr_waits, y.hadr_waits, reset);
      d.commit_seconds = moved(x.commit_seconds, y.commit_seconds, reset);
      d.commits = moved(x.commits, y.commits, reset);
      d.disk_wait_seconds = moved(x.disk_wait_seconds, y.disk_wait_seconds, reset);
      if (!d.log_bytes && d.pages)
        d.log_bytes = *d.pages * static_cast<std::int64_t>(kLogPageBytes);
      if (d.log_bytes && d.seconds) {
        d.rated_bytes = d.log_bytes;
        d.rate_seconds = d.seconds;
      }
      if (reset) {
        interval.reset = true;
        const std::optional<double> seconds = d.seconds;
        interval.deltas = LogDeltas{};
        interval.deltas.seconds = seconds;
        series_.notes.push_back(fmt::format(
            "the counters went back at {}:{} (the database was activated again): that interval "
            "is left out",
            b.sources.front().file, b.sources.front().line));
      } else {
        interval.split = split_of(d);
        series_.total.add(d);
      }
      series_.intervals.push_back(std::move(interval));
    }
    series_.split = split_of(series_.total);
  }

  // What the collection as a whole leaves out, and which query or monitor gives it.
  void say_what_is_missing() {
    if (series_.readings.size() < 2) return;  // the verdict says what a second reading adds
    const auto never = [&](auto field) {
      return std::ranges::none_of(
          series_.readings, [&](const LogReading& r) { return (r.counters.*field).has_value(); });
    };
    if (never(&LogCounters::write_seconds) || never(&LogCounters::write_ios)) {
      series_.notes.push_back(
          "the log disk's time a write needs MON_GET_TRANSACTION_LOG's LOG_WRITE_TIME and "
          "NUM_LOG_WRITE_IO");
    }
    if (never(&LogCounters::hadr_wait_seconds)) {
      series_.notes.push_back(
          "the wait for HADR needs MON_GET_TRANSACTION_LOG's LOG_HADR_WAIT_TIME, or the primary's "
          "db2pd -hadr or MON_GET_HADR samples of the same moments");
    }
    if (never(&LogCounters::commits) || never(&LogCounters::commit_seconds)) {
      series_.notes.push_back(
          "the time a commit takes needs MON_GET_WORKLOAD's (or MON_GET_DATABASE's) "
          "TOTAL_COMMIT_TIME, TOTAL_APP_COMMITS and LOG_DISK_WAIT_TIME");
    }
    if (never(&LogCounters::log_position) && never(&LogCounters::log_pages)) {
      series_.notes.push_back("the log written needs CURRENT_LSO or LOG_WRITES (or db2pd -logs)");
    }
  }

  LogSeries series_;
  std::vector<Entry> entries_;
  std::vector<const HadrSample*> hadr_;
};

// Names of the databases the log counters are of; a reading that names none
// is of the only database there is, if there is one.
std::string database_for(const std::string& named, const std::set<std::string>& databases) {
  if (!named.empty() || databases.size() != 1) return named;
  return *databases.begin();
}

}  // namespace

void LogDeltas::add(const LogDeltas& o) {
  add_delta(seconds, o.seconds);
  add_delta(log_bytes, o.log_bytes);
  add_delta(rate_seconds, o.rate_seconds);
  add_delta(rated_bytes, o.rated_bytes);
  add_delta(pages, o.pages);
  add_delta(writes, o.writes);
  add_delta(write_seconds, o.write_seconds);
  add_delta(hadr_wait_seconds, o.hadr_wait_seconds);
  add_delta(hadr_waits, o.hadr_waits);
  add_delta(commit_seconds, o.commit_seconds);
  add_delta(disk_wait_seconds, o.disk_wait_seconds);
  add_delta(commits, o.commits);
}

std::optional<double> LogDeltas::log_rate() const {
  if (!rated_bytes || !rate_seconds || *rate_seconds <= 0) return std::nullopt;
  return static_cast<double>(*rated_bytes) / *rate_seconds;
}
std::optional<double> LogDeltas::pages_per_write() const {
  return ratio(pages, writes);
}
std::optional<double> LogDeltas::write_time() const {
  return ratio(write_seconds, writes);
}
std::optional<double> LogDeltas::write_time_per_mb() const {
  if (!write_seconds || !pages || *pages <= 0) return std::nullopt;
  return *write_seconds / (static_cast<double>(*pages) * kLogPageBytes / 1e6);
}
std::optional<double> LogDeltas::hadr_wait_per_wait() const {
  return ratio(hadr_wait_seconds, hadr_waits);
}
std::optional<double> LogDeltas::hadr_wait_per_write() const {
  return ratio(hadr_wait_seconds, writes);
}
std::optional<double> LogDeltas::commit_time() const {
  return ratio(commit_seconds, commits);
}
std::optional<double> LogDeltas::writes_per_second() const {
  if (!writes || !seconds || *seconds <= 0) return std::nullopt;
  return static_cast<double>(*writes) / *seconds;
}
std::optional<double> LogDeltas::commits_per_second() const {
  if (!commits || !seconds || *seconds <= 0) return std::nullopt;
  return static_cast<double>(*commits) / *seconds;
}

std::optional<double> CommitSplit::other_share() const {
  if (!other || total <= 0) return std::nullopt;
  return *other / total;
}

std::optional<CommitSplit> split_of(const LogDeltas& d) {
  if (!d.write_seconds || !d.writes || *d.writes <= 0) return std::nullopt;
  const double hadr = d.hadr_wait_seconds.value_or(0);
  const double flush = *d.write_seconds + hadr;
  if (!d.hadr_wait_seconds && !d.disk_wait_seconds) return std::nullopt;
  CommitSplit split;
  const auto commit_time = d.commit_time();
  if (commit_time && d.disk_wait_seconds && flush > 0) {
    // A commit's log disk wait is the flush it waited for: split as the logger's time was.
    const double waited = *d.disk_wait_seconds / static_cast<double>(*d.commits);
    split.per_commit = true;
    split.total = *commit_time;
    split.disk = waited * *d.write_seconds / flush;
    split.hadr = waited * hadr / flush;
    split.other = *commit_time - waited;
    return split;
  }
  if (!d.hadr_wait_seconds) return std::nullopt;
  const double writes = static_cast<double>(*d.writes);
  split.total = flush / writes;
  split.disk = *d.write_seconds / writes;
  split.hadr = hadr / writes;
  return split;
}

std::vector<LogSeries> log_series_of(const std::vector<MonitorFile>& files) {
  std::set<std::string> databases;
  for (const MonitorFile& file : files) {
    for (const LogSample& s : file.logs.samples) {
      if (!s.database.empty()) databases.insert(s.database);
    }
    for (const HadrSample& s : file.samples) {
      if (!s.database.empty()) databases.insert(s.database);
    }
  }
  std::map<std::string, SeriesBuilder> builders;
  for (const MonitorFile& file : files) {
    for (const LogSample& s : file.logs.samples) {
      const std::string database = database_for(s.database, databases);
      builders.try_emplace(database, database).first->second.add(s, file.name, file.logs.format);
    }
  }
  for (const MonitorFile& file : files) {
    for (const HadrSample& s : file.samples) {
      if (!s.is_primary() || s.log_stream_id.value_or(0) != 0) continue;
      const auto builder = builders.find(database_for(s.database, databases));
      if (builder != builders.end()) builder->second.add_hadr(s);
    }
  }
  std::vector<LogSeries> series;
  for (auto& [database, builder] : builders) series.push_back(builder.build());
  return series;
}

}  // namespace simhadr
