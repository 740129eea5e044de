#include "simhadr/models/thread_shipping.hpp"

#include <algorithm>

namespace simhadr {

namespace {

// Where the stages stand after a flush's last piece.
struct FlowEnd {
  Nanos last_handed_over;  // the wire took the flush's last piece: the send returns
  Nanos wire_free;
  Nanos receiver_free;
};

// One flush, its send starting at `start` with the wire busy until `wire_free`
// and the standby's thread idle.
FlowEnd flow(std::uint64_t flush_bytes, const ThreadCpuCost& cpu, const NetworkModel& network,
             Nanos start, Nanos wire_free) {
  FlowEnd end{start, wire_free, start};
  const std::uint64_t quantum = network.quantum_bytes();
  cpu.for_each_segment(flush_bytes, [&](Nanos after, std::uint64_t segment) {
    const Nanos handed = start + after;
    for (std::uint64_t carried = 0; carried < segment; carried += quantum) {
      const std::uint64_t piece = std::min(quantum, segment - carried);
      end.last_handed_over = std::max(end.wire_free, handed);
      end.wire_free = end.last_handed_over + network.serialization(piece);
      end.receiver_free = std::max(end.receiver_free, end.wire_free) + cpu.receiver(piece);
    }
  });
  return end;
}

}  // namespace

ThreadShipping thread_shipping(std::uint64_t flush_bytes, const ThreadCpuCost& cpu,
                               const NetworkModel& network) {
  const FlowEnd first = flow(flush_bytes, cpu, network, Nanos{0}, Nanos{0});
  // The second flush meets the wire as the first left it; every later one does the same.
  const FlowEnd second = flow(flush_bytes, cpu, network, first.last_handed_over, first.wire_free);
  return {to_seconds(cpu.sender(flush_bytes)), to_seconds(cpu.receiver(flush_bytes)),
          to_seconds(first.receiver_free),
          to_seconds(second.last_handed_over - first.last_handed_over)};
}

}  // namespace simhadr
