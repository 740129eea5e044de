#include "runs/verdict.hpp"

namespace simhadr {

std::optional<Bottleneck> verdict_for(const RunResult& side, const RunResult* other_side) {
  if (side.settings.role == Role::Primary) return advise(side, other_side);
  if (side.settings.modelled) return std::nullopt;
  return advise_standby(side);
}

void finish_side(RoleOutcome& side, const RoleOutcome* other_side, Reporter& report) {
  if (!side.reportable()) return;
  const bool pair = other_side && other_side->reportable();
  side.verdict = verdict_for(side.result, pair ? &other_side->result : nullptr);
  report.side_finished(side);
}

}  // namespace simhadr
