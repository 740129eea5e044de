#pragma once
// What a failure of the link cost the primary, in the text report (after the
// stall and log gap lines) and in -json: each HADR state change (time, from,
// to, why) and how long commits were held waiting for the standby, the
// longest and why, and in all. Each flush's wait is already in the log
// shipping time distribution: these lines do not repeat it.
#include <nlohmann/json.hpp>

#include <ostream>

#include "simhadr/measure/run_result.hpp"

namespace simhadr {

// Nothing for a side without a record, or a run in which the link never stalled.
void write_failure_costs(std::ostream& out, const RunResult& result);
// "HADR state: at T s, FROM -> TO: why.", as the report and a real primary's log give it.
std::string state_change_text(const StateChange& change, const SideSettings& settings);
// Null where the side kept no record.
nlohmann::json failure_costs_json(const RunResult& result);

}  // namespace simhadr
