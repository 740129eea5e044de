#pragma once
// -calculate -model: one db2logscan interval played through the virtual-time
// pair for one sync mode, giving the calculator's three groups as the pair
// moves them (its TCP window, queueing and log buffer included) and what a
// committing transaction waits. In the calculator's units: MiB/s, pages.
#include <cstdint>
#include <optional>

#include "simhadr/advice/workload_shortfall.hpp"
#include "simhadr/stop.hpp"

namespace simhadr {

SimulatedMode simulate_mode(const WorkloadInterval& interval, const ModeEstimate& closed,
                            const PairSettings& settings, const StopSource& stop);

}  // namespace simhadr
