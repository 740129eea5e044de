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

#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/monitor/sample_builder.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

constexpr double kSecondsPerMillisecond = 0.001;
constexpr std::array<std::string_view, 5> kTimeColumns{
    "SAMPLE_TIME", "CURRENT_TIMESTAMP", "CURRENT_TIME", "TIMESTAMP", "SNAPSHOT_TIMESTAMP"};
constexpr std::array<std::string_view, 5> kDatabaseColumns{"DB_NAME", "DBNAME", "DATABASE",
                                                           "DATABASE_NAME", "CURRENT_SERVER"};
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

// "13.57.23" or "13:57:23", as CURRENT_TIME gives it: seconds into a day.
std::optional<double> time_of_day_value(std::string_view text) {
  int hour = 0, minute = 0, second = 0, used = 0;
  const std::string value(text);
  char a = 0, b = 0;
  if (std::sscanf(value.c_str(), "%2d%c%2d%c%2d%n", &hour, &a, &minute, &b, &second, &used) != 5 ||
      static_cast<std::size_t>(used) != value.size() || a != b || (a != ':' && a != '.') ||
      hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) {
    return std::nullopt;
  }
  return hour * 3600.0 + minute * 60.0 + second;
}

// A statement the CLP echoed, or the command that ran it, between tables.
bool is_statement(std::string_view line) {
  const std::string text = upper_case(trimmed(line));
  for (const std::string_view word : {"SELECT ", "FROM ", "WHERE ", "DB2 ", "$ ", "# "}) {
    if (text.starts_with(word)) return true;
  }
  return text.find("MON_GET_HADR") != std::string::npos || text.starts_with("DB2") ||
         text.ends_with(";");
}

// One CSV record: commas apart, a field in double quotes may hold commas and "" for a quote.
std::vector<std::string> csv_fields(std::string_view line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  return fields;
}

bool is_dash_line(std::string_view line) {
  line = trimmed(line);
  return !line.empty() && line.find_first_not_of("- ") == std::string_view::npos &&
         line.front() == '-';
}

bool is_record_count(std::string_view line) {
  return trimmed(line).ends_with("record(s) selected.");
}

class MonGetHadrReader {
 public:
  MonGetHadrReader(const std::string& name, MonitorFormat format,
                   std::vector<std::size_t>& other_lines, const ColumnHeadings& headings)
      : name_(name), format_(format), other_lines_(&other_lines), headings_(headings) {}

  std::vector<HadrSample> read(const std::vector<TextLine>& lines) {
    if (format_ == MonitorFormat::MonGetHadrCsv) {
      read_csv(lines);
    } else {
      read_table(lines);
    }
    return finish_all(std::move(builders_));
  }

 private:
  [[noreturn]] void refuse(std::size_t number, std::string_view why) const {
    throw MonitorInputError(fmt::format("{}:{}: {}", name_, number, why));
  }

  void read_csv(const std::vector<TextLine>& lines) {
    std::string header_line;
    for (const TextLine& text : lines) {
      const std::string_view line = trimmed(text.text);
      const std::size_t number = text.number;
      if (line.empty()) continue;
      if (columns_.empty() || line == header_line) {
        if (columns_.empty()) {
          header_line = std::string(line);
          for (const std::string& name : csv_fields(line))
            columns_.push_back(column_named(upper_case(trimmed(name)), headings_));
        }
        continue;
      }
      if (columns_.size() > 1 && line.find(',') == std::string_view::npos) {
        other_lines_->push_back(number);  // a label or a fence among the rows
        continue;
      }
      const std::vector<std::string> values = csv_fields(line);
      if (values.size() != columns_.size()) {
        refuse(number, fmt::format("{} values under a header of {} columns", values.size(),
                                   columns_.size()));
      }
      row(values, number);
    }
  }

  void read_table(const std::vector<TextLine>& lines) {
    std::vector<std::pair<std::size_t, std::size_t>> extents;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string_view line = lines[i].text;
      const std::size_t number = lines[i].number;
      if (trimmed(line).empty() || is_record_count(line)) {
        extents.clear();
        continue;
      }
      if (extents.empty()) {
        std::size_t next = i + 1;
        while (next < lines.size() && trimmed(lines[next].text).empty()) ++next;
        if (next < lines.size() && is_dash_line(lines[next].text)) {
          extents = dash_extents(lines[next].text);
          columns_.clear();
          for (const auto& [start, end] : extents)
            columns_.push_back(column_named(upper_case(trimmed(cut(line, start, end))), headings_));
          ++table_;
          i = next;
          continue;
        }
        if (!is_statement(line)) other_lines_->push_back(number);
        continue;
      }
      std::vector<std::string> values;
      for (const auto& [start, end] : extents) values.emplace_back(trimmed(cut(line, start, end)));
      row(values, number);
    }
  }

  static std::vector<std::pair<std::size_t, std::size_t>> dash_extents(std::string_view dashes) {
    std::vector<std::pair<std::size_t, std::size_t>> extents;
    std::size_t at = 0;
    while ((at = dashes.find('-', at)) != std::string_view::npos) {
      const std::size_t end = std::min(dashes.find(' ', at), dashes.size());
      extents.emplace_back(at, end);
      at = end;
    }
    // The last column runs to the end of its line, however long.
    if (!extents.empty()) extents.back().second = std::string_view::npos;
    return extents;
  }

  static std::string cut(std::string_view line, std::size_t start, std::size_t end) {
    if (start >= line.size()) return {};
    return std::string(line.substr(start, end == std::string_view::npos ? end : end - start));
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
      } else if (std::ranges::find(kDatabaseColumns, column) != kDatabaseColumns.end()) {
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
    if (std::ranges::find(kTimeColumns, column) != kTimeColumns.end()) return true;
    const bool numbered = !column.empty() && std::ranges::all_of(column, [](char c) {
      return std::isdigit(static_cast<unsigned char>(c));
    });
    return numbered && !has_named_time_column() && parse_stamped_time(value).has_value();
  }

  bool has_named_time_column() const {
    return std::ranges::any_of(columns_, [](const std::string& c) {
      return std::ranges::find(kTimeColumns, c) != kTimeColumns.end();
    });
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
    double time = days_ * kDay + in_day;
    if (last_time_of_day_ && time < *last_time_of_day_) {
      ++days_;
      time += kDay;
    }
    last_time_of_day_ = time;
    return time;
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
    if (days_ > 0 || last_time_of_day_) {
      notes.push_back(
          "the time column holds no date: rows are taken to follow each other within "
          "a day");
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
  int days_ = 0;
  std::optional<double> last_time_of_day_;
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
