#pragma once
// What the models and the serial path allow one sync mode: the pipeline's
// limits, which hold whatever the mode, against the mode's closed form; the
// tightest of them names the resource.
#include <vector>

#include "simhadr/advice/bottleneck.hpp"
#include "simhadr/advice/bottleneck_inputs.hpp"

namespace simhadr {

struct ModelsLimit {
  Resource resource = Resource::Unknown;  // Unknown when nothing modelled sets a limit
  double mbytes_per_sec = 0;              // infinite then
  std::vector<ResourceLimit> limits;      // the pipeline's
};

ModelsLimit models_limit(SyncMode mode, const Inputs& in);

// The mode's rate: its closed form, capped by each of `limits`.
double forecast(SyncMode mode, const Inputs& in, const std::vector<ResourceLimit>& limits);

}  // namespace simhadr
