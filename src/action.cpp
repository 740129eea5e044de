#include "simhadr/action.hpp"

#include <array>

#include "simhadr/enum_names.hpp"

namespace simhadr {

namespace {

constexpr std::array<EnumName<Action>, 10> kActionNames{{
    {Action::Help, "help"},
    {Action::Version, "version"},
    {Action::Primary, "primary"},
    {Action::Standby, "standby"},
    {Action::Demo, "demo"},
    {Action::Model, "model"},
    {Action::SleepTest, "sleep_test"},
    {Action::DiskTest, "disk_test"},
    {Action::Calculate, "calculate"},
    {Action::Diagnose, "diagnose"},
}};
static_assert(rows_follow_enum(kActionNames, Action::Diagnose));

}  // namespace

std::string_view action_name(Action action) {
  return row_for(kActionNames, action).name;
}

}  // namespace simhadr
