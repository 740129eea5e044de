#pragma once
// One reading of a database's log and commit counters, totals since
// activation: what MON_GET_TRANSACTION_LOG, MON_GET_WORKLOAD, MON_GET_DATABASE
// or db2pd -logs printed, summed over the rows of one run (members,
// workloads), each figure in one unit (pages, seconds, bytes). A counter the
// source left out is empty.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "simhadr/monitor/hadr_sample.hpp"
#include "simhadr/monitor/pasted_text.hpp"
#include "simhadr/monitor/select_list.hpp"

namespace simhadr {

struct LogCounters {
  std::optional<std::int64_t> log_pages;     // LOG_WRITES: log pages written
  std::optional<std::int64_t> write_ios;     // NUM_LOG_WRITE_IO: write() calls
  std::optional<double> write_seconds;       // LOG_WRITE_TIME: the primary's own disk
  std::optional<double> hadr_wait_seconds;   // LOG_HADR_WAIT_TIME: waiting for the standby
  std::optional<std::int64_t> hadr_waits;    // LOG_HADR_WAITS_TOTAL
  std::optional<std::int64_t> log_position;  // CURRENT_LSO, db2pd's Current LSO (V9.7: LSN)
  std::optional<double> commit_seconds;      // TOTAL_COMMIT_TIME, summed over agents
  std::optional<std::int64_t> commits;       // TOTAL_APP_COMMITS
  std::optional<double> disk_wait_seconds;   // LOG_DISK_WAIT_TIME: agents waiting for a flush
  std::optional<std::int64_t> disk_waits;    // LOG_DISK_WAITS_TOTAL

  // Adds another row's counters (a member, a workload) to these.
  void add(const LogCounters& other);
  bool any() const;
  // The counters by their column names: which this reading has, and one set from another's.
  static std::vector<std::string_view> names();
  static bool has_column(std::string_view column);  // a counter's name, LOG_HADR_WAIT_TIME too
  bool has(std::string_view column) const;
  void take(const LogCounters& from, std::string_view column);
};

// A total that stays empty until something is added to it.
template <typename T>
void add_optional(std::optional<T>& total, const std::optional<T>& more) {
  if (more) total = total.value_or(T{}) + *more;
}

struct LogSample {
  SourceLine source;
  std::string source_name;     // "MON_GET_TRANSACTION_LOG", "MON_GET_WORKLOAD", "db2pd -logs", ...
  std::optional<double> time;  // the host's wall clock read as if UTC
  bool day_only = false;       // a time of day (CURRENT_TIME): its date unknown
  std::string database;        // empty: the source does not say
  std::size_t rows = 1;        // rows summed into it
  LogCounters counters;
};

// What was read from a file's log and commit counters.
struct LogCounterFile {
  std::string format;  // "db2pd -logs", "MON_GET_WORKLOAD table", "MON_GET_TRANSACTION_LOG CSV"
  std::vector<LogSample> samples;  // one per run of the monitor
  std::vector<std::size_t> lines;  // the lines they came from (headers included)
  std::vector<std::string> notes;  // what the columns leave out
};

// Every run of log or commit counters in the file, in the forms IBM documents:
// db2pd -logs; a query of MON_GET_TRANSACTION_LOG, MON_GET_WORKLOAD or
// MON_GET_DATABASE as a CLP table, as CSV with a header row, or as rows
// without one (db2 -x, EXPORT ... OF DEL) where the file holds the SELECT that
// names their columns. Throws MonitorInputError, naming the line, for a value
// that is not a number where a counter belongs.
LogCounterFile read_log_counters(const std::vector<TextLine>& lines, const std::string& file,
                                 const ColumnHeadings& headings);

// A column of log or commit counters that MON_GET_HADR does not have.
bool is_log_counter_column(std::string_view column);
// Columns (by the monitor's names) of a log or commit counter query rather than
// MON_GET_HADR: a counter (LOG_HADR_WAIT_TIME too) and no column of MON_GET_HADR's own.
bool names_log_counters(const std::vector<std::string>& columns);

}  // namespace simhadr
