#include "virtual_time/virtual_run.hpp"

namespace simhadr {

SideSettings virtual_side_settings(const VirtualRunPlan& plan, Role role,
                                   std::uint32_t largest_flush_pages) {
  SideSettings settings;
  settings.role = role;
  settings.mode = plan.mode;
  settings.flush_pages = largest_flush_pages;
  settings.disk = plan.disk;
  settings.network = plan.network;
  settings.network_window = plan.window_bytes;
  settings.modelled = true;
  settings.thread_cpu = plan.thread_cpu;
  settings.hadr_timeout = plan.hadr_timeout;
  if (role == Role::Primary) {
    settings.uplink = plan.uplink;
    settings.offered = plan.offered;
  } else {
    settings.replay = plan.replay;
    settings.receive_buffer_pages = plan.standby_buffer_pages(largest_flush_pages);
  }
  return settings;
}

}  // namespace simhadr
