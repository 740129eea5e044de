#include <algorithm>

#include "virtual_time/virtual_run.hpp"

namespace simhadr {

VirtualRunPlan virtual_plan_from(const RunConfig& config) {
  VirtualRunPlan plan;
  static_cast<ShippingPlan&>(plan) = shipping_plan_from(config);
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
  plan.outages = config.outages;
  return plan;
}

}  // namespace simhadr
