#include "runs/verdict.hpp"

namespace simhadr {

std::optional<Bottleneck> verdict_for(const RunResult& side, const RunResult* other_side) {
  if (side.role == Role::Primary) return advise(side, other_side);
  if (side.modelled) return std::nullopt;
  return advise_standby(side);
}

}  // namespace simhadr
