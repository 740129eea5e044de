// MON_GET_HADR rows, as CSV with a header row of column names, or as the CLP
// prints a query (names, a line of dashes giving each column's width, rows,
// "N record(s) selected."). Durations are milliseconds; a SAMPLE_TIME,
// CURRENT_TIMESTAMP or CURRENT_TIME column says when the row was taken, and a
// DB_NAME, DBNAME or CURRENT_SERVER column names the database.
#include <fmt/format.h>

#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "simhadr/monitor/log_sample.hpp"
#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/monitor/query_table.hpp"
#include "simhadr/monitor/sample_builder.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

constexpr double kSecondsPerMillisecond = 0.001;
// MON_GET_HADR's columns without the HADR_ prefix (V10.1 to 12.1), and
// MON_GET_TRANSACTION_LOG's two waits, which some collect beside them.
constexpr auto kColumns = std::to_array<std::string_view>({"REPLAY_TYPE",
                                                           "STANDBY_ID",
                                                           "LOG_STREAM_ID",
                                                           "PRIMARY_MEMBER_HOST",
                                                           "PRIMARY_INSTANCE",
                                                           "PRIMARY_MEMBER",
                                                           "STANDBY_MEMBER_HOST",
                                                           "STANDBY_INSTANCE",
                                                           "STANDBY_MEMBER",
                                                           "HEARTBEAT_INTERVAL",
                                                           "HEARTBEAT_MISSED",
                                                           "HEARTBEAT_EXPECTED",
                                                           "TIME_SINCE_LAST_RECV",
                                                           "PEER_WAIT_LIMIT",
                                                           "LOG_HADR_WAIT_CUR",
                                                           "LOG_HADR_WAIT_RECENT_AVG",
                                                           "LOG_HADR_WAIT_ACCUMULATED",
                                                           "LOG_HADR_WAIT_COUNT",
                                                           "LOG_HADR_WAIT_TIME",
                                                           "LOG_HADR_WAITS_TOTAL",
                                                           "SOCK_SEND_BUF_REQUESTED",
                                                           "SOCK_SEND_BUF_ACTUAL",
                                                           "SOCK_RECV_BUF_REQUESTED",
                                                           "SOCK_RECV_BUF_ACTUAL",
                                                           "SOCK_SEND_BUF",
                                                           "SOCK_RECV_BUF",
                                                           "PRIMARY_LOG_FILE",
                                                           "PRIMARY_LOG_PAGE",
                                                           "PRIMARY_LOG_POS",
                                                           "STANDBY_LOG_FILE",
                                                           "STANDBY_LOG_PAGE",
                                                           "STANDBY_LOG_POS",
                                                           "STANDBY_REPLAY_LOG_FILE",
                                                           "STANDBY_REPLAY_LOG_PAGE",
                                                           "STANDBY_REPLAY_LOG_POS",
                                                           "STANDBY_RECV_REPLAY_GAP",
                                                           "PRIMARY_LOG_TIME",
                                                           "STANDBY_LOG_TIME",
                                                           "STANDBY_REPLAY_LOG_TIME",
                                                           "STANDBY_RECV_BUF_SIZE",
                                                           "STANDBY_RECV_BUF_PERCENT",
                                                           "STANDBY_SPOOL_LIMIT",
                                                           "STANDBY_SPOOL_PERCENT",
                                                           "STANDBY_ERROR_TIME",
                                                           "PEER_WINDOW",
                                                           "PEER_WINDOW_END",
                                                           "READS_ON_STANDBY_ENABLED",
                                                           "STANDBY_REPLAY_ONLY_WINDOW_ACTIVE",
                                                           "STANDBY_REPLAY_ONLY_WINDOW_START",
                                                           "STANDBY_REPLAY_ONLY_WINDOW_TRAN_COUNT",
                                                           "STANDBY_REPLAY_DELAY",
                                                           "TAKEOVER_APP_REMAINING_PRIMARY",
                                                           "TAKEOVER_APP_REMAINING_STANDBY",
                                                           "STANDBY_LOG_DEVICE_FULL"});

// What each figure -diagnose derives needs, for a table that selected only some columns.
struct Need {
  std::string_view figure;
  std::vector<std::string_view> columns;
};
const std::array<Need, 6> kNeeds{{
    {"the side (primary or standby)", {"HADR_ROLE"}},
    {"the time of each row, for rates", {"CURRENT_TIMESTAMP"}},
    {"the log, shipping and replay rates and the gap",
     {"PRIMARY_LOG_POS", "STANDBY_LOG_POS", "STANDBY_REPLAY_LOG_POS"}},
    {"the wait a log write makes for HADR", {"LOG_HADR_WAIT_ACCUMULATED", "LOG_HADR_WAIT_COUNT"}},
    {"a blocked standby", {"HADR_FLAGS"}},
    {"the standby's buffer and spool",
     {"STANDBY_RECV_BUF_SIZE", "STANDBY_RECV_BUF_PERCENT", "STANDBY_SPOOL_LIMIT"}},
}};

class MonGetHadrReader {
 public:
  MonGetHadrReader(const std::string& name, MonitorFormat format,
                   std::vector<std::size_t>& other_lines, const ColumnHeadings& headings)
      : name_(name), format_(format), other_lines_(&other_lines), headings_(headings) {}

  std::vector<HadrSample> read(const std::vector<TextLine>& lines) {
    std::vector<QueryTable> tables;
    if (format_ == MonitorFormat::MonGetHadrCsv) {
      tables = csv_tables(lines, headings_, name_, *other_lines_);
    } else {
      tables = clp_tables(lines, headings_, *other_lines_);
    }
    for (const QueryTable& table : tables) {
      if (names_log_counters(table.columns)) continue;  // MON_GET_TRANSACTION_LOG's, read apart
      columns_ = table.columns;
      counters_beside_ =
          counters_beside_ || std::ranges::any_of(columns_, [](const std::string& c) {
            return is_log_counter_column(c);
          });
      ++table_;
      for (const QueryRow& row : table.rows) this->row(row.values, row.line);
    }
    return finish_all(std::move(builders_));
  }

 private:
  [[noreturn]] void refuse(std::size_t number, std::string_view why) const {
    throw MonitorInputError(fmt::format("{}:{}: {}", name_, number, why));
  }

  void row(const std::vector<std::string>& values, std::size_t number) {
    SampleBuilder builder(SourceLine{name_, number}, format_, kSecondsPerMillisecond);
    builder.run(table_);
    std::optional<double> in_day;                        // a time column with no date
    std::optional<std::string> local_host, remote_host;  // SNAPHADR's
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      const std::string& column = columns_[i];
      const std::string_view value = trimmed(values[i]);
      if (is_time_column(column, value)) {
        if (is_null_value(value)) continue;
        timed_ = true;
        if (const auto stamped = parse_stamped_time(value)) {
          builder.taken_at(stamped->local);
        } else if ((in_day = time_of_day_value(value)); !in_day) {
          refuse(number, fmt::format("{} is {}, not a time", column, shown(value)));
        }
      } else if (is_database_column_name(column)) {
        builder.database(upper_case(value));
      } else if (column == "HADR_LOCAL_HOST" || column == "HADR_REMOTE_HOST") {
        (column == "HADR_LOCAL_HOST" ? local_host : remote_host) = std::string(value);
      } else {
        builder.field(column, value, number);
      }
    }
    if (in_day) builder.taken_at(dated(*in_day, builder.latest_time_field()));
    // SNAPHADR names this database's host and its partner's; the role says which is the standby.
    if (builder.has_role() && (local_host || remote_host)) {
      const bool primary = builder.role() == "PRIMARY";
      builder.field("PRIMARY_MEMBER_HOST", (primary ? local_host : remote_host).value_or(""),
                    number);
      builder.field("STANDBY_MEMBER_HOST", (primary ? remote_host : local_host).value_or(""),
                    number);
    }
    builders_.push_back(std::move(builder));
  }

  // A time column by its name; or, where the query named none, a column the
  // CLP numbered ("1": an unnamed `current timestamp`) that holds a timestamp.
  bool is_time_column(const std::string& column, std::string_view value) const {
    return is_time_column_name(column) || is_numbered_time(column, value, columns_);
  }

  bool has_named_time_column() const {
    return std::ranges::any_of(columns_,
                               [](const std::string& c) { return is_time_column_name(c); });
  }

  // A time of day (CURRENT_TIME) on a date: that of the row's latest time
  // field (the connection's, the last log record's), the first such moment
  // after it; without one, the day after the last row's when the clock came
  // round past midnight.
  double dated(double in_day, std::optional<double> before) {
    constexpr double kDay = 86400;
    if (before) {
      double time = std::floor(*before / kDay) * kDay + in_day;
      if (time < *before) time += kDay;
      return time;
    }
    return undated_.date(in_day);
  }

 public:
  // What the columns leave out: which figures need which columns.
  std::vector<std::string> notes() const {
    std::vector<std::string> notes;
    const auto has = [&](std::string_view column) {
      if (column == "CURRENT_TIMESTAMP") return timed_ || has_named_time_column();
      return std::ranges::find(columns_, column) != columns_.end();
    };
    for (const Need& need : kNeeds) {
      std::vector<std::string_view> missing;
      std::ranges::copy_if(need.columns, std::back_inserter(missing),
                           [&](std::string_view c) { return !has(c); });
      if (missing.size() == need.columns.size()) {
        notes.push_back(fmt::format("{} would come from {}, which the query left out", need.figure,
                                    fmt::join(need.columns, ", ")));
      }
    }
    if (undated_.used()) notes.emplace_back(kUndatedTimesNote);
    if (counters_beside_) {
      notes.push_back(
          "the log counters selected beside MON_GET_HADR's columns are not read: query "
          "MON_GET_TRANSACTION_LOG on its own, as docs/diagnose.md shows");
    }
    return notes;
  }

 private:
  const std::string& name_;
  MonitorFormat format_;
  std::vector<std::size_t>* other_lines_;
  const ColumnHeadings& headings_;
  std::vector<std::string> columns_;
  std::vector<SampleBuilder> builders_;
  std::size_t table_ = 0;
  bool timed_ = false;  // a row had its time
  TimeOfDayDates undated_;
  bool counters_beside_ = false;  // a join selected log counters too
};

}  // namespace

std::vector<HadrSample> read_mon_get_hadr(const std::vector<TextLine>& lines, MonitorFile& file,
                                          const ColumnHeadings& headings) {
  MonGetHadrReader reader(file.name, file.format, file.other_lines, headings);
  std::vector<HadrSample> samples = reader.read(lines);
  std::ranges::copy(reader.notes(), std::back_inserter(file.notes));
  return samples;
}

bool is_mon_get_hadr_column(std::string_view name) {
  return name.starts_with("HADR_") || std::ranges::find(kColumns, name) != kColumns.end();
}

}  // namespace simhadr
