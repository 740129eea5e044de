#pragma once
// What each compressor built in makes of a sample of the payload: its ratio,
// and the CPU it spends per GB of log to compress and to restore, measured on
// this host's thread as the run starts.
#include <cstddef>
#include <optional>
#include <span>

#include "simhadr/compression.hpp"

namespace simhadr {

// `slice_bytes`: where the sample is slices of a larger set, their length, for
// the spread between them (0: the sample is the whole payload).
CompressionProbe probe_compression(std::span<const char> sample, std::size_t slice_bytes = 0);
// One compressor as -compress streams it, the sample cut into pieces of
// piece_bytes (a flush), at the level given; none where this build lacks it.
std::optional<CompressorFigures> probe_stream(std::span<const char> sample,
                                              CompressionChoice choice, std::size_t piece_bytes);

}  // namespace simhadr
