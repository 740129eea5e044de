#pragma once
// Before a run ships or writes its payload: what compressors make of it
// (the compression probe), kept in the configuration for every report.
#include <cstddef>
#include <optional>
#include <string>

#include "simhadr/config.hpp"

namespace simhadr {

// A few MB: a database's log varies over that much, and the three
// compressors measure it in a fraction of a second.
inline constexpr std::size_t kProbeSampleBytes = std::size_t{16} << 20;

// Measures, where the run ships or writes the payload. The figures only
// inform: a probe that fails leaves them out, and what went wrong comes back
// for a warning, while the run goes on (and meets a file it cannot read itself).
std::optional<std::string> measure_payload_compression(RunConfig& config);

}  // namespace simhadr
