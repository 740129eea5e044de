#include "runs/verdict.hpp"

namespace simhadr {

std::optional<Bottleneck> verdict_for(const RunResult& side, const RunResult* other_side) {
  if (side.settings.role == Role::Primary) return advise(side, other_side);
  if (side.settings.modelled) return std::nullopt;
  return advise_standby(side);
}

}  // namespace simhadr
