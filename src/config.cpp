#include "simhadr/config.hpp"

#include <algorithm>
#include <array>
#include <type_traits>

#include "simhadr/enum_names.hpp"
#include "simhadr/limits.hpp"

namespace simhadr {

namespace {

constexpr std::array<EnumName<Role>, 2> kRoleNames{{
    {Role::Primary, "primary"},
    {Role::Standby, "standby"},
}};
static_assert(rows_follow_enum(kRoleNames, Role::Standby));

// RunKind's alternatives follow Action's run kinds.
static_assert(action_of_run(std::variant_size_v<RunKind> - 1) == Action::Diagnose);
static_assert(
    std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(Action::DiskTest) -
                                                  static_cast<std::size_t>(Action::Primary),
                                              RunKind>,
                   DiskTestConfig>);

}  // namespace

std::string_view role_name(Role role) {
  return row_for(kRoleNames, role).name;
}

std::optional<Role> RunConfig::role() const {
  if (as<PrimaryRun>()) return Role::Primary;
  if (as<StandbyRun>()) return Role::Standby;
  return std::nullopt;
}

bool RunConfig::virtual_time() const {
  const auto* calculate = as<CalculateConfig>();
  return as<ModelRun>() || (calculate && calculate->simulate);
}

bool RunConfig::carries_payload() const {
  if (as<PrimaryRun>() || as<DemoRun>()) return true;
  const auto* disk = as<DiskTestConfig>();
  return disk && disk->kind != DiskTestKind::ReadFile;
}

bool RunConfig::probes_payload() const {
  // Random bytes shrink for no compressor: measuring it would only cost start-up CPU.
  if (payload.kind == PayloadKind::Incompressible) return false;
  return carries_payload() || (as<ModelRun>() && payload_named);
}

bool RunConfig::reads_payload() const {
  return carries_payload() || (as<ModelRun>() && payload_named) ||
         (modelled_compression && modelled_compression->probed);
}

std::uint32_t RunConfig::largest_flush_pages() const {
  if (logger) return logger->buffer_pages;
  if (flush_size_list) return std::ranges::max(flush_size_list->pages);
  return effective_flush_pages();
}

std::uint64_t RunConfig::network_window_bytes() const {
  std::uint64_t window = kAutotunedWindowBytes;
  for (const std::optional<int>& size :
       {socket.send_buffer, socket.receive_buffer, standby_request.receive_buffer}) {
    if (size) window = std::min<std::uint64_t>(window, static_cast<std::uint64_t>(*size));
  }
  return window;
}

}  // namespace simhadr
