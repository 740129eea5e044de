#include "simhadr/models/thread_shipping.hpp"

#include <algorithm>

namespace simhadr {

namespace {

// Where the stages stand after a flush's last piece.
struct FlowEnd {
  Nanos wire_free;
  Nanos receiver_free;
  Nanos wire_busy;  // the flush's own time on the wire, piece by piece
};

// One flush from idle: the primary's thread hands each segment on as it has
// worked it, the wire takes each piece when it has both the piece and room,
// and the standby's thread takes it once it has crossed.
FlowEnd flow(std::uint64_t flush_bytes, const ThreadCpuCost& cpu, const NetworkModel& network) {
  FlowEnd end{};
  const std::uint64_t quantum = network.quantum_bytes();
  cpu.for_each_segment(flush_bytes, [&](Nanos handed, std::uint64_t segment) {
    for (std::uint64_t carried = 0; carried < segment; carried += quantum) {
      const std::uint64_t piece = std::min(quantum, segment - carried);
      const Nanos on_wire = network.serialization(piece);
      end.wire_free = std::max(end.wire_free, handed) + on_wire;
      end.wire_busy += on_wire;
      end.receiver_free = std::max(end.receiver_free, end.wire_free) + cpu.receiver(piece);
    }
  });
  return end;
}

}  // namespace

ThreadShipping thread_shipping(std::uint64_t flush_bytes, const ThreadCpuCost& cpu,
                               const NetworkModel& network) {
  const FlowEnd first = flow(flush_bytes, cpu, network);
  const Nanos sender = cpu.sender(flush_bytes);
  const Nanos receiver = cpu.receiver(flush_bytes);
  // Flush after flush, the send buffer lets each stage work on its own: the
  // slowest of them sets the pace, and the window fills ahead of it.
  const Nanos cycle = std::max({sender, first.wire_busy, receiver});
  return {to_seconds(sender), to_seconds(receiver), to_seconds(first.receiver_free),
          to_seconds(cycle)};
}

}  // namespace simhadr
