#pragma once
// The network the simulator adds to a connection (-netDelay, -netRate):
// pure arithmetic shared by the real connection's shaper and the
// virtual-time mode, so both apply the same rules.
//   - Bytes go onto the wire one piece (quantum) at a time; a piece of B
//     bytes occupies the wire for B / rate.
//   - A piece counts against the window from the moment it is handed over
//     until its acknowledgement could be back: wire end + round trip.
//   - Everything travelling back (acks) arrives one round trip after the
//     wire end of the last piece sent before it.
//   - The rate is the link's, on the wire: of every full Ethernet frame on a
//     1500-byte MTU (1538 bytes with preamble, gap and checksum), 1448 bytes
//     are TCP payload (the rest is Ethernet, IP and TCP with timestamps), so
//     the log moves at 94.1% of it.
//   - Under -model -compress the wire carries each byte of log as 1/compression
//     of a byte, so in bytes of log the rate and the window are compression
//     times larger; every figure here is in bytes of log.
// So throughput is min(payload rate, window / (round trip + quantum / payload rate)).
#include <cstdint>

#include "simhadr/config.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

class NetworkModel {
 public:
  NetworkModel(NetworkParams params, std::uint64_t window_bytes);

  Nanos one_way_delay() const { return one_way_; }
  Nanos round_trip() const { return one_way_ * 2; }
  bool rate_limited() const { return params_.rate.has_value(); }
  // The link's rate, as given, and what of it carries log bytes.
  MBytesPerSec rate() const { return params_.rate.value_or(MBytesPerSec{}); }
  MBytesPerSec payload_rate() const { return rate() * kPayloadShare; }
  // The log the payload rate carries: more than it when compressed.
  MBytesPerSec log_rate() const { return payload_rate() * params_.compression; }
  double compression() const { return params_.compression; }
  static constexpr double kPayloadShare = 1448.0 / 1538.0;
  // Time on the wire of `bytes` of log; zero without a rate.
  Nanos serialization(std::uint64_t bytes) const;
  std::uint64_t window_bytes() const { return window_; }
  // The largest piece handed over at once: about 50 us of wire time, whole
  // pages, at most the window. Unbounded without a rate.
  std::uint64_t quantum_bytes() const { return quantum_; }
  // The size of the next piece of `pending` bytes when `room` is free in the
  // window; 0 means wait for room (a piece is never cut below its quantum).
  std::uint64_t next_piece(std::uint64_t pending, std::uint64_t room) const;
  // What the model lets through at most.
  MBytesPerSec throughput_bound() const;

 private:
  NetworkParams params_;
  Nanos one_way_;
  std::uint64_t window_;
  std::uint64_t quantum_;
};

}  // namespace simhadr
