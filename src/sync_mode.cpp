#include "simhadr/sync_mode.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "simhadr/enum_names.hpp"

namespace simhadr {

namespace {

constexpr std::array<EnumName<SyncMode>, 4> kModeNames{{
    {SyncMode::Sync, "SYNC"},
    {SyncMode::NearSync, "NEARSYNC"},
    {SyncMode::Async, "ASYNC"},
    {SyncMode::SuperAsync, "SUPERASYNC"},
}};
static_assert(rows_follow_enum(kModeNames, SyncMode::SuperAsync));

}  // namespace

std::string_view to_string(SyncMode mode) {
  return row_for(kModeNames, mode).name;
}

std::optional<SyncMode> parse_sync_mode(std::string_view text) {
  std::string upper(text);
  std::ranges::transform(upper, upper.begin(),
                         [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  for (const auto& [mode, name] : kModeNames) {
    if (upper == name) return mode;
  }
  return std::nullopt;
}

}  // namespace simhadr
