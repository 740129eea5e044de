#include "simhadr/pipeline/shipping_plan.hpp"

#include "simhadr/pipeline/standby_buffer.hpp"

namespace simhadr {

std::uint32_t ShippingPlan::standby_buffer_pages(std::uint32_t largest_flush_pages) const {
  return simhadr::standby_buffer_pages(asked_buffer_pages, buffer_pages, largest_flush_pages);
}

ShippingPlan shipping_plan_from(const RunConfig& config) {
  ShippingPlan plan;
  plan.mode = config.effective_sync_mode();
  plan.max_flushes = config.max_flushes;
  if (const auto seconds = config.effective_run_seconds()) plan.run_time = from_seconds(*seconds);
  plan.target = config.target;
  plan.offered = offered_load(config);
  plan.disk = config.disk;
  plan.replay = config.replay;
  plan.spool_limit_pages = config.spool_limit_pages;
  plan.replay_delay = from_seconds(config.replay_delay_seconds);
  plan.buffer_pages = config.standby_buffer_pages;
  plan.asked_buffer_pages = config.standby_request.buffer_pages;
  plan.hadr_timeout = from_seconds(config.hadr_timeout_seconds);
  plan.peer_wait_limit = from_seconds(config.peer_wait_limit_seconds);
  plan.peer_window = from_seconds(config.peer_window_seconds);
  if (config.max_commit_hold_seconds) {
    plan.max_commit_hold = from_seconds(*config.max_commit_hold_seconds);
  }
  plan.interval = config.interval;
  return plan;
}

SideSettings side_settings(const ShippingPlan& plan, Role role,
                           std::optional<std::uint32_t> largest_flush_pages) {
  SideSettings settings;
  settings.role = role;
  settings.disk = plan.disk;
  settings.hadr_timeout = plan.hadr_timeout;
  settings.peer_wait_limit = plan.peer_wait_limit;
  settings.peer_window = plan.peer_window;
  if (role == Role::Primary) settings.max_commit_hold = plan.max_commit_hold;
  if (largest_flush_pages) {
    settings.mode = plan.mode;
    settings.flush_pages = *largest_flush_pages;
  }
  if (role == Role::Primary) {
    settings.offered = plan.offered;
  } else {
    settings.replay = plan.replay;
    settings.replay_delay = plan.replay_delay;
    settings.spool_limit_pages = plan.spool_limit_pages;
    if (largest_flush_pages) {
      settings.receive_buffer_pages = plan.standby_buffer_pages(*largest_flush_pages);
    }
  }
  return settings;
}

SideSettings settings_for(const RunConfig& config, Role role) {
  const bool primary = role == Role::Primary;
  SideSettings settings =
      side_settings(shipping_plan_from(config), role,
                    primary ? std::optional(config.largest_flush_pages()) : std::nullopt);
  settings.requested_send_buffer = config.socket.send_buffer;
  settings.requested_receive_buffer = config.socket.receive_buffer;
  if (primary) {
    settings.network = config.network;
    settings.network_window = config.network_window_bytes();
    settings.payload = config.payload;
  }
  return settings;
}

}  // namespace simhadr
