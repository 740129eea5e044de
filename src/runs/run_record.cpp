#include "runs/run_record.hpp"

#include <array>

#include "simhadr/enum_names.hpp"

namespace simhadr {

namespace {

constexpr std::array<EnumName<RunKind>, 6> kKindNames{{
    {RunKind::Primary, "primary"},
    {RunKind::Standby, "standby"},
    {RunKind::Demo, "demo"},
    {RunKind::Model, "model"},
    {RunKind::DiskTest, "disk_test"},
    {RunKind::Calculate, "calculate"},
}};
static_assert(rows_follow_enum(kKindNames, RunKind::Calculate));

constexpr std::array<EnumName<RunEnd>, 3> kEndNames{{
    {RunEnd::Completed, "completed"},
    {RunEnd::Interrupted, "interrupted"},
    {RunEnd::Failed, "failed"},
}};
static_assert(rows_follow_enum(kEndNames, RunEnd::Failed));

}  // namespace

std::string_view kind_name(RunKind kind) {
  return row_for(kKindNames, kind).name;
}

std::string_view end_name(const RoleOutcome& outcome) {
  return row_for(kEndNames, outcome.end).name;
}

}  // namespace simhadr
