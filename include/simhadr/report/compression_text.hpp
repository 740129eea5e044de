#pragma once
// The line after the TLS line of a run with -compress: the codec, how much
// smaller the log went on the wire, and what it cost this side's thread.
// "Compression: zstd:1, 2.84 times smaller on the wire: 412090368 bytes of log
// in 145102240 bytes; 0.912345 CPU seconds per GB of log compressing on this side."
// Under -model it says so, and whence the ratio and costs came.
#include <ostream>

#include "simhadr/config.hpp"
#include "simhadr/measure/compression_facts.hpp"

namespace simhadr {

void write_compression(std::ostream& out, const CompressionFacts& compression, Role role);

}  // namespace simhadr
