#include "runs/run_record.hpp"

#include <array>

#include "simhadr/enum_names.hpp"

namespace simhadr {

namespace {

constexpr std::array<EnumName<RunEnd>, 3> kEndNames{{
    {RunEnd::Completed, "completed"},
    {RunEnd::Interrupted, "interrupted"},
    {RunEnd::Failed, "failed"},
}};
static_assert(rows_follow_enum(kEndNames, RunEnd::Failed));

}  // namespace

std::string_view end_name(const RoleOutcome& outcome) {
  return row_for(kEndNames, outcome.end).name;
}

}  // namespace simhadr
