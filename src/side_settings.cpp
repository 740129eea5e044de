#include "simhadr/side_settings.hpp"

#include <algorithm>

namespace simhadr {

std::optional<OfferedLoad> offered_load(const RunConfig& config) {
  if (config.target) return OfferedLoad{OfferedBy::Target, *config.target};
  if (!config.logger) return std::nullopt;
  const std::vector<RateStep>& steps = config.logger->steps;
  if (steps.empty()) return OfferedLoad{OfferedBy::LogRate, config.logger->rate};
  return OfferedLoad{OfferedBy::Workload, std::ranges::max(steps, {}, &RateStep::rate).rate};
}

std::optional<double> SideSettings::tcp_cost_seconds_per_gb() const {
  if (!thread_cpu) return std::nullopt;
  const double per_byte = role == Role::Primary ? thread_cpu->tcp_send_seconds_per_byte
                                                : thread_cpu->tcp_receive_seconds_per_byte;
  if (per_byte <= 0) return std::nullopt;
  return per_byte * kBytesPerGByte;
}

}  // namespace simhadr
