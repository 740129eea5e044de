#pragma once
// What a run leaves behind, whatever it was: its kind, when it began, and
// what it measured, which is one of: its sides (a shipping run, a demo, a
// model), a disk test's figures, -calculate's calculation, -diagnose's
// diagnosis, or the error that
// ended it before it measured anything. The outputs visit the one it holds.
#include <chrono>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "roles/role_outcome.hpp"
#include "runs/disk_run.hpp"
#include "simhadr/action.hpp"
#include "simhadr/advice/diagnosis.hpp"
#include "simhadr/report/calculation_json.hpp"

namespace simhadr {

// "completed", "interrupted" or "failed", as JSON and CSV spell a side's end.
std::string_view end_name(const RoleOutcome& outcome);

// The sides of a run: a demo's or a model's are the primary, then the standby.
struct SidesRecord {
  std::span<const RoleOutcome> sides;
};
struct DiskTestRecord {
  std::reference_wrapper<const DiskTestOutcome> outcome;
};
struct CalculationRecord {
  std::reference_wrapper<const Calculation> calculation;
};
struct DiagnosisRecord {
  std::reference_wrapper<const PairDiagnosis> diagnosis;
};
// A run that ended before it measured anything.
struct ErrorRecord {
  std::string error;
};

struct RunRecord {
  Action kind = Action::Primary;
  std::chrono::system_clock::time_point started;
  std::variant<SidesRecord, DiskTestRecord, CalculationRecord, DiagnosisRecord, ErrorRecord>
      measured;

  static RunRecord of_sides(Action kind, std::chrono::system_clock::time_point started,
                            std::span<const RoleOutcome> sides) {
    return {kind, started, SidesRecord{sides}};
  }
  static RunRecord of_disk_test(std::chrono::system_clock::time_point started,
                                const DiskTestOutcome& outcome) {
    return {Action::DiskTest, started, DiskTestRecord{outcome}};
  }
  static RunRecord of_error(Action kind, std::chrono::system_clock::time_point started,
                            std::string error) {
    return {kind, started, ErrorRecord{std::move(error)}};
  }
  static RunRecord of_calculation(std::chrono::system_clock::time_point started,
                                  const Calculation& calculation) {
    return {Action::Calculate, started, CalculationRecord{calculation}};
  }
  static RunRecord of_diagnosis(std::chrono::system_clock::time_point started,
                                const PairDiagnosis& diagnosis) {
    return {Action::Diagnose, started, DiagnosisRecord{diagnosis}};
  }
  // The error that ended the run before it measured anything; none otherwise.
  const std::string* error() const {
    const auto* failed = std::get_if<ErrorRecord>(&measured);
    return failed ? &failed->error : nullptr;
  }
};

// Lambdas, one for each alternative, as one visitor for std::visit.
template <typename... Lambdas>
struct Overloaded : Lambdas... {
  using Lambdas::operator()...;
};

}  // namespace simhadr
