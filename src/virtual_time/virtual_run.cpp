#include "virtual_time/virtual_run.hpp"

#include "virtual_time/simulation.hpp"

namespace simhadr {

VirtualOutcome run_virtual(const VirtualRunPlan& plan, FlushSizeSource& flush_sizes,
                           const StopSource& stop) {
  return VirtualSimulation(plan, flush_sizes).run(stop);
}

}  // namespace simhadr
