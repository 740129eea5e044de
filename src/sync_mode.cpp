#include "simhadr/sync_mode.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace simhadr {

namespace {
constexpr std::array<std::string_view, 4> kNames{"SYNC", "NEARSYNC", "ASYNC", "SUPERASYNC"};
}

std::string_view to_string(SyncMode mode) {
  return kNames[static_cast<std::size_t>(mode)];
}

std::optional<SyncMode> parse_sync_mode(std::string_view text) {
  std::string upper(text);
  std::ranges::transform(upper, upper.begin(),
                         [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (upper == kNames[i]) return static_cast<SyncMode>(i);
  }
  return std::nullopt;
}

}  // namespace simhadr
