#pragma once
// Options a kind of run has no use for (a disk test's -interval, -calculate's
// -flushSize): each one given is named in a warning, and ignored.
#include <functional>
#include <string>
#include <vector>

#include "cli/option_id.hpp"
#include "simhadr/action.hpp"

namespace simhadr {

void warn_ignored_options(Action action, const std::function<bool(OptionId)>& given,
                          std::vector<std::string>& warnings);

}  // namespace simhadr
