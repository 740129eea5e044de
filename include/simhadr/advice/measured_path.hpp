#pragma once
// What a real primary can learn of the path to its standby from its own
// connection (the kernel's TCP statistics) and its own CPU time: how fast the
// path carried bytes while it was busy, whether that pace was a wire's or this
// host's CPU's, and how long the standby or the send buffer held TCP back.
#include <optional>

#include "simhadr/measure/run_result.hpp"

namespace simhadr {

struct MeasuredPath {
  // Bytes acknowledged / time the path was busy outside the connection's
  // stalls: the link's rate while it carried anything, in bytes of log (with
  // -compress, the wire's times the ratio the run measured).
  double mbytes_per_sec = 0;
  double compression_ratio = 1;       // -compress: log bytes per byte on the wire
  double wire_mbytes_per_sec = 0;     // every byte sent, retransmissions too, in the same time
  double wire_seconds_per_flush = 0;  // the mean flush at that pace
  // The pace was the path's: another host, and far slower than this process
  // hands bytes to the kernel. On one host the "wire" is a CPU copying memory.
  bool is_wire = false;
  bool same_host = false;                // both ends on this host
  double receiver_limited_share = 0;     // of the run: the standby's window was closed
  double send_buffer_limited_share = 0;  // of the run: all the send buffer was in flight
  double min_round_trip = 0;             // seconds, TCP's smallest
  double retransmitted_share = 0;        // of the bytes sent
  double stalled_share = 0;              // of the run: the connection's stalls
};

// Empty for modelled runs and where the kernel gave no statistics.
std::optional<MeasuredPath> measure_path(const RunResult& primary);

}  // namespace simhadr
