#pragma once
// What -compress did on one side of the link: the log it compressed (the
// primary) or restored (the standby), what that stream took on the wire, and
// the CPU this side's thread spent on it; or under -model, what it charged.
#include <cstdint>
#include <optional>

#include "simhadr/compression.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

// Where the figures come from: a real run measures them; -model is given a
// ratio and costs, or takes a codec's from a sample of the payload.
enum class CompressionSource : std::uint8_t { Measured, Given, Probed };

struct CompressionFacts {
  // The primary's codec and level, as its handshake named them; none for a ratio given to -model.
  std::optional<CompressionChoice> choice;
  std::uint64_t log_bytes = 0;   // before compression, after restoring
  std::uint64_t wire_bytes = 0;  // the compressed stream, as sent or received
  Nanos cpu{};                   // this side's thread, compressing or restoring
  CompressionSource source = CompressionSource::Measured;

  // Adds another connection's figures (a run that renewed its connection).
  void add(const CompressionFacts& other) {
    if (!choice) choice = other.choice;
    log_bytes += other.log_bytes;
    wire_bytes += other.wire_bytes;
    cpu += other.cpu;
  }
  // Log bytes per wire byte; 0 before any.
  double ratio() const {
    return wire_bytes > 0 ? static_cast<double>(log_bytes) / static_cast<double>(wire_bytes) : 0;
  }
  // CPU seconds per GB of log; 0 before any.
  double cpu_seconds_per_gb() const {
    return log_bytes > 0 ? to_seconds(cpu) / static_cast<double>(log_bytes) * kBytesPerGByte : 0;
  }
};

}  // namespace simhadr
