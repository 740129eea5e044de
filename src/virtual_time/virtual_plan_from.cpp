#include <algorithm>

#include "simhadr/pipeline/standby_buffer.hpp"
#include "virtual_time/virtual_run.hpp"

namespace simhadr {

VirtualRunPlan virtual_plan_from(const RunConfig& config) {
  VirtualRunPlan plan;
  plan.mode = config.effective_sync_mode();
  plan.max_flushes = config.max_flushes;
  if (const auto seconds = config.effective_run_seconds()) plan.run_time = from_seconds(*seconds);
  plan.disk = config.disk;
  plan.replay = config.replay;
  plan.spool_limit_pages = config.spool_limit_pages;
  plan.target = config.target;
  plan.offered = offered_load(config);
  plan.network = config.network.value_or(NetworkParams{});
  plan.window_bytes = config.network_window_bytes();
  plan.auxiliaries = config.auxiliaries;
  plan.auxiliary_networks = config.auxiliary_networks;
  if (config.uplink && plan.auxiliaries.empty()) {
    // One stream: the uplink is one more link on its way, and the slower of the two limits it.
    plan.network.rate = std::min(plan.network.rate.value_or(*config.uplink), *config.uplink);
  } else {
    plan.uplink = config.uplink;
  }
  plan.buffer_pages = config.standby_buffer_pages;
  plan.asked_buffer_pages = config.standby_request.buffer_pages;
  plan.outages = config.outages;
  plan.hadr_timeout = from_seconds(config.hadr_timeout_seconds);
  plan.interval = config.interval;
  return plan;
}

std::uint32_t VirtualRunPlan::standby_buffer_pages(std::uint32_t largest_flush_pages) const {
  return simhadr::standby_buffer_pages(asked_buffer_pages, buffer_pages, largest_flush_pages);
}

}  // namespace simhadr
