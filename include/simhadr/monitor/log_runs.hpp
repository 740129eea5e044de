#pragma once
// What the log counter readers share: the counters by column name, and the
// rows of one run of the monitor (members, workloads) summed into one sample.
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "simhadr/monitor/log_sample.hpp"

namespace simhadr {

enum class CounterValue : std::uint8_t { NotACounter, Set, NotANumber };

// Sets the counter `column` names from `value` (times in milliseconds).
CounterValue set_counter(std::string_view column, std::string_view value, LogCounters& counters);

// One row as read: its sample and what tells it from the other rows of its
// run ("MEMBER=0;WORKLOAD_NAME=SYSDEFAULTUSERWORKLOAD;").
struct LogRow {
  LogSample sample;
  std::string key;
};

// A run ends at a new table and, with `by_time` (queries, whose rows of one
// run share its time to the microsecond), where the time changes; else (db2pd,
// whose members each print their own time, or rows without a time) where a
// row of the same key comes again.
class LogRuns {
 public:
  explicit LogRuns(bool by_time) : by_time_(by_time) {}
  void new_table() { close(); }
  void add(LogRow row);
  std::vector<LogSample> finish();

 private:
  void close();

  std::vector<LogSample> samples_;
  std::optional<LogSample> run_;
  std::set<std::string> keys_;
  bool by_time_;
};

// db2pd -db DB -logs: a header per database and member, "Logs:", then a label
// and a value on each line; the log position is Current LSO, or where a
// release prints none (V9.7 and earlier) Current LSN, which counted bytes then.
LogCounterFile read_db2pd_logs(const std::vector<TextLine>& lines, const std::string& file);

}  // namespace simhadr
