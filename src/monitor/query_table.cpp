#include "simhadr/monitor/query_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>

#include "simhadr/monitor/hadr_sample.hpp"
#include "simhadr/monitor/log_sample.hpp"
#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/monitor/sample_builder.hpp"

namespace simhadr {

namespace {

constexpr std::array<std::string_view, 5> kTimeColumns{
    "SAMPLE_TIME", "CURRENT_TIMESTAMP", "CURRENT_TIME", "TIMESTAMP", "SNAPSHOT_TIMESTAMP"};
constexpr std::array<std::string_view, 5> kDatabaseColumns{"DB_NAME", "DBNAME", "DATABASE",
                                                           "DATABASE_NAME", "CURRENT_SERVER"};

bool is_record_count(std::string_view line) {
  return trimmed(line).ends_with("record(s) selected.");
}

std::vector<std::pair<std::size_t, std::size_t>> dash_extents(std::string_view dashes) {
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

std::string cut(std::string_view line, std::size_t start, std::size_t end) {
  if (start >= line.size()) return {};
  return std::string(line.substr(start, end == std::string_view::npos ? end : end - start));
}

}  // namespace

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

std::vector<std::string_view> split_on(std::string_view line, std::string_view separators) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while ((at = line.find_first_not_of(separators, at)) != std::string_view::npos) {
    const std::size_t end = std::min(line.find_first_of(separators, at), line.size());
    words.push_back(trimmed(line.substr(at, end - at)));
    at = end;
  }
  return words;
}

bool is_dash_line(std::string_view line) {
  line = trimmed(line);
  return !line.empty() && line.find_first_not_of("- ") == std::string_view::npos &&
         line.front() == '-';
}

bool is_statement(std::string_view line) {
  const std::string text = upper_case(trimmed(line));
  for (const std::string_view word : {"SELECT ", "FROM ", "WHERE ", "DB2 ", "$ ", "# "}) {
    if (text.starts_with(word)) return true;
  }
  return text.find("MON_GET_") != std::string::npos || text.starts_with("DB2") ||
         text.ends_with(";");
}

bool is_time_column_name(std::string_view column) {
  return std::ranges::find(kTimeColumns, column) != kTimeColumns.end();
}

bool is_database_column_name(std::string_view column) {
  return std::ranges::find(kDatabaseColumns, column) != kDatabaseColumns.end();
}

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

std::vector<QueryTable> clp_tables(const std::vector<TextLine>& lines,
                                   const ColumnHeadings& headings,
                                   std::vector<std::size_t>& other_lines) {
  std::vector<QueryTable> tables;
  std::vector<std::pair<std::size_t, std::size_t>> extents;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = lines[i].text;
    const std::size_t number = lines[i].number;
    if (trimmed(line).empty() || is_record_count(line)) {
      if (!tables.empty() && is_record_count(line)) tables.back().frame_lines.push_back(number);
      extents.clear();
      continue;
    }
    if (extents.empty()) {
      std::size_t next = i + 1;
      while (next < lines.size() && trimmed(lines[next].text).empty()) ++next;
      if (next < lines.size() && is_dash_line(lines[next].text)) {
        extents = dash_extents(lines[next].text);
        QueryTable& table = tables.emplace_back();
        table.line = number;
        table.frame_lines.push_back(lines[next].number);
        for (const auto& [start, end] : extents)
          table.columns.push_back(
              column_named(upper_case(trimmed(cut(line, start, end))), headings));
        i = next;
        continue;
      }
      if (!is_statement(line)) other_lines.push_back(number);
      continue;
    }
    QueryRow& row = tables.back().rows.emplace_back();
    row.line = number;
    for (const auto& [start, end] : extents)
      row.values.emplace_back(trimmed(cut(line, start, end)));
  }
  return tables;
}

namespace {

// A line of CSV that names monitor columns: each field a name, one of them a
// known column by its own name (a numbered heading a data field could be is none).
bool names_csv_columns(const std::vector<std::string>& columns) {
  const bool names = std::ranges::all_of(columns, [](const std::string& c) {
    return !c.empty() && std::ranges::all_of(c, [](char ch) {
      return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
    });
  });
  return names && std::ranges::any_of(columns, [](const std::string& c) {
           return is_mon_get_hadr_column(c) || is_time_column_name(c) || is_log_counter_column(c);
         });
}

}  // namespace

std::vector<QueryTable> csv_tables(const std::vector<TextLine>& lines,
                                   const ColumnHeadings& headings, const std::string& file,
                                   std::vector<std::size_t>& other_lines) {
  std::vector<QueryTable> tables;
  std::string header_line;
  for (const TextLine& text : lines) {
    const std::string_view line = trimmed(text.text);
    if (line.empty() || line == header_line) continue;
    std::vector<std::string> values = csv_fields(line);
    for (std::string& value : values) value = std::string(trimmed(value));
    std::vector<std::string> names;
    for (const std::string& value : values) names.push_back(upper_case(value));
    if (tables.empty() || names_csv_columns(names)) {
      std::vector<std::string> columns;
      for (const std::string& name : names) columns.push_back(column_named(name, headings));
      header_line = std::string(line);
      tables.push_back(QueryTable{text.number, std::move(columns), {}, {}});
      continue;
    }
    QueryTable& table = tables.back();
    if (table.columns.size() > 1 && line.find(',') == std::string_view::npos) {
      other_lines.push_back(text.number);  // a label or a fence among the rows
      continue;
    }
    if (values.size() != table.columns.size()) {
      throw MonitorInputError(fmt::format("{}:{}: {} values under a header of {} columns", file,
                                          text.number, values.size(), table.columns.size()));
    }
    table.rows.push_back(QueryRow{text.number, std::move(values)});
  }
  return tables;
}

double TimeOfDayDates::date(double seconds_in_day) {
  constexpr double kDay = 86400;
  double time = days_ * kDay + seconds_in_day;
  if (last_ && time < *last_) {
    ++days_;
    time += kDay;
  }
  last_ = time;
  return time;
}

bool is_numbered_time(const std::string& column, std::string_view value,
                      const std::vector<std::string>& columns) {
  const bool numbered = !column.empty() && std::ranges::all_of(column, [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
  return numbered &&
         std::ranges::none_of(columns,
                              [](const std::string& c) { return is_time_column_name(c); }) &&
         parse_stamped_time(value).has_value();
}

}  // namespace simhadr
