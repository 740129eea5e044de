#include "simhadr/monitor/log_series.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

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
constexpr double kDay = 86400;

template <typename T>
std::optional<T> moved(const std::optional<T>& before, const std::optional<T>& after, bool& reset) {
  if (!before || !after) return std::nullopt;
  if (*after < *before) reset = true;
  return *after - *before;
}

// The counters a reading has, by name: what tells one query's readings from another's.
std::string signature(const LogCounters& counters) {
  std::vector<std::string_view> names;
  for (const std::string_view name : LogCounters::names()) {
    if (counters.has(name)) names.push_back(name);
  }
  return fmt::format("{}", fmt::join(names, ","));
}

struct Entry {
  std::string source;  // file, format and counters: one series of readings
  std::string file;
  LogSample sample;
};

class SeriesBuilder {
 public:
  explicit SeriesBuilder(std::string database) { series_.database = std::move(database); }

  void add(const LogSample& sample, const std::string& file, const std::string& format) {
    if (std::ranges::find(series_.sources, format) == series_.sources.end()) {
      series_.sources.push_back(format);
    }
    entries_.push_back(
        Entry{fmt::format("{}\n{}\n{}", file, format, signature(sample.counters)), file, sample});
  }

  void add_hadr(const HadrSample& sample) { hadr_.push_back(&sample); }

  LogSeries build() {
    date_times_of_day();
    rank_sources();
    for (const Entry& e : entries_) {
      for (const std::string_view name : LogCounters::names()) {
        if (e.sample.counters.has(name)) given_.insert(std::string(name));
      }
    }
    group();
    say_what_was_left_out();
    join_hadr();
    intervals();
    say_what_is_missing();
    return std::move(series_);
  }

 private:
  // Times of day (a CURRENT_TIME column) go on the date of the dated readings.
  void date_times_of_day() {
    std::optional<double> dated;
    for (const HadrSample* h : hadr_) {
      if (h->local_time) dated = std::min(dated.value_or(*h->local_time), *h->local_time);
    }
    for (const Entry& e : entries_) {
      if (e.sample.time && !e.sample.day_only)
        dated = std::min(dated.value_or(*e.sample.time), *e.sample.time);
    }
    const bool undated =
        std::ranges::any_of(entries_, [](const Entry& e) { return e.sample.day_only; });
    if (!dated || !undated) return;
    const double day = std::floor(*dated / kDay) * kDay;
    for (Entry& e : entries_) {
      if (e.sample.day_only && e.sample.time) *e.sample.time += day;
    }
    series_.notes.push_back(
        fmt::format("times of day without a date are put on {}, the day of the dated readings",
                    wall_clock_text(day).substr(0, 10)));
  }

  // Where two sources give one counter at one moment (two hosts' db2pd -logs),
  // the one further on in the log (the primary, ahead of its standby), then
  // the one with more readings, is kept.
  void rank_sources() {
    for (const Entry& e : entries_) {
      auto& [position, count] = rank_[e.source];
      position = std::max(position, e.sample.counters.log_position.value_or(0));
      ++count;
    }
  }

  std::string file_of(const std::string& source) const {
    return source.substr(0, source.find('\n'));
  }

  // Each counter of a reading is tagged with its source: a delta is only ever
  // of one source's counter (never one host's against another's).
  void merge(LogReading& into, const Entry& e) {
    if (!into.time) into.time = e.sample.time;
    into.sources.push_back(e.sample.source);
    into.rows[e.source] = e.sample.rows;
    for (const std::string_view name : LogCounters::names()) {
      if (!e.sample.counters.has(name)) continue;
      const std::string key(name);
      const auto tagged = into.from.find(key);
      if (tagged != into.from.end() && rank_[tagged->second] >= rank_[e.source]) {
        left_out_[file_of(e.source)].insert(key);
        continue;
      }
      if (tagged != into.from.end()) left_out_[file_of(tagged->second)].insert(key);
      into.counters.take(e.sample.counters, name);
      into.from[key] = e.source;
    }
  }

  void say_what_was_left_out() {
    for (const auto& [file, names] : left_out_) {
      series_.notes.push_back(fmt::format(
          "{}: its {} left out where another source gave them at the same moment (two hosts? "
          "the one further on in the log, the primary, is kept)",
          file, fmt::join(names, ", ")));
    }
  }

  // Readings of sources this close are one moment: half the shortest of the
  // sources' median sampling intervals, at most 2 s.
  double tolerance() const {
    std::map<std::string, std::vector<double>> times;
    for (const Entry& e : entries_) {
      if (e.sample.time) times[e.source].push_back(*e.sample.time);
    }
    double least = kMostApartSeconds;
    for (auto& [source, list] : times) {
      std::ranges::sort(list);
      std::vector<double> gaps;
      for (std::size_t i = 1; i < list.size(); ++i) gaps.push_back(list[i] - list[i - 1]);
      if (gaps.empty()) continue;
      std::ranges::nth_element(gaps, gaps.begin() + static_cast<std::ptrdiff_t>(gaps.size() / 2));
      const double median = gaps[gaps.size() / 2];
      if (median > 0) least = std::min(least, median / 2);
    }
    return least;
  }

  void group() {
    const bool timed =
        std::ranges::all_of(entries_, [](const Entry& e) { return e.sample.time.has_value(); });
    if (!timed) {
      // Without times, the k-th reading of each source is the k-th moment.
      std::map<std::string, std::size_t> index;
      for (const Entry& e : entries_) {
        const std::size_t k = index[e.source]++;
        if (series_.readings.size() <= k) series_.readings.emplace_back();
        merge(series_.readings[k], e);
      }
      if (std::ranges::any_of(entries_, [](const Entry& e) { return e.sample.time.has_value(); })) {
        series_.notes.push_back("some readings have no time: no rates from them");
      }
      return;
    }
    const double within = tolerance();
    std::ranges::stable_sort(entries_, {}, [](const Entry& e) { return *e.sample.time; });
    std::set<std::string> in_reading;
    for (const Entry& e : entries_) {
      if (series_.readings.empty() || *e.sample.time - *series_.readings.back().time > within ||
          in_reading.contains(e.source)) {
        series_.readings.push_back(LogReading{e.sample.time, {}, {}, {}, {}});
        in_reading.clear();
      }
      in_reading.insert(e.source);
      merge(series_.readings.back(), e);
    }
  }

  // The primary's HADR samples give the wait and the position where no counter does.
  void join_hadr() {
    const double within = tolerance();
    for (LogReading& reading : series_.readings) {
      if (!reading.time) continue;
      const HadrSample* nearest = nullptr;
      for (const HadrSample* s : hadr_) {
        if (!s->local_time || std::abs(*s->local_time - *reading.time) > within) continue;
        if (!nearest || std::abs(*s->local_time - *reading.time) <
                            std::abs(*nearest->local_time - *reading.time)) {
          nearest = s;
        }
      }
      if (!nearest) continue;
      LogCounters from;
      from.hadr_wait_seconds = nearest->wait_accumulated;
      from.hadr_waits = nearest->wait_count;
      from.log_position = nearest->primary_pos;
      bool joined = false;
      for (const std::string_view name :
           {"LOG_HADR_WAIT_TIME", "LOG_HADR_WAITS_TOTAL", "CURRENT_LSO"}) {
        if (given_.contains(std::string(name)) || !from.has(name)) continue;
        reading.counters.take(from, name);
        reading.from[std::string(name)] = "HADR samples";
        joined = true;
        if (name == "CURRENT_LSO") series_.position_from_hadr = true;
      }
      if (joined) {
        series_.joined_hadr = true;
        reading.sources.push_back(nearest->source);
      }
    }
  }

  // Why an interval cannot be read: a counter went back, or the rows summed
  // into a source's readings differ (a member down, a workload added).
  std::optional<std::string> left_out(const LogReading& a, const LogReading& b, bool reset) const {
    const SourceLine& at = b.sources.front();
    for (const auto& [source, rows] : b.rows) {
      const auto before = a.rows.find(source);
      if (before != a.rows.end() && before->second != rows) {
        return fmt::format(
            "{}:{} sums {} rows where the reading before summed {} (a member down, a workload "
            "added): that interval is left out",
            at.file, at.line, rows, before->second);
      }
    }
    if (reset) {
      return fmt::format(
          "the counters went back at {}:{} (the database was activated again): that interval is "
          "left out",
          at.file, at.line);
    }
    return std::nullopt;
  }

  // Each counter's move between two readings, where one source gave it in both.
  static LogDeltas deltas(const LogReading& a, const LogReading& b, bool& reset) {
    LogCounters x, y;
    for (const auto& [name, source] : b.from) {
      const auto before = a.from.find(name);
      if (before == a.from.end() || before->second != source) continue;
      x.take(a.counters, name);
      y.take(b.counters, name);
    }
    LogDeltas d;
    if (a.time && b.time) d.seconds = *b.time - *a.time;
    d.log_bytes = moved(x.log_position, y.log_position, reset);
    d.pages = moved(x.log_pages, y.log_pages, reset);
    d.writes = moved(x.write_ios, y.write_ios, reset);
    d.write_seconds = moved(x.write_seconds, y.write_seconds, reset);
    d.hadr_wait_seconds = moved(x.hadr_wait_seconds, y.hadr_wait_seconds, reset);
    d.hadr_waits = moved(x.hadr_waits, y.hadr_waits, reset);
    d.commit_seconds = moved(x.commit_seconds, y.commit_seconds, reset);
    d.commits = moved(x.commits, y.commits, reset);
    d.disk_wait_seconds = moved(x.disk_wait_seconds, y.disk_wait_seconds, reset);
    return d;
  }

  void intervals() {
    LogDeltas complete;  // of the intervals that split a commit: the series' split
    for (std::size_t i = 1; i < series_.readings.size(); ++i) {
      const LogReading& a = series_.readings[i - 1];
      const LogReading& b = series_.readings[i];
      LogInterval interval{b, {}, false, std::nullopt};
      bool reset = false;
      LogDeltas d = deltas(a, b, reset);
      if (!d.log_bytes && d.pages) {
        // Partial pages are written again at each flush: pages overstate the log.
        d.log_bytes = *d.pages * static_cast<std::int64_t>(kLogPageBytes);
        series_.log_bytes_from_pages = true;
      }
      if (d.log_bytes && d.seconds && *d.seconds > 0) {
        d.rated_bytes = d.log_bytes;
        d.rate_seconds = d.seconds;
      }
      if (const auto why = left_out(a, b, reset)) {
        interval.reset = true;
        interval.deltas.seconds = d.seconds;
        series_.notes.push_back(*why);
      } else {
        interval.deltas = d;
        interval.split = split_of(d);
        series_.total.add(d);
        if (interval.split) complete.add(d);
      }
      series_.intervals.push_back(std::move(interval));
    }
    series_.split = split_of(complete);
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
  std::map<std::string, std::pair<std::int64_t, std::size_t>> rank_;  // position, readings
  std::map<std::string, std::set<std::string>> left_out_;  // file -> counters another gave
  std::set<std::string> given_;                            // counters any source gives
};

// Names of the databases the log counters are of; a reading that names none
// is of the only database there is, if there is one.
std::string database_for(const std::string& named, const std::set<std::string>& databases) {
  if (!named.empty() || databases.size() != 1) return named;
  return *databases.begin();
}

}  // namespace

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
