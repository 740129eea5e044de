#include "roles/link.hpp"

#include <fmt/format.h>

namespace simhadr {

bool Link::may_keep_waiting() {
  if (!stop_.requested()) return true;
  if (!give_up_at_) give_up_at_ = clock_.now() + kStopGrace;
  return clock_.now() < *give_up_at_;
}

void Link::moved(std::size_t bytes) {
  if (bytes > 0) waited_without_progress_ = Nanos{0};
}

bool Link::timed_wait(bool (Transport::*wait)(Nanos), Nanos slice) {
  // A wait that ends ready is followed by a transfer, which moved() counts as progress, so
  // only one that ran out adds to the stall, by its whole slice: no clock read per flush.
  const bool ready = (transport_.*wait)(slice);
  if (!ready) waited_without_progress_ += slice;
  return ready;
}

void Link::throw_if_stalled(std::string_view waiting_to) const {
  if (stall_bound_ <= Nanos{0} || waited_without_progress_ < stall_bound_) return;
  throw TransportError(
      fmt::format("the connection stalled: nothing sent or received for {:g} s while waiting to {} "
                  "(-stallTimeout; 0 waits without end)",
                  to_seconds(stall_bound_), waiting_to));
}

bool Link::await(bool (Transport::*wait)(Nanos), std::string_view waiting_to) {
  while (!timed_wait(wait)) {
    if (!may_keep_waiting()) return false;
    throw_if_stalled(waiting_to);
  }
  return true;
}

void Link::wait_readable(Nanos at_most) {
  if (!timed_wait(&Transport::wait_readable, std::min(at_most, kStopCheckSlice))) {
    throw_if_stalled("receive");
  }
}

TransferEnd Link::send_all(std::span<const char> data, RunResult* counted) {
  while (!data.empty()) {
    const IoStep step = transport_.send_some(data);
    moved(step.bytes);
    waited_without_progress_ += step.waited;  // a blocking transport (-block) waits inside the call
    if (step.bytes > 0) {
      data = data.subspan(step.bytes);
      if (counted) counted->note_send(step.bytes);
      continue;
    }
    if (!step.would_block) return TransferEnd::PeerClosed;
    log_.trace("Send would block: waiting for room in the socket send buffer.");
    const auto blocked_at = clock_.now();
    if (!await(&Transport::wait_writable, "send")) return TransferEnd::Stopped;
    const Nanos blocked = clock_.now() - blocked_at;
    log_.trace("Congestion lasted {:.6f} seconds.", to_seconds(blocked));
    if (counted) counted->note_congestion(blocked);
  }
  return TransferEnd::Done;
}

// What recv_exact waits for (a handshake, an answer, an ack) is a reply to
// something just sent or the start of a run, so it waits and reads in one call.
TransferEnd Link::recv_exact(std::span<char> into, RunResult* counted) {
  while (!into.empty()) {
    const IoStep step = recv_waiting(into, {}, counted);
    if (step.bytes > 0) {
      into = into.subspan(step.bytes);
      continue;
    }
    if (!step.would_block) return TransferEnd::PeerClosed;
    if (!may_keep_waiting()) return TransferEnd::Stopped;
  }
  return TransferEnd::Done;
}

IoStep Link::recv_waiting(std::span<char> first, std::span<char> second, RunResult* counted) {
  const IoStep step = transport_.recv_waiting(first, second, kStopCheckSlice);
  moved(step.bytes);
  if (step.bytes > 0) {
    if (counted) counted->note_recv(step.bytes);
    return step;
  }
  waited_without_progress_ += step.waited;
  if (step.would_block) throw_if_stalled("receive");
  return step;
}

IoStep Link::recv_available(std::span<char> first, std::span<char> second, RunResult& counted) {
  const IoStep step = transport_.recv_around(first, second);
  moved(step.bytes);
  if (step.bytes > 0) counted.note_recv(step.bytes);
  return step;
}

}  // namespace simhadr
