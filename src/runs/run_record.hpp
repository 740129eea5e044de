#pragma once
// What a run leaves behind, whatever it was: its kind, when it began, and
// either its sides (a shipping run, a demo, a model) or a disk test's
// figures, or the error that ended it before it measured anything.
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "roles/role_outcome.hpp"
#include "runs/disk_run.hpp"
#include "simhadr/action.hpp"
#include "simhadr/report/calculation_json.hpp"

namespace simhadr {

// "completed", "interrupted" or "failed", as JSON and CSV spell a side's end.
std::string_view end_name(const RoleOutcome& outcome);

struct RunRecord {
  Action kind = Action::Primary;
  std::chrono::system_clock::time_point started;
  std::span<const RoleOutcome> sides;        // a demo's or a model's: the primary, then the standby
  const DiskTestOutcome* disk = nullptr;     // a disk test's
  std::optional<std::string> error;          // a run that ended before it measured anything
  const Calculation* calculation = nullptr;  // -calculate's

  static RunRecord of_sides(Action kind, std::chrono::system_clock::time_point started,
                            std::span<const RoleOutcome> sides) {
    return {kind, started, sides, nullptr, std::nullopt};
  }
  static RunRecord of_disk_test(std::chrono::system_clock::time_point started,
                                const DiskTestOutcome& outcome) {
    return {Action::DiskTest, started, {}, &outcome, std::nullopt};
  }
  static RunRecord of_error(Action kind, std::chrono::system_clock::time_point started,
                            std::string error) {
    return {kind, started, {}, nullptr, std::move(error)};
  }
  static RunRecord of_calculation(std::chrono::system_clock::time_point started,
                                  const Calculation& calculation) {
    return {Action::Calculate, started, {}, nullptr, std::nullopt, &calculation};
  }
};

}  // namespace simhadr
