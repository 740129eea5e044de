#pragma once
// The line after the TLS line of a run with -compress: the codec, how much
// smaller the log went on the wire, and what it cost this side's thread.
// "Compression: zstd:1, 2.84 times smaller on the wire: 412090368 bytes of log
// in 145102240 bytes; 0.912345 CPU seconds per GB of log compressing on this side."
// Under -model it says so, and whence the ratio and costs came.
#include <cstdint>
#include <ostream>

#include "simhadr/config.hpp"
#include "simhadr/measure/compression_facts.hpp"

namespace simhadr {

void write_compression(std::ostream& out, const CompressionFacts& compression, Role role);

// After it, on a real primary whose -payload files (`set_bytes` in all) were
// not all shipped: the ratio measured is of the files' first part, the
// Payload: line's probe of samples from all of them.
// "Payload shipped: the first 71% of the files (135004160 of 188753088 bytes), ..."
void write_payload_coverage(std::ostream& out, const CompressionFacts& compression,
                            std::uint64_t set_bytes);

}  // namespace simhadr
