#include "simhadr/monitor/hadr_sample.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cmath>

#include "simhadr/enum_names.hpp"

namespace simhadr {

namespace {

constexpr std::array<EnumName<MonitorFormat>, 4> kFormatNames{{
    {MonitorFormat::Db2pd, "db2pd"},
    {MonitorFormat::Db2pdV97, "db2pd V9.7"},
    {MonitorFormat::MonGetHadrCsv, "MON_GET_HADR CSV"},
    {MonitorFormat::MonGetHadrTable, "MON_GET_HADR table"},
}};
static_assert(rows_follow_enum(kFormatNames, MonitorFormat::MonGetHadrTable));

}  // namespace

std::string_view monitor_format_name(MonitorFormat format) {
  return row_for(kFormatNames, format).name;
}

bool HadrSample::has_flag(std::string_view flag) const {
  return std::ranges::find(flags, flag) != flags.end();
}

std::optional<double> HadrSample::replay_lag() const {
  if (!primary_log_time || !replay_log_time) return std::nullopt;
  return std::max(0.0, *primary_log_time - *replay_log_time);
}

std::string HadrSample::where() const {
  return fmt::format("{}:{}", source.file, source.line);
}

std::string host_key(std::string_view host) {
  std::string key;
  const bool address = host.find(':') != std::string_view::npos ||
                       host.find_first_not_of("0123456789.") == std::string_view::npos;
  for (const char c : address ? host : host.substr(0, host.find('.'))) {
    key += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return key;
}

std::string standby_key(const HadrSample& sample) {
  if (!sample.standby_host.empty() || !sample.standby_id) return host_key(sample.standby_host);
  return fmt::format("STANDBY_ID {}", *sample.standby_id);
}

std::string wall_clock_text(double local_seconds) {
  using namespace std::chrono;
  const auto whole = static_cast<long long>(std::floor(local_seconds));
  const sys_days day{days{static_cast<int>(whole / 86400 - (whole % 86400 < 0 ? 1 : 0))}};
  const year_month_day date{day};
  const long long in_day = whole - static_cast<long long>(day.time_since_epoch().count()) * 86400;
  const auto millis =
      static_cast<int>(std::lround((local_seconds - static_cast<double>(whole)) * 1000));
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}", static_cast<int>(date.year()),
                     static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                     in_day / 3600, (in_day / 60) % 60, in_day % 60, std::min(millis, 999));
}

std::string time_of_day(const HadrSample& sample) {
  if (!sample.local_time) return "no time";
  const auto seconds = static_cast<long long>(*sample.local_time);
  return fmt::format("{:02}:{:02}:{:02}", (seconds / 3600) % 24, (seconds / 60) % 60, seconds % 60);
}

std::string seen_at(const HadrSample& sample) {
  if (!sample.local_time) return sample.where();
  return fmt::format("{} ({})", time_of_day(sample), sample.where());
}

}  // namespace simhadr
