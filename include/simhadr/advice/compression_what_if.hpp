#pragma once
// The advisor's what-if when the link sets the pace: the payload probe's
// compressors, each at the ratio and CPU it measured, put on the link in the
// models (the wire carries the log at the ratio, each side's thread pays the
// compressor's CPU in series with its other work), and the best of them kept.
#include <optional>

#include "simhadr/advice/bottleneck.hpp"
#include "simhadr/advice/bottleneck_inputs.hpp"

namespace simhadr {

// None unless the run's link was uncompressed, its payload probed, and the
// link modelled (-netRate) or measured as a wire.
std::optional<CompressionWhatIf> compression_what_if(const RunResult& primary, const Inputs& in);

}  // namespace simhadr
