#include "simhadr/models/network.hpp"

#include <algorithm>
#include <limits>

namespace simhadr {

namespace {
constexpr double kQuantumSeconds = 50e-6;
}

NetworkModel::NetworkModel(NetworkParams params, std::uint64_t window_bytes)
    : params_(params),
      one_way_(from_seconds(params.one_way_delay_seconds)),
      window_(std::max<std::uint64_t>(window_bytes, 1)),
      quantum_(std::numeric_limits<std::uint64_t>::max()) {
  if (params_.mbytes_per_sec) {
    const auto pages = static_cast<std::uint64_t>(payload_mbytes_per_sec() * kBytesPerMByte *
                                                  kQuantumSeconds / kPageBytes);
    quantum_ = pages_to_bytes(std::max<std::uint64_t>(pages, 1));
  }
  quantum_ = std::min(quantum_, window_);
}

Nanos NetworkModel::serialization(std::uint64_t bytes) const {
  if (!params_.mbytes_per_sec) return Nanos{0};
  return from_seconds(static_cast<double>(bytes) / (payload_mbytes_per_sec() * kBytesPerMByte));
}

std::uint64_t NetworkModel::next_piece(std::uint64_t pending, std::uint64_t room) const {
  const std::uint64_t piece = std::min(pending, quantum_);
  return room >= piece ? piece : 0;
}

double NetworkModel::throughput_bound() const {
  const double quantum_wire = params_.mbytes_per_sec ? to_seconds(serialization(quantum_)) : 0.0;
  const double cycle = to_seconds(round_trip()) + quantum_wire;
  const double window_bound = cycle > 0 ? static_cast<double>(window_) / kBytesPerMByte / cycle
                                        : std::numeric_limits<double>::infinity();
  return params_.mbytes_per_sec ? std::min(payload_mbytes_per_sec(), window_bound) : window_bound;
}

}  // namespace simhadr
