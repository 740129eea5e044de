#include "simhadr/report/calculator_names.hpp"

#include <array>

#include "simhadr/enum_names.hpp"

namespace simhadr {

namespace {

struct ImpactNames {
  Impact value;
  std::string_view name;
  std::string_view mark;
};

constexpr std::array<ImpactNames, 4> kImpactNames{{
    {Impact::None, "none", "   "},
    {Impact::Small, "small", "?  "},
    {Impact::Medium, "medium", "?? "},
    {Impact::Heavy, "heavy", "???"},
}};
static_assert(rows_follow_enum(kImpactNames, Impact::Heavy));

constexpr std::array<EnumName<Shortfall>, 4> kShortfallNames{{
    {Shortfall::None, "none"},
    {Shortfall::Window, "window"},
    {Shortfall::LogBuffer, "log_buffer"},
    {Shortfall::Other, "other"},
}};
static_assert(rows_follow_enum(kShortfallNames, Shortfall::Other));

}  // namespace

std::string_view impact_name(Impact impact) {
  return row_for(kImpactNames, impact).name;
}

std::string_view impact_mark(Impact impact) {
  return row_for(kImpactNames, impact).mark;
}

std::string_view shortfall_name(Shortfall shortfall) {
  return row_for(kShortfallNames, shortfall).name;
}

}  // namespace simhadr
