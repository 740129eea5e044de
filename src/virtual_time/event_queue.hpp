#pragma once
// The virtual-time mode's agenda: events in time order, and in the order
// they were scheduled when times are equal, so every run is the same.
#include <cstdint>
#include <queue>
#include <vector>

#include "simhadr/units.hpp"

namespace simhadr {

enum class Event : std::uint8_t {
  FlushStart,        // the primary may begin its next flush
  PrimaryIoDone,     // the primary's write (or SUPERASYNC read) of the flush ended
  WireFree,          // the wire can take the next piece
  WindowOpen,        // value bytes left the window (their acknowledgement is back)
  Arrival,           // value bytes reached the standby's socket
  AckArrival,        // an ack reached the primary
  StandbyWriteDone,  // value bytes are on the standby's disk
  ReplayDone,        // value bytes of the oldest written flush are replayed
  UplinkFree,        // the primary's shared uplink (-uplinkRate) can take the next piece
};

struct ScheduledEvent {
  Nanos at{};
  std::uint64_t order = 0;
  Event event = Event::FlushStart;
  std::uint64_t value = 0;
  std::uint8_t stream = 0;  // whose link or standby: 0 the principal, then the auxiliaries
  bool operator>(const ScheduledEvent& other) const {
    return at != other.at ? at > other.at : order > other.order;
  }
};

class EventQueue {
 public:
  void at(Nanos when, Event event, std::uint64_t value = 0, std::uint8_t stream = 0) {
    events_.push({when, next_order_++, event, value, stream});
  }
  bool empty() const { return events_.empty(); }
  ScheduledEvent pop() {
    ScheduledEvent next = events_.top();
    events_.pop();
    return next;
  }

 private:
  std::priority_queue<ScheduledEvent, std::vector<ScheduledEvent>, std::greater<>> events_;
  std::uint64_t next_order_ = 0;
};

}  // namespace simhadr
