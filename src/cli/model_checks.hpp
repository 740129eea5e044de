#pragma once
// The command line's checks of the what-if models, as a whole: which flush-size
// model, whether the buffers hold its largest flush, whether -model has
// anything that takes time. Each refusal is a UsageError naming the options.
#include "simhadr/config.hpp"

namespace simhadr {

// At most one flush-size model, the logger given whole, and receive buffers
// that hold the largest flush.
void check_flush_sizes(const RunConfig& config);

// -model with nothing that takes time would never advance its clock.
void require_something_takes_time(const RunConfig& config);
// -netOutage: a length, outages apart, and a run whose middle is known.
void check_outages(const RunConfig& config);

}  // namespace simhadr
