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
      window_(std::max<std::uint64_t>(
          static_cast<std::uint64_t>(static_cast<double>(window_bytes) * params.compression), 1)),
      quantum_(std::numeric_limits<std::uint64_t>::max()) {
  if (params_.rate) {
    const auto pages =
        static_cast<std::uint64_t>(log_rate().bytes_per_sec() * kQuantumSeconds / kPageBytes);
    quantum_ = pages_to_bytes(std::max<std::uint64_t>(pages, 1));
  }
  quantum_ = std::min(quantum_, window_);
}

Nanos NetworkModel::serialization(std::uint64_t bytes) const {
  if (!params_.rate) return Nanos{0};
  return from_seconds(log_rate().seconds_for(static_cast<double>(bytes)));
}

std::uint64_t NetworkModel::next_piece(std::uint64_t pending, std::uint64_t room) const {
  const std::uint64_t piece = std::min(pending, quantum_);
  return room >= piece ? piece : 0;
}

MBytesPerSec NetworkModel::throughput_bound() const {
  const double quantum_wire = params_.rate ? to_seconds(serialization(quantum_)) : 0.0;
  const double cycle = to_seconds(round_trip()) + quantum_wire;
  const MBytesPerSec window_bound = cycle > 0
                                        ? MBytesPerSec::of(static_cast<double>(window_), cycle)
                                        : MBytesPerSec{std::numeric_limits<double>::infinity()};
  return params_.rate ? std::min(log_rate(), window_bound) : window_bound;
}

}  // namespace simhadr
