#include "virtual_time/virtual_run.hpp"

namespace simhadr {

SideSettings virtual_side_settings(const VirtualRunPlan& plan, Role role,
                                   std::uint32_t largest_flush_pages) {
  SideSettings settings = side_settings(plan, role, largest_flush_pages);
  settings.network = plan.network;
  settings.network_window = plan.window_bytes;
  settings.modelled = true;
  settings.thread_cpu = plan.thread_cpu;
  if (role == Role::Primary) settings.uplink = plan.uplink;
  return settings;
}

}  // namespace simhadr
