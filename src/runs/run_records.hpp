#pragma once
// After a run: the -json document and the -csv rows, built from what the roles
// returned. Nothing here measures or prints the text report.
#include <chrono>
#include <span>
#include <string_view>

#include "roles/role_outcome.hpp"
#include "runs/disk_run.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

enum class RunKind : std::uint8_t { Primary, Standby, Demo, Model, DiskTest };

// As the JSON document's "kind" spells it.
std::string_view kind_name(RunKind kind);

// A demo's or a model's sides are the primary, then the standby.
void record_shipping(const RunConfig& config, RunKind kind,
                     std::chrono::system_clock::time_point started,
                     std::span<const RoleOutcome> sides);

// A run that ended in an error before any side had a result: a document with
// no runs and the error. Never throws; a file it cannot write is warned about.
void record_failure(const RunConfig& config, RunKind kind,
                    std::chrono::system_clock::time_point started, const std::string& error);

void record_disk_test(const RunConfig& config, std::chrono::system_clock::time_point started,
                      const DiskTestOutcome& outcome);

}  // namespace simhadr
