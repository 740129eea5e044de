#pragma once
// Options a kind of run has no use for (a disk test's -interval, -calculate's
// -flushSize): each one given is named in a warning, and ignored.
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/option_id.hpp"
#include "simhadr/action.hpp"

namespace simhadr {

// Names each of `options` that was given, with why it is ignored.
void warn_given(std::span<const OptionId> options, const std::function<bool(OptionId)>& given,
                std::string_view why, std::vector<std::string>& warnings);

void warn_ignored_options(Action action, const std::function<bool(OptionId)>& given,
                          std::vector<std::string>& warnings);

}  // namespace simhadr
