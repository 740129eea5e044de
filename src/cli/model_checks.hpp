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

// -replayDelay: with -replay, and in SUPERASYNC where the run knows its mode.
void check_replay_delay(const RunConfig& config, Action action);

// -logDir: real writes in place of -disk, in a shipping run, and on a primary
// only where its write comes before shipping (SYNC).
void check_real_log_writes(const RunConfig& config, Action action);

}  // namespace simhadr
