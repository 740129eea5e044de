#include "simhadr/payload.hpp"

#include <numeric>

namespace simhadr {

std::string_view payload_kind_name(PayloadKind kind) {
  switch (kind) {
    case PayloadKind::Incompressible:
      return "incompressible";
    case PayloadKind::Dots:
      return "dots";
    case PayloadKind::Files:
      return "files";
  }
  return "incompressible";
}

std::uint64_t PayloadSpec::file_bytes() const {
  return std::accumulate(files.begin(), files.end(), std::uint64_t{0},
                         [](std::uint64_t sum, const PayloadFile& f) { return sum + f.bytes; });
}

}  // namespace simhadr
