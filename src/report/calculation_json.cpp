#include "simhadr/report/calculation_json.hpp"

#include "simhadr/report/calculator_names.hpp"
#include "simhadr/report/calculator_text.hpp"
#include "simhadr/report/model_json.hpp"

namespace simhadr {

namespace {

using nlohmann::json;

json group_json(const FlushGroup& group) {
  return {{"flush_pages", group.pages},
          {"flush_seconds", group.seconds},
          {"bytes_per_sec", group.rate.bytes_per_sec()},
          {"mib_per_sec", group.rate.value()}};
}

json groups_json(Impact impact, const FlushGroup& expected, const FlushGroup& min,
                 const FlushGroup& max) {
  return {{"impact", impact_name(impact)},
          {"mark", std::string(impact_mark(impact))},
          {"expected", group_json(expected)},
          {"min", group_json(min)},
          {"max", group_json(max)}};
}

json simulated_json(const SimulatedMode& sim) {
  json out = groups_json(sim.impact, sim.expected, sim.min, sim.max);
  out["commit_wait"] = {{"avg_seconds", sim.commit.avg_seconds},
                        {"max_seconds", sim.commit.max_seconds},
                        {"log_buffer_full_seconds", sim.commit.blocked_seconds}};
  out["flush_cap_pages"] = sim.flush_cap_pages;
  out["window_limit_bytes_per_sec"] = sim.window_limit.bytes_per_sec();
  json shortfall = {{"cause", shortfall_name(sim.shortfall)}};
  if (sim.shortfall == Shortfall::Window)
    shortfall["socket_buffer_bytes"] = sim.window_needed_bytes;
  if (sim.log_buffer_needed_pages > 0) {
    shortfall["log_buffer_pages"] = sim.log_buffer_needed_pages;
  }
  if (sim.shortfall == Shortfall::Other) shortfall["resource"] = resource_name(sim.resource);
  out["shortfall"] = shortfall;
  return out;
}

json interval_json(const IntervalCalculation& calc, std::span<const SyncMode> modes) {
  const WorkloadInterval& in = calc.interval;
  json modes_json = json::object();
  for (std::size_t i = 0; i < calc.closed.size(); ++i) {
    const ModeEstimate& closed = calc.closed[i];
    json mode = {
        {"closed_form", groups_json(closed.impact, closed.expected, closed.min, closed.max)}};
    if (i < calc.simulated.size()) mode["simulated"] = simulated_json(calc.simulated[i]);
    modes_json[std::string(to_string(modes[i]))] = mode;
  }
  return {{"timestamp", in.timestamp},
          {"seconds", in.seconds},
          {"actual", group_json({in.flush_pages, in.flush_seconds, in.rate})},
          {"transaction_pages", in.transaction_pages},
          {"transaction_seconds", in.transaction_seconds},
          {"commit_interval_seconds", in.commit_seconds},
          {"open_transactions", in.open_transactions},
          {"modes", modes_json}};
}

json failure_json(const Calculation& calculation) {
  if (!calculation.peak) return nullptr;
  json modes = json::object();
  for (std::size_t i = 0; i < calculation.failures.size(); ++i) {
    const ModeFailure& f = calculation.failures[i];
    modes[std::string(to_string(calculation.modes[i]))] = {
        {"hold_seconds", f.hold_seconds ? json(*f.hold_seconds) : json(nullptr)},
        {"hold_bounded_by_settings", f.hold_bounded_by_settings},
        {"takeover_seconds", f.takeover_seconds ? json(*f.takeover_seconds) : json(nullptr)},
        {"takeover_bytes", f.takeover_bytes}};
  }
  return {{"peak_timestamp", calculation.peak->timestamp},
          {"peak_mib_per_sec", calculation.peak->rate.value()},
          {"outage_seconds", calculation.failure_plan->settings.outage_seconds
                                 ? json(*calculation.failure_plan->settings.outage_seconds)
                                 : json(nullptr)},
          {"modes", modes}};
}

}  // namespace

json calculation_json(const Calculation& calculation) {
  const CalculatorLink& link = calculation.link;
  json doc = {
      {"network",
       {{"bytes_per_sec", link.network.bytes_per_sec()},
        {"mib_per_sec", link.network.value()},
        {"round_trip_seconds", link.round_trip_seconds},
        {"compression", link.compression}}},
      {"disk",
       {{"bytes_per_sec", link.disk.bytes_per_sec()},
        {"mib_per_sec", link.disk.value()},
        {"overhead_seconds", link.disk_overhead_seconds}}},
      {"sync_modes", json::array()},
      {"simulated_pair", nullptr},
      {"intervals", json::array()},
      {"average_mib_per_sec", calculation.average_mib_per_sec},
      {"remote_catchup", group_json(calculation.catchup)},
      {"max_flush_pages", json::object()},
      {"interrupted", calculation.interrupted},
  };
  doc["disk"].update(disk_caps_json(link.disk_caps));
  for (std::size_t i = 0; i < calculation.modes.size(); ++i) {
    const std::string name(to_string(calculation.modes[i]));
    doc["sync_modes"].push_back(name);
    doc["max_flush_pages"][name] = {{"predicted", calculation.predicted_max_pages[i]},
                                    {"workload", calculation.workload_max_pages[i]}};
  }
  if (calculation.pair) {
    doc["simulated_pair"] = {{"window_bytes", calculation.pair->window_bytes},
                             {"log_buffer_pages", calculation.pair->log_buffer_pages}};
  }
  for (const IntervalCalculation& interval : calculation.intervals) {
    doc["intervals"].push_back(interval_json(interval, calculation.modes));
  }
  doc["failure_at_peak"] = failure_json(calculation);
  return doc;
}

}  // namespace simhadr
