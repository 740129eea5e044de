#pragma once
// The rules between options, once every option is read: what kind of run the
// command line asks for, what it needs, and what does not fit it (refused, or
// ignored with a warning).
#include "cli/option_values.hpp"
#include "cli/options.hpp"

namespace simhadr {

// Throws UsageError for a command line that asks for no run, or for one that cannot be.
Command decide_command(OptionValues& values);

}  // namespace simhadr
