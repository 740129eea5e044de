#pragma once
// The calculator's verdicts by name: as JSON spells them, and as the
// calculator's own lines mark an impact.
#include <string_view>

#include "simhadr/advice/workload_shortfall.hpp"
#include "simhadr/models/hadr_calculator.hpp"

namespace simhadr {

// "none", "small", "medium" or "heavy".
std::string_view impact_name(Impact impact);

// "   ", "?  ", "?? " or "???".
std::string_view impact_mark(Impact impact);

// "none", "window", "log_buffer" or "other".
std::string_view shortfall_name(Shortfall shortfall);

}  // namespace simhadr
