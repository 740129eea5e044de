#pragma once
// -tls, -tcpCost: how long a flush takes from the primary's thread over the
// wire to the standby's, when both threads charge CPU per byte
// (ThreadCpuCost). The flush moves in pieces through three stages one after
// the other: the primary's thread hands it to TCP a segment at a time, the
// wire carries each segment a quantum at a time (NetworkModel), and the
// standby's thread takes each piece as it arrives. A stage starts on a piece
// once the stage before has finished it and it has finished the piece before:
// a flow shop, worked out piece by piece here, event by event in virtual time.
#include <cstdint>

#include "simhadr/models/network.hpp"
#include "simhadr/thread_cpu_cost.hpp"

namespace simhadr {

struct ThreadShipping {
  double sender_cpu = 0;    // seconds: the primary's thread on the whole flush
  double receiver_cpu = 0;  // the standby's thread on the whole flush
  // From the primary's first byte to TCP until the standby's thread has the
  // last, less the one-way delay (the round trip is counted on its own).
  double ship = 0;
  // Between one send's start and the next, flushes back to back: a send
  // returns once the send buffer holds its bytes, so the primary's thread, the
  // wire and the standby's thread each work at their own pace and the slowest
  // sets it (the asynchronous modes' pace; a slower standby's thread through
  // the window).
  double send_cycle = 0;
};

// The link's window is taken to be large enough not to bind.
ThreadShipping thread_shipping(std::uint64_t flush_bytes, const ThreadCpuCost& cpu,
                               const NetworkModel& network);

}  // namespace simhadr
