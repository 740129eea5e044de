#pragma once
// The command line, parsed and validated into a RunConfig. Every refusal is a
// UsageError whose one-line message names the option and the value.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/usage_error.hpp"
#include "simhadr/action.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

struct Command {
  Action action = Action::Help;
  RunConfig config;
  std::vector<std::string> warnings;  // accepted, but worth telling the user
};

// args excludes the program name.
Command parse_command_line(std::span<const std::string> args);

}  // namespace simhadr
