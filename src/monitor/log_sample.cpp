#include "simhadr/monitor/log_sample.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <variant>

#include "simhadr/monitor/log_runs.hpp"
#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/monitor/sample_builder.hpp"

namespace simhadr {

namespace {

constexpr double kCounterSecondsPerMs = 0.001;

using Count = std::optional<std::int64_t> LogCounters::*;
using Time = std::optional<double> LogCounters::*;

struct CounterColumn {
  std::string_view name;
  std::variant<Count, Time> field;
};

const std::array<CounterColumn, 10> kCounterColumns{{
    {"LOG_WRITES", &LogCounters::log_pages},
    {"NUM_LOG_WRITE_IO", &LogCounters::write_ios},
    {"LOG_WRITE_TIME", &LogCounters::write_seconds},
    {"LOG_HADR_WAIT_TIME", &LogCounters::hadr_wait_seconds},
    {"LOG_HADR_WAITS_TOTAL", &LogCounters::hadr_waits},
    {"CURRENT_LSO", &LogCounters::log_position},
    {"TOTAL_COMMIT_TIME", &LogCounters::commit_seconds},
    {"TOTAL_APP_COMMITS", &LogCounters::commits},
    {"LOG_DISK_WAIT_TIME", &LogCounters::disk_wait_seconds},
    {"LOG_DISK_WAITS_TOTAL", &LogCounters::disk_waits},
}};

const CounterColumn* counter_column(std::string_view name) {
  const auto found = std::ranges::find(kCounterColumns, name, &CounterColumn::name);
  return found == kCounterColumns.end() ? nullptr : &*found;
}

}  // namespace

void LogCounters::add(const LogCounters& other) {
  for (const CounterColumn& column : kCounterColumns) {
    std::visit([&](auto field) { add_optional(this->*field, other.*field); }, column.field);
  }
}

bool LogCounters::any() const {
  return std::ranges::any_of(kCounterColumns, [&](const CounterColumn& column) {
    return std::visit([&](auto field) { return (this->*field).has_value(); }, column.field);
  });
}

std::vector<std::string_view> LogCounters::names() {
  std::vector<std::string_view> names;
  for (const CounterColumn& column : kCounterColumns) names.push_back(column.name);
  return names;
}

bool LogCounters::has_column(std::string_view column) {
  return counter_column(column) != nullptr;
}

bool LogCounters::has(std::string_view column) const {
  const CounterColumn* found = counter_column(column);
  return found && std::visit([&](auto field) { return (this->*field).has_value(); }, found->field);
}

void LogCounters::take(const LogCounters& from, std::string_view column) {
  if (const CounterColumn* found = counter_column(column)) {
    std::visit([&](auto field) { this->*field = from.*field; }, found->field);
  }
}

bool is_log_counter_column(std::string_view column) {
  return counter_column(column) != nullptr && !is_mon_get_hadr_column(column);
}

bool names_log_counters(const std::vector<std::string>& columns) {
  const auto hadr_only = [](const std::string& c) {
    return is_mon_get_hadr_column(c) && !counter_column(c);
  };
  return std::ranges::any_of(columns,
                             [](const std::string& c) { return counter_column(c) != nullptr; }) &&
         std::ranges::none_of(columns, hadr_only);
}

CounterValue set_counter(std::string_view column, std::string_view value, LogCounters& counters) {
  const CounterColumn* found = counter_column(column);
  if (!found) return CounterValue::NotACounter;
  const std::optional<double> number = parse_decimal(value);
  if (!number || *number < 0) return CounterValue::NotANumber;
  if (const Count* count = std::get_if<Count>(&found->field)) {
    counters.*(*count) = std::llround(*number);
  } else {
    counters.*std::get<Time>(found->field) = *number * kCounterSecondsPerMs;
  }
  return CounterValue::Set;
}

void LogRuns::add(LogRow row) {
  if (run_) {
    // A query's rows share its time to the microsecond; db2pd's members each print their own.
    const bool moved_on = by_time_ && row.sample.time != run_->time;
    const bool again = keys_.contains(row.key) && (!by_time_ || !row.sample.time);
    if (moved_on || again || row.sample.database != run_->database) close();
  }
  keys_.insert(row.key);
  if (!run_) {
    run_ = std::move(row.sample);
    return;
  }
  run_->counters.add(row.sample.counters);
  ++run_->rows;
  if (!run_->time) run_->time = row.sample.time;
}

void LogRuns::close() {
  if (run_ && run_->counters.any()) samples_.push_back(std::move(*run_));
  run_.reset();
  keys_.clear();
}

std::vector<LogSample> LogRuns::finish() {
  close();
  return std::move(samples_);
}

}  // namespace simhadr
