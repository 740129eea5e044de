#pragma once
#include <fmt/chrono.h>

#include <chrono>
#include <string>

namespace simhadr {

// ISO 8601 in UTC to the second, e.g. 2026-11-30T07:40:57Z.
inline std::string utc_timestamp(std::chrono::system_clock::time_point when) {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}",
                     fmt::gmtime(std::chrono::system_clock::to_time_t(when)));
}

}  // namespace simhadr
