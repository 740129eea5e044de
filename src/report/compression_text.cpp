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

void write_payload_coverage(std::ostream& out, const CompressionFacts& compression,
                            std::uint64_t set_bytes) {
  if (compression.source != CompressionSource::Measured || compression.log_bytes >= set_bytes) {
    return;
  }
  fmt::print(out,
             "Payload shipped: the first {:.0f}% of the files ({} of {} bytes), so the ratio "
             "above is that part's; the Payload: line's is of samples from all of them.\n",
             100.0 * static_cast<double>(compression.log_bytes) / static_cast<double>(set_bytes),
             compression.log_bytes, set_bytes);
}

}  // namespace simhadr
