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

// A run ends at a new table, where the time moves on by more than a second,
// or where a row of the same key comes again.
class LogRuns {
 public:
  void new_table() { close(); }
  void add(LogRow row);
  // A time of day on the day the previous one was, the next day when the clock
  // came round past midnight.
  double on_day(double seconds_in_day);
  std::vector<LogSample> finish();

 private:
  void close();

  std::vector<LogSample> samples_;
  std::optional<LogSample> run_;
  std::set<std::string> keys_;
  int days_ = 0;
  std::optional<double> last_time_of_day_;
};

// db2pd -db DB -logs: a header per database and member, "Logs:", then a label
// and a value on each line; the log position is Current LSO, or where a
// release prints none (V9.7 and earlier) Current LSN, which counted bytes then.
LogCounterFile read_db2pd_logs(const std::vector<TextLine>& lines, const std::string& file);

}  // namespace simhadr
