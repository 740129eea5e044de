#include "simhadr/monitor/sample_builder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <utility>

#include "simhadr/monitor/pasted_text.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

double seconds_since_epoch(int year, int month, int day, int hour, int minute, double second) {
  using namespace std::chrono;
  const sys_days date{std::chrono::year{year} / month / day};
  return static_cast<double>(date.time_since_epoch().count()) * 86400.0 + hour * 3600.0 +
         minute * 60.0 + second;
}

bool valid_clock(int year, int month, int day, int hour, int minute, double second) {
  using namespace std::chrono;
  const year_month_day date{std::chrono::year{year} / month / day};
  return date.ok() && hour >= 0 && hour < 24 && minute >= 0 && minute < 60 && second >= 0 &&
         second < 61;
}

int month_of(const char* name) {
  constexpr std::array kMonths{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                               "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  for (std::size_t i = 0; i < kMonths.size(); ++i) {
    if (std::strcmp(name, kMonths[i]) == 0) return static_cast<int>(i) + 1;
  }
  return 0;
}

// The wall-clock part of a time, and how many characters it took.
std::optional<std::pair<double, std::size_t>> parse_wall_clock(const std::string& text) {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, used = 0;
  double second = 0;
  char sep = 0;
  const char* s = text.c_str();
  // MM/DD/YYYY in most locales, DD.MM.YYYY or YYYY/MM/DD where the locale writes
  // dates so (db2pd follows the host's locale).
  if (std::sscanf(s, "%2d/%2d/%4d %2d:%2d:%lf%n", &month, &day, &year, &hour, &minute, &second,
                  &used) == 6 ||
      std::sscanf(s, "%2d.%2d.%4d %2d:%2d:%lf%n", &day, &month, &year, &hour, &minute, &second,
                  &used) == 6 ||
      std::sscanf(s, "%4d/%2d/%2d %2d:%2d:%lf%n", &year, &month, &day, &hour, &minute, &second,
                  &used) == 6 ||
      std::sscanf(s, "%4d-%2d-%2d-%2d.%2d.%lf%n", &year, &month, &day, &hour, &minute, &second,
                  &used) == 6 ||
      (std::sscanf(s, "%4d-%2d-%2d%c%2d:%2d:%lf%n", &year, &month, &day, &sep, &hour, &minute,
                   &second, &used) == 7 &&
       (sep == ' ' || sep == 'T'))) {
    if (!valid_clock(year, month, day, hour, minute, second)) return std::nullopt;
    return std::pair{seconds_since_epoch(year, month, day, hour, minute, second),
                     static_cast<std::size_t>(used)};
  }
  char weekday[4] = {}, month_name[4] = {};
  int whole_second = 0;
  if (std::sscanf(s, "%3s %3s %2d %2d:%2d:%2d %4d%n", weekday, month_name, &day, &hour, &minute,
                  &whole_second, &year, &used) == 7) {
    month = month_of(month_name);
    if (month == 0 || !valid_clock(year, month, day, hour, minute, whole_second)) {
      return std::nullopt;
    }
    return std::pair{seconds_since_epoch(year, month, day, hour, minute, whole_second),
                     static_cast<std::size_t>(used)};
  }
  return std::nullopt;
}

template <typename Number>
std::optional<Number> parse_number(std::string_view text) {
  Number value{};
  int base = 10;
  if constexpr (std::is_integral_v<Number>) {
    if (text.starts_with("0x") || text.starts_with("0X")) {
      text.remove_prefix(2);
      base = 16;
    }
  }
  const char* end = text.data() + text.size();
  std::from_chars_result result;
  if constexpr (std::is_integral_v<Number>) {
    result = std::from_chars(text.data(), end, value, base);
  } else {
    result = std::from_chars(text.data(), end, value);
  }
  if (text.empty() || result.ec != std::errc{} || result.ptr != end) return std::nullopt;
  if constexpr (!std::is_integral_v<Number>) {
    if (!std::isfinite(value)) return std::nullopt;
  }
  return value;
}

}  // namespace

// A decimal as the host's locale prints it: "0.250", or "0,250" where the comma
// is the decimal mark.
std::optional<double> parse_decimal(std::string_view text) {
  if (const auto number = parse_number<double>(text)) return number;
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos || text.find(',', comma + 1) != std::string_view::npos) {
    return std::nullopt;
  }
  std::string point(text);
  point[comma] = '.';
  return parse_number<double>(point);
}

std::optional<std::int64_t> parse_integer(std::string_view text) {
  return parse_number<std::int64_t>(text);
}

namespace {

// Text: a keyword, spelled in capitals; Name: a host, kept as written.
// Duration: in seconds from db2pd, in milliseconds from MON_GET_HADR, whose
// every duration is (the settings too: IBM's "Note on unit of time duration"
// gives HADR_TIMEOUT 60 s as 60000).
enum class Kind : std::uint8_t { Text, Name, Integer, Duration, Percent, Time, Flags };

struct FieldRule {
  std::string_view name;
  Kind kind;
  // Where the value goes; null: checked for its kind, then not kept.
  void (*store)(HadrSample&, const void* value);
};

template <auto member>
void put(HadrSample& sample, const void* value) {
  using Target = std::remove_cvref_t<decltype(sample.*member)>;
  if constexpr (std::is_same_v<Target, std::string>) {
    sample.*member = *static_cast<const std::string*>(value);
  } else {
    using Value = typename Target::value_type;
    sample.*member = *static_cast<const Value*>(value);
  }
}

template <auto buffer, auto side>
void put_socket(HadrSample& sample, const void* value) {
  (sample.*buffer).*side = *static_cast<const std::int64_t*>(value);
}

void put_flags(HadrSample& sample, const void* value) {
  sample.flags.clear();
  sample.reports_flags = true;
  const std::string& words = *static_cast<const std::string*>(value);
  std::size_t at = 0;
  while ((at = words.find_first_not_of(" ,", at)) != std::string::npos) {
    const std::size_t end = std::min(words.find_first_of(" ,", at), words.size());
    sample.flags.push_back(words.substr(at, end - at));
    at = end;
  }
}

using H = HadrSample;
using S = SocketBufferSizes;
constexpr std::array kFieldRules{
    FieldRule{"HADR_ROLE", Kind::Text, put<&H::role>},
    FieldRule{"HADR_SYNCMODE", Kind::Text, put<&H::sync_mode>},
    FieldRule{"HADR_STATE", Kind::Text, put<&H::state>},
    FieldRule{"HADR_CONNECT_STATUS", Kind::Text, put<&H::connect_status>},
    FieldRule{"HADR_CONNECT_STATUS_TIME", Kind::Time, nullptr},
    FieldRule{"HADR_FLAGS", Kind::Flags, put_flags},
    FieldRule{"PRIMARY_MEMBER_HOST", Kind::Name, put<&H::primary_host>},
    FieldRule{"STANDBY_MEMBER_HOST", Kind::Name, put<&H::standby_host>},
    FieldRule{"STANDBY_ID", Kind::Integer, put<&H::standby_id>},
    FieldRule{"LOG_STREAM_ID", Kind::Integer, put<&H::log_stream_id>},
    FieldRule{"PRIMARY_MEMBER", Kind::Integer, put<&H::primary_member>},
    FieldRule{"STANDBY_MEMBER", Kind::Integer, put<&H::standby_member>},
    FieldRule{"HEARTBEAT_INTERVAL", Kind::Duration, put<&H::heartbeat_interval>},
    FieldRule{"HEARTBEAT_MISSED", Kind::Integer, put<&H::heartbeats_missed>},
    FieldRule{"HEARTBEAT_EXPECTED", Kind::Integer, put<&H::heartbeats_expected>},
    FieldRule{"HADR_TIMEOUT", Kind::Duration, put<&H::hadr_timeout>},
    FieldRule{"TIME_SINCE_LAST_RECV", Kind::Duration, put<&H::time_since_last_recv>},
    FieldRule{"PEER_WAIT_LIMIT", Kind::Duration, put<&H::peer_wait_limit>},
    FieldRule{"LOG_HADR_WAIT_CUR", Kind::Duration, put<&H::wait_current>},
    FieldRule{"LOG_HADR_WAIT_RECENT_AVG", Kind::Duration, put<&H::wait_recent_avg>},
    FieldRule{"LOG_HADR_WAIT_ACCUMULATED", Kind::Duration, put<&H::wait_accumulated>},
    FieldRule{"LOG_HADR_WAIT_TIME", Kind::Duration, put<&H::wait_accumulated>},
    FieldRule{"LOG_HADR_WAIT_COUNT", Kind::Integer, put<&H::wait_count>},
    FieldRule{"LOG_HADR_WAITS_TOTAL", Kind::Integer, put<&H::wait_count>},
    FieldRule{"SOCK_SEND_BUF_REQUESTED", Kind::Integer, put_socket<&H::send_buffer, &S::requested>},
    FieldRule{"SOCK_SEND_BUF_ACTUAL", Kind::Integer, put_socket<&H::send_buffer, &S::actual>},
    FieldRule{"SOCK_RECV_BUF_REQUESTED", Kind::Integer,
              put_socket<&H::receive_buffer, &S::requested>},
    FieldRule{"SOCK_RECV_BUF_ACTUAL", Kind::Integer, put_socket<&H::receive_buffer, &S::actual>},
    FieldRule{"PRIMARY_LOG_PAGE", Kind::Integer, nullptr},
    FieldRule{"PRIMARY_LOG_POS", Kind::Integer, put<&H::primary_pos>},
    FieldRule{"STANDBY_LOG_PAGE", Kind::Integer, nullptr},
    FieldRule{"STANDBY_LOG_POS", Kind::Integer, put<&H::standby_pos>},
    FieldRule{"HADR_LOG_GAP", Kind::Integer, put<&H::log_gap_average>},
    FieldRule{"STANDBY_REPLAY_LOG_PAGE", Kind::Integer, nullptr},
    FieldRule{"STANDBY_REPLAY_LOG_POS", Kind::Integer, put<&H::replay_pos>},
    FieldRule{"STANDBY_RECV_REPLAY_GAP", Kind::Integer, put<&H::recv_replay_gap_average>},
    FieldRule{"PRIMARY_LOG_TIME", Kind::Time, nullptr},
    FieldRule{"STANDBY_LOG_TIME", Kind::Time, nullptr},
    FieldRule{"STANDBY_REPLAY_LOG_TIME", Kind::Time, nullptr},
    FieldRule{"STANDBY_REPLAY_DELAY", Kind::Duration, put<&H::replay_delay>},
    FieldRule{"HADR_REPLAY_DELAY", Kind::Duration, put<&H::replay_delay>},
    FieldRule{"STANDBY_RECV_BUF_SIZE", Kind::Integer, put<&H::receive_buffer_pages>},
    FieldRule{"STANDBY_RECV_BUF_PERCENT", Kind::Percent, put<&H::receive_buffer_percent>},
    FieldRule{"STANDBY_SPOOL_LIMIT", Kind::Integer, put<&H::spool_limit_pages>},
    FieldRule{"STANDBY_SPOOL_PERCENT", Kind::Percent, put<&H::spool_percent>},
    FieldRule{"PEER_WINDOW", Kind::Duration, put<&H::peer_window>},
    FieldRule{"PEER_WINDOW_END", Kind::Time, nullptr},
};

// Where each time field goes.
struct TimeField {
  std::string_view name;
  std::optional<double> HadrSample::*member;
};
constexpr std::array kTimeFields{
    TimeField{"HADR_CONNECT_STATUS_TIME", &H::connect_status_time},
    TimeField{"PEER_WINDOW_END", &H::peer_window_end},
    TimeField{"PRIMARY_LOG_TIME", &H::primary_log_time},
    TimeField{"STANDBY_LOG_TIME", &H::standby_log_time},
    TimeField{"STANDBY_REPLAY_LOG_TIME", &H::replay_log_time},
};

}  // namespace

std::string upper_case(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const std::size_t last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

// V9.7 writes an unset time as "Null (0)".
bool is_null_value(std::string_view value) {
  value = trimmed(value);
  if (value.empty() || value == "-") return true;
  const std::string_view word = value.substr(0, value.find(' '));
  return word == "NULL" || word == "Null" || word == "null";
}

std::optional<StampedTime> parse_stamped_time(std::string_view text) {
  const std::string line(trimmed(text));
  const auto clock = parse_wall_clock(line);
  if (!clock) return std::nullopt;
  StampedTime stamped{clock->first, std::nullopt};
  const std::string_view rest = trimmed(std::string_view(line).substr(clock->second));
  // "(...)": an author cut the epoch out; the wall clock stands alone.
  if (rest.empty() || is_elision(rest)) return stamped;
  if (rest.size() < 3 || rest.front() != '(' || rest.back() != ')') return std::nullopt;
  const auto epoch = parse_number<std::int64_t>(rest.substr(1, rest.size() - 2));
  if (!epoch) return std::nullopt;
  // The epoch is whole seconds; the wall clock keeps the fraction.
  stamped.epoch = static_cast<double>(*epoch) + (clock->first - std::floor(clock->first));
  return stamped;
}

SampleBuilder::SampleBuilder(SourceLine source, MonitorFormat format,
                             double seconds_per_duration_unit)
    : duration_unit_(seconds_per_duration_unit) {
  sample_.source = std::move(source);
  sample_.format = format;
}

void SampleBuilder::field(std::string_view name, std::string_view value, std::size_t line) {
  const auto rule = std::ranges::find(kFieldRules, name, &FieldRule::name);
  if (rule == kFieldRules.end()) return;
  value = trimmed(value);
  // "...": an author cut the value out, as good as no figure.
  if (is_elision(value)) return;
  const auto refuse = [&](std::string_view what) {
    throw MonitorInputError(fmt::format("{}:{}: {} is {}, not {}", sample_.source.file, line, name,
                                        shown(value), what));
  };
  if (is_null_value(value) && rule->kind != Kind::Text && rule->kind != Kind::Flags) return;
  switch (rule->kind) {
    case Kind::Name: {
      const std::string text = is_null_value(value) ? std::string() : std::string(value);
      rule->store(sample_, &text);
      return;
    }
    case Kind::Text: {
      const std::string text = upper_case(value);
      if (rule->store) rule->store(sample_, &text);
      return;
    }
    case Kind::Flags: {
      const std::string text = is_null_value(value) ? std::string() : upper_case(value);
      rule->store(sample_, &text);
      return;
    }
    case Kind::Integer: {
      const auto number = parse_number<std::int64_t>(value);
      if (!number) refuse("a whole number");
      if (rule->store) rule->store(sample_, &*number);
      return;
    }
    case Kind::Duration: {
      const auto number = parse_decimal(value);
      if (!number || *number < 0) refuse("a duration");
      const double seconds = *number * duration_unit_;
      if (rule->store) rule->store(sample_, &seconds);
      return;
    }
    case Kind::Percent: {
      std::string_view digits = value;
      if (digits.ends_with('%')) digits = trimmed(digits.substr(0, digits.size() - 1));
      const auto number = parse_decimal(digits);
      if (!number || *number < 0) refuse("a percentage");
      rule->store(sample_, &*number);
      return;
    }
    case Kind::Time: {
      const auto stamped = parse_stamped_time(value);
      if (!stamped) refuse("a time");
      if (stamped->epoch) offset_ = std::round(std::floor(stamped->local) - *stamped->epoch);
      times_.emplace_back(rule->name, *stamped);
      return;
    }
  }
}

std::optional<double> SampleBuilder::latest_time_field() const {
  std::optional<double> latest;
  for (const auto& [name, stamped] : times_) {
    if (name == "PEER_WINDOW_END") continue;  // ahead of the sample, not behind it
    latest = std::max(latest.value_or(stamped.local), stamped.local);
  }
  return latest;
}

HadrSample SampleBuilder::finish(std::optional<double> file_offset) && {
  const std::optional<double> offset = offset_ ? offset_ : file_offset;
  sample_.clock = offset ? MonitorClock::Utc : MonitorClock::Local;
  const auto on_clock = [&](const StampedTime& t) {
    if (!offset) return t.local;
    return t.epoch ? *t.epoch : t.local - *offset;
  };
  sample_.local_time = taken_local_;
  if (taken_local_) sample_.time = offset ? *taken_local_ - *offset : *taken_local_;
  for (const auto& [name, stamped] : times_) {
    const auto field = std::ranges::find(kTimeFields, name, &TimeField::name);
    if (field != kTimeFields.end()) sample_.*(field->member) = on_clock(stamped);
  }
  return std::move(sample_);
}

std::vector<HadrSample> finish_all(std::vector<SampleBuilder> builders) {
  std::optional<double> file_offset;
  for (const SampleBuilder& builder : builders) {
    if ((file_offset = builder.clock_offset())) break;
  }
  std::vector<HadrSample> samples;
  samples.reserve(builders.size());
  for (SampleBuilder& builder : builders) samples.push_back(std::move(builder).finish(file_offset));
  return samples;
}

}  // namespace simhadr
