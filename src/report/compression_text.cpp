#include "simhadr/report/compression_text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

namespace simhadr {

namespace {

std::string whence(const CompressionFacts& compression) {
  switch (compression.source) {
    case CompressionSource::Measured:
      return compression_choice_text(*compression.choice);
    case CompressionSource::Given:
      return "modelled, given with -compress";
    case CompressionSource::Probed:
      return fmt::format("modelled, {} as measured on a sample of the payload",
                         compression_choice_text(*compression.choice));
  }
  return {};
}

}  // namespace

void write_compression(std::ostream& out, const CompressionFacts& compression, Role role) {
  fmt::print(out,
             "Compression: {}, {:.2f} times smaller on the wire: {} bytes of log in {} bytes; "
             "{:.6f} CPU seconds per GB of log {} on this side.\n",
             whence(compression), compression.ratio(), compression.log_bytes,
             compression.wire_bytes, compression.cpu_seconds_per_gb(),
             role == Role::Primary ? "compressing" : "restoring");
}

}  // namespace simhadr
