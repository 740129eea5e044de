#pragma once
// What the log pages carry (-payload). The original ships and writes pages of
// '.', which any compressing path (ssh -C, a WAN optimiser, storage with
// inline compression or deduplication) shrinks hundreds of times; a database's
// log shrinks a few times at most.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "simhadr/compression.hpp"

namespace simhadr {

enum class PayloadKind : std::uint8_t {
  Incompressible,  // random bytes, new in every page of the run
  Dots,            // the original's filler: every byte '.'
  Files,           // the DBA's own files (archived log), in order, cycled
};

// As -payload takes it and the reports write it: "incompressible", "dots", "files".
std::string_view payload_kind_name(PayloadKind kind);

struct PayloadFile {
  std::string path;
  std::uint64_t bytes = 0;  // its size when the run started
  bool operator==(const PayloadFile&) const = default;
};

struct PayloadSpec {
  PayloadKind kind = PayloadKind::Incompressible;
  std::vector<PayloadFile> files;  // Files: in the order given
  // What compressors make of it, measured at start-up where a run ships or writes it.
  std::optional<CompressionProbe> compressibility;
  std::uint64_t file_bytes() const;
  bool operator==(const PayloadSpec&) const = default;
};

}  // namespace simhadr
