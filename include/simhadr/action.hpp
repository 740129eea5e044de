#pragma once
// What a command line asks simhadr to do, named once: each kind of run, and
// the two answers that run nothing (-h, -version).
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace simhadr {

enum class Action : std::uint8_t {
  Help,
  Version,
  Primary,
  Standby,
  Demo,
  Model,
  SleepTest,
  DiskTest,
  Calculate,
  Diagnose
};

// The kind of run that RunConfig::run's alternative `index` is: they follow Action's order from
// Primary.
constexpr Action action_of_run(std::size_t index) {
  return static_cast<Action>(index + static_cast<std::size_t>(Action::Primary));
}

// As a -json document's "kind" spells it: "primary", "disk_test", ...
std::string_view action_name(Action action);

// Whether the run leaves a -json document or -csv row (-testSleep, -h and -version do not).
constexpr bool leaves_record(Action action) {
  return action != Action::Help && action != Action::Version && action != Action::SleepTest;
}

}  // namespace simhadr
