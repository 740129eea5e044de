// MON_GET_HADR rows, as CSV with a header row of column names, or as the CLP
// prints a query (names, a line of dashes giving each column's width, rows,
// "N record(s) selected."). Durations are milliseconds; a SAMPLE_TIME,
// CURRENT_TIMESTAMP or CURRENT_TIME column says when the row was taken, and a
// DB_NAME, DBNAME or CURRENT_SERVER column names the database.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/monitor/sample_builder.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

constexpr double kSecondsPerMillisecond = 0.001;
constexpr std::array<std::string_view, 4> kTimeColumns{"SAMPLE_TIME", "CURRENT_TIMESTAMP",
                                                       "CURRENT_TIME", "TIMESTAMP"};
constexpr std::array<std::string_view, 5> kDatabaseColumns{"DB_NAME", "DBNAME", "DATABASE",
                                                           "DATABASE_NAME", "CURRENT_SERVER"};

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
  MonGetHadrReader(const std::string& name, MonitorFormat format) : name_(name), format_(format) {}

  std::vector<HadrSample> read(const std::vector<std::string>& lines) {
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

  void read_csv(const std::vector<std::string>& lines) {
    std::string header_line;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string_view line = trimmed(lines[i]);
      if (line.empty()) continue;
      if (columns_.empty() || line == header_line) {
        if (columns_.empty()) {
          header_line = std::string(line);
          for (const std::string& name : csv_fields(line))
            columns_.push_back(upper_case(trimmed(name)));
        }
        continue;
      }
      const std::vector<std::string> values = csv_fields(line);
      if (values.size() != columns_.size()) {
        refuse(i + 1, fmt::format("{} values under a header of {} columns", values.size(),
                                  columns_.size()));
      }
      row(values, i + 1);
    }
  }

  void read_table(const std::vector<std::string>& lines) {
    std::vector<std::pair<std::size_t, std::size_t>> extents;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string_view line = lines[i];
      if (trimmed(line).empty()) {
        extents.clear();
        continue;
      }
      if (is_record_count(line)) {
        extents.clear();
        continue;
      }
      if (extents.empty()) {
        if (i + 1 >= lines.size() || !is_dash_line(lines[i + 1])) {
          refuse(i + 1, fmt::format("not a MON_GET_HADR table (column names, then a line of "
                                    "dashes): {}",
                                    shown(trimmed(line))));
        }
        extents = dash_extents(lines[i + 1]);
        columns_.clear();
        for (const auto& [start, end] : extents)
          columns_.push_back(upper_case(trimmed(cut(line, start, end))));
        ++i;
        continue;
      }
      std::vector<std::string> values;
      for (const auto& [start, end] : extents) values.emplace_back(trimmed(cut(line, start, end)));
      row(values, i + 1);
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
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      const std::string& column = columns_[i];
      const std::string_view value = trimmed(values[i]);
      if (std::ranges::find(kTimeColumns, column) != kTimeColumns.end()) {
        if (is_null_value(value)) continue;
        const auto stamped = parse_stamped_time(value);
        if (!stamped) refuse(number, fmt::format("{} is {}, not a time", column, shown(value)));
        builder.taken_at(stamped->local);
      } else if (std::ranges::find(kDatabaseColumns, column) != kDatabaseColumns.end()) {
        builder.database(upper_case(value));
      } else {
        builder.field(column, value, number);
      }
    }
    if (!builder.has_role()) refuse(number, "a row without HADR_ROLE");
    builders_.push_back(std::move(builder));
  }

  const std::string& name_;
  MonitorFormat format_;
  std::vector<std::string> columns_;
  std::vector<SampleBuilder> builders_;
};

}  // namespace

std::vector<HadrSample> read_mon_get_hadr(const std::vector<std::string>& lines,
                                          const std::string& name, MonitorFormat format) {
  return MonGetHadrReader(name, format).read(lines);
}

}  // namespace simhadr
