#pragma once
// db2pd -hadr text for the tests: a section per sample, a header each, the
// fields given; the file read as -diagnose reads it.
#include <fmt/format.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "simhadr/monitor/monitor_input.hpp"

namespace simhadr::testing {

using Fields = std::vector<std::pair<std::string, std::string>>;

// A sample taken `seconds` after 08:00:00 on 2025-12-02, on the host's wall clock.
inline std::string db2pd_sample(std::string_view role, int seconds, const Fields& fields) {
  std::string text = fmt::format(
      "Database Member 0 -- Database HADRDB -- Active -- Up 0 days -- Date "
      "2025-12-02-{:02}.{:02}.{:02}.000000\n\n  HADR_ROLE = {}\n  STANDBY_MEMBER_HOST = hostS\n"
      "  PRIMARY_MEMBER_HOST = hostP\n",
      8 + seconds / 3600, seconds / 60 % 60, seconds % 60, role);
  for (const auto& [name, value] : fields) text += fmt::format("  {} = {}\n", name, value);
  return text + "\n";
}

inline MonitorFile monitor_file(const std::string& text, std::string name) {
  std::istringstream in(text);
  return read_monitor_file(in, std::move(name));
}

}  // namespace simhadr::testing
