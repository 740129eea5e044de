// Log and commit counters from a query of MON_GET_TRANSACTION_LOG,
// MON_GET_WORKLOAD or MON_GET_DATABASE: a CLP table, CSV with a header row, or
// rows without one (db2 -x, EXPORT ... OF DEL) read by the SELECT in the file.
// Times are milliseconds, as every monitor table function gives them.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <iterator>
#include <set>

#include "simhadr/monitor/log_runs.hpp"
#include "simhadr/monitor/log_sample.hpp"
#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/monitor/query_table.hpp"
#include "simhadr/monitor/sample_builder.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

constexpr std::array<std::string_view, 3> kFunctions{"MON_GET_TRANSACTION_LOG", "MON_GET_WORKLOAD",
                                                     "MON_GET_DATABASE"};

// The table function a statement calls, if it names one.
std::string_view function_in(std::string_view line) {
  const std::string text = upper_case(line);
  for (const std::string_view function : kFunctions) {
    if (text.find(function) != std::string::npos) return function;
  }
  return {};
}

class QueryCounterReader {
 public:
  QueryCounterReader(const std::vector<TextLine>& lines, const std::string& file,
                     const ColumnHeadings& headings)
      : lines_(lines), file_(file), headings_(headings) {}

  LogCounterFile read() {
    std::vector<std::size_t> ignored;
    std::vector<QueryTable> tables = clp_tables(lines_, headings_, ignored);
    std::erase_if(tables, [](const QueryTable& t) { return !names_log_counters(t.columns); });
    std::string kind = "table";
    if (tables.empty()) {
      if (const auto header = csv_header()) {
        std::vector<TextLine> from(lines_.begin() + static_cast<std::ptrdiff_t>(*header),
                                   lines_.end());
        tables = csv_tables(from, headings_, file_, ignored);
        std::erase_if(tables, [](const QueryTable& t) { return !names_log_counters(t.columns); });
        kind = "CSV";
      } else if (auto rows = headless_rows(); !rows.empty()) {
        tables = std::move(rows);
        kind = "rows (db2 -x or DEL)";
      }
    }
    for (const QueryTable& table : tables) read_table(table);
    result_.samples = runs_.finish();
    if (!result_.samples.empty()) {
      result_.format = fmt::format("{} {}", fmt::join(functions_, " and "), kind);
      if (undated_.used()) result_.notes.emplace_back(kUndatedTimesNote);
    }
    return std::move(result_);
  }

 private:
  // A CSV header naming log counters: the line's fields all names.
  std::optional<std::size_t> csv_header() const {
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      const std::string_view line = trimmed(lines_[i].text);
      if (line.find(',') == std::string_view::npos) continue;
      std::vector<std::string> columns;
      for (const std::string& field : csv_fields(line))
        columns.push_back(column_named(upper_case(trimmed(field)), headings_));
      const bool names = std::ranges::all_of(columns, [](const std::string& c) {
        return !c.empty() && std::ranges::all_of(c, [](char ch) {
          return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
        });
      });
      if (names && names_log_counters(columns)) return i;
    }
    return std::nullopt;
  }

  // Rows the CLP printed without headings (db2 -x) or EXPORT wrote as DEL, a
  // table for each SELECT the file holds: its rows are those after it, their
  // columns by position in its select list.
  std::vector<QueryTable> headless_rows() const {
    std::vector<QueryTable> tables;
    std::vector<SelectList> lists = select_lists(lines_);
    std::erase_if(lists, [](const SelectList& l) { return !names_log_counters(l.columns); });
    for (const TextLine& text : lines_) {
      const std::string_view line = trimmed(text.text);
      if (line.empty() || is_statement(line)) continue;
      const auto list = std::ranges::find_if(
          lists.rbegin(), lists.rend(), [&](const SelectList& l) { return l.line < text.number; });
      if (list == lists.rend()) continue;
      if (tables.empty() || tables.back().line != list->line) {
        tables.push_back(QueryTable{list->line, list->columns, {}, {}});
      }
      std::vector<std::string> values;
      if (line.find(',') != std::string_view::npos) {
        values = csv_fields(line);
      } else {
        for (const std::string_view word : split_on(line, " \t")) values.emplace_back(word);
      }
      for (std::string& value : values) value = std::string(trimmed(value));
      if (values.size() != list->columns.size() || !numbers_where_counters(list->columns, values)) {
        continue;  // another program's line among the rows
      }
      tables.back().rows.push_back(QueryRow{text.number, std::move(values)});
    }
    std::erase_if(tables, [](const QueryTable& t) { return t.rows.empty(); });
    return tables;
  }

  // A row's values where they belong: numbers under counters, a time under the time.
  static bool numbers_where_counters(const std::vector<std::string>& columns,
                                     const std::vector<std::string>& values) {
    for (std::size_t i = 0; i < columns.size(); ++i) {
      if (is_null_value(values[i])) continue;
      if (is_time_column_name(columns[i]) && !parse_stamped_time(values[i]) &&
          !time_of_day_value(values[i])) {
        return false;
      }
      if (LogCounters::has_column(columns[i]) && !parse_decimal(values[i])) return false;
    }
    return true;
  }

  void read_table(const QueryTable& table) {
    source_ = function_of(table);
    functions_.insert(source_);
    runs_.new_table();
    for (const QueryRow& row : table.rows) {
      LogRow read = read_row(table.columns, row);
      runs_.add(std::move(read));
      result_.lines.push_back(row.line);
    }
    result_.lines.push_back(table.line);
    std::ranges::copy(table.frame_lines, std::back_inserter(result_.lines));
  }

  // The function of the statement nearest before the table, if the file holds
  // one that selects its columns; else the one whose columns it has.
  std::string function_of(const QueryTable& table) const {
    std::string_view found;
    for (const TextLine& text : lines_) {
      if (text.number > table.line) break;
      if (const std::string_view f = function_in(text.text); !f.empty()) found = f;
    }
    const bool commits = std::ranges::any_of(table.columns, [](const std::string& c) {
      return c == "TOTAL_COMMIT_TIME" || c == "TOTAL_APP_COMMITS" || c == "LOG_DISK_WAIT_TIME";
    });
    if (found == "MON_GET_TRANSACTION_LOG" && commits) found = {};
    if (!found.empty()) return std::string(found);
    return commits ? "MON_GET_WORKLOAD or MON_GET_DATABASE" : "MON_GET_TRANSACTION_LOG";
  }

  LogRow read_row(const std::vector<std::string>& columns, const QueryRow& row) {
    LogRow read;
    read.sample.source = SourceLine{file_, row.line};
    read.sample.source_name = source_;
    for (std::size_t i = 0; i < columns.size(); ++i) {
      const std::string& column = columns[i];
      const std::string_view value = row.values[i];
      if (is_null_value(value)) continue;
      if (is_time_column_name(column) || is_numbered_time(column, value, columns)) {
        read.sample.time = row_time(column, value, row.line, read.sample.day_only);
      } else if (is_database_column_name(column)) {
        read.sample.database = upper_case(value);
      } else if (column == "MEMBER" || column == "WORKLOAD_NAME" || column == "WORKLOAD_ID") {
        read.key += fmt::format("{}={};", column, value);
      } else {
        counter_field(column, value, row.line, read.sample.counters);
      }
    }
    return read;
  }

  std::optional<double> row_time(const std::string& column, std::string_view value,
                                 std::size_t line, bool& day_only) {
    if (const auto stamped = parse_stamped_time(value)) return stamped->local;
    if (const auto in_day = time_of_day_value(value)) {
      day_only = true;
      return undated_.date(*in_day);
    }
    throw MonitorInputError(
        fmt::format("{}:{}: {} is {}, not a time", file_, line, column, shown(value)));
  }

  void counter_field(const std::string& column, std::string_view value, std::size_t line,
                     LogCounters& counters) {
    if (set_counter(column, value, counters) == CounterValue::NotANumber) {
      throw MonitorInputError(
          fmt::format("{}:{}: {} is {}, not a number", file_, line, column, shown(value)));
    }
  }

  const std::vector<TextLine>& lines_;
  const std::string& file_;
  const ColumnHeadings& headings_;
  LogCounterFile result_;
  LogRuns runs_{true};
  std::string source_;
  std::set<std::string> functions_;
  TimeOfDayDates undated_;
};

}  // namespace

LogCounterFile read_log_counters(const std::vector<TextLine>& lines, const std::string& file,
                                 const ColumnHeadings& headings) {
  LogCounterFile logs = read_db2pd_logs(lines, file);
  if (!logs.samples.empty()) return logs;
  return QueryCounterReader(lines, file, headings).read();
}

}  // namespace simhadr
