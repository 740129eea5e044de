#include "runs/run_record.hpp"

namespace simhadr {

std::string_view kind_name(RunKind kind) {
  switch (kind) {
    case RunKind::Primary:
      return "primary";
    case RunKind::Standby:
      return "standby";
    case RunKind::Demo:
      return "demo";
    case RunKind::Model:
      return "model";
    case RunKind::DiskTest:
      return "disk_test";
    case RunKind::Calculate:
      return "calculate";
  }
  return "primary";
}

std::string_view end_name(const RoleOutcome& outcome) {
  switch (outcome.end) {
    case RunEnd::Completed:
      return "completed";
    case RunEnd::Interrupted:
      return "interrupted";
    case RunEnd::Failed:
      return "failed";
  }
  return "failed";
}

}  // namespace simhadr
