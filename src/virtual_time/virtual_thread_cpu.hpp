#pragma once
// -model's per-byte CPU in virtual time (ThreadCpuCost): each segment of the
// primary's flush reaches the wire once its thread has encrypted it and handed
// it to TCP, and the principal standby takes what arrives one piece after
// another on its one thread before its buffer has it. Without such costs both
// pass straight through.
#include <algorithm>
#include <optional>

#include "simhadr/thread_cpu_cost.hpp"
#include "virtual_time/event_queue.hpp"

namespace simhadr {

class VirtualThreadCpu {
 public:
  VirtualThreadCpu(std::optional<ThreadCpuCost> cost, EventQueue& events)
      : cost_(cost), events_(events) {}

  // True when the flush waits for the primary's thread: each Event::SenderDone
  // hands a segment of it (value bytes) to the wire.
  bool sending(Nanos now, std::uint64_t bytes) {
    if (!cost_) return false;
    // In remote catch-up a flush may be handed over while the last is still being worked on.
    const Nanos from = std::max(now, sent_by_);
    cost_->for_each_segment(bytes, [&](Nanos after, std::uint64_t segment) {
      sent_by_ = from + after;
      events_.at(sent_by_, Event::SenderDone, segment);
    });
    return true;
  }

  // True when the arrival waits for the standby's thread: Event::ReceiverDone
  // hands it to the standby. The auxiliaries' streams are not charged.
  bool receiving(Nanos now, const ScheduledEvent& arrival) {
    if (!cost_ || arrival.stream != 0) return false;
    received_by_ = std::max(received_by_, now) + cost_->receiver(arrival.value);
    events_.at(received_by_, Event::ReceiverDone, arrival.value, arrival.stream);
    return true;
  }

 private:
  std::optional<ThreadCpuCost> cost_;
  EventQueue& events_;
  Nanos sent_by_{};      // when the primary's thread has handed over all it was given
  Nanos received_by_{};  // when the standby's thread has taken all that arrived so far
};

}  // namespace simhadr
