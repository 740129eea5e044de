#pragma once
// The tables a monitor query prints, whatever the table function: the CLP's
// (column names, a line of dashes giving each column's width, rows,
// "N record(s) selected.") and CSV with a header row. Each table's columns
// are named as the query's select list says they show.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "simhadr/monitor/pasted_text.hpp"
#include "simhadr/monitor/select_list.hpp"

namespace simhadr {

struct QueryRow {
  std::size_t line = 0;
  std::vector<std::string> values;  // one per column, trimmed
};

struct QueryTable {
  std::size_t line = 0;              // of its column names
  std::vector<std::string> columns;  // upper case, by the monitor's names
  std::vector<QueryRow> rows;
  std::vector<std::size_t> frame_lines;  // the CLP's line of dashes and its record count
};

// Every table the CLP printed; lines that are neither a table nor a statement
// go to `other_lines`.
std::vector<QueryTable> clp_tables(const std::vector<TextLine>& lines,
                                   const ColumnHeadings& headings,
                                   std::vector<std::size_t>& other_lines);

// CSV: the first line names the columns (the same line again later is skipped,
// another line of monitor column names starts a new table: two queries
// appended to one file); a line without a comma among the rows goes to
// `other_lines`. Throws MonitorInputError, naming `file` and the line, for a
// row of another width.
std::vector<QueryTable> csv_tables(const std::vector<TextLine>& lines,
                                   const ColumnHeadings& headings, const std::string& file,
                                   std::vector<std::size_t>& other_lines);

// One CSV record: commas apart; a field in double quotes may hold commas and "" for a quote.
std::vector<std::string> csv_fields(std::string_view line);

// The words of `line` between any of `separators`, each trimmed.
std::vector<std::string_view> split_on(std::string_view line, std::string_view separators);

bool is_dash_line(std::string_view line);

// A statement the CLP echoed, or the command that ran it, between tables.
bool is_statement(std::string_view line);

// Columns that say when a row was taken, and which database it is of.
bool is_time_column_name(std::string_view column);
bool is_database_column_name(std::string_view column);

// "13.57.23" or "13:57:23", as CURRENT_TIME gives it: seconds into a day.
std::optional<double> time_of_day_value(std::string_view text);

// Times of day put on days: the first on day 0, each later one on the day of
// the one before, or the next day when the clock came round past midnight.
class TimeOfDayDates {
 public:
  double date(double seconds_in_day);
  bool used() const { return last_.has_value(); }

 private:
  int days_ = 0;
  std::optional<double> last_;
};

inline constexpr std::string_view kUndatedTimesNote =
    "the time column holds no date: rows are taken to follow each other within a day";

// A heading the CLP numbered ("1": an unnamed `current timestamp`) over a
// timestamp, in a table whose columns name no time: the row's time.
bool is_numbered_time(const std::string& column, std::string_view value,
                      const std::vector<std::string>& columns);

}  // namespace simhadr
