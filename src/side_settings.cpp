#include "simhadr/side_settings.hpp"

namespace simhadr {

SideSettings settings_for(const RunConfig& config, Role role) {
  SideSettings settings;
  settings.role = role;
  settings.disk = config.disk;
  settings.hadr_timeout = from_seconds(config.hadr_timeout_seconds);
  if (role == Role::Standby) {
    settings.replay = config.replay;
    return settings;
  }
  settings.mode = config.effective_sync_mode();
  settings.flush_pages = config.largest_flush_pages();
  settings.network = config.network;
  settings.network_window = config.network_window_bytes();
  return settings;
}

}  // namespace simhadr
