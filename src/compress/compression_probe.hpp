#pragma once
// What each compressor built in makes of a sample of the payload: its ratio,
// and the CPU it spends per GB of log to compress and to restore, measured on
// this host's thread as the run starts.
#include <span>

#include "simhadr/compression.hpp"

namespace simhadr {

CompressionProbe probe_compression(std::span<const char> sample);

}  // namespace simhadr
