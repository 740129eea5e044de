#pragma once
// Before a run ships or writes its payload: what compressors make of it
// (the compression probe), kept in the configuration for every report.
#include "simhadr/action.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

// Measures, where `action` ships or writes the payload; throws PayloadError
// when a file cannot be read.
void measure_payload_compression(Action action, RunConfig& config);

}  // namespace simhadr
