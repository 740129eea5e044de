#include "roles/link.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "simhadr/wire/protocol_error.hpp"

namespace simhadr {

namespace {
// What one receive takes of bytes that are only dropped.
constexpr std::size_t kDrainBytes = 4096;
}  // namespace

bool Link::may_keep_waiting() {
  if (!stop_.requested()) return true;
  if (!give_up_at_) give_up_at_ = clock_.now() + kStopGrace;
  return clock_.now() < *give_up_at_;
}

void Link::moved(const IoStep& step) {
  if (step.bytes > 0 || step.progressed) waited_without_progress_ = Nanos{0};
}

bool Link::timed_wait(bool (Transport::*wait)(Nanos), Nanos slice) {
  // A wait that ends ready is followed by a transfer, which moved() counts as progress, so
  // only one that ran out adds to the stall, by its whole slice: no clock read per flush.
  const bool ready = (transport_->*wait)(slice);
  if (!ready) waited_without_progress_ += slice;
  return ready;
}

void Link::throw_if_stalled(std::string_view waiting_to, bool receiving) const {
  if (receiving && first_message_bound_ > Nanos{0}) {
    if (waited_without_progress_ < first_message_bound_) return;
    throw ProtocolError(
        fmt::format("the other side sent nothing simhadr sends within {:g} s of connecting "
                    "({}): is it simhadr?",
                    to_seconds(first_message_bound_), first_message_option_));
  }
  if (stall_bound_ <= Nanos{0} || waited_without_progress_ < stall_bound_) return;
  throw TransportError(
      fmt::format("the connection stalled: nothing sent or received for {:g} s while waiting to {} "
                  "(-stallTimeout; 0 waits without end)",
                  to_seconds(stall_bound_), waiting_to));
}

TransferEnd Link::await(bool (Transport::*wait)(Nanos), std::string_view waiting_to) {
  while (!timed_wait(wait, slice_)) {
    if (!may_keep_waiting()) return TransferEnd::Stopped;
    if (interrupted()) return TransferEnd::Interrupted;
    throw_if_stalled(waiting_to);
  }
  return TransferEnd::Done;
}

bool Link::wait_readable(Nanos at_most) {
  if (timed_wait(&Transport::wait_readable, std::min(at_most, slice_))) return true;
  throw_if_stalled("receive", true);
  return false;
}

TransferEnd Link::send_all(std::span<const char> data, RunResult* counted, std::size_t* sent) {
  while (!data.empty()) {
    const IoStep step = transport_->send_some(data);
    moved(step);
    waited_without_progress_ += step.waited;  // a blocking transport (-block) waits inside the call
    if (step.bytes > 0) {
      data = data.subspan(step.bytes);
      if (counted) counted->note_send(step.bytes);
      if (sent) *sent += step.bytes;
      continue;
    }
    if (!step.would_block) return TransferEnd::PeerClosed;
    log_.trace("Send would block: waiting for room in the socket send buffer.");
    const auto blocked_at = clock_.now();
    if (const TransferEnd end = await(&Transport::wait_writable, "send");
        end != TransferEnd::Done) {
      return end;
    }
    const Nanos blocked = clock_.now() - blocked_at;
    log_.trace("Congestion lasted {:.6f} seconds.", to_seconds(blocked));
    if (counted) counted->note_congestion(blocked);
  }
  return TransferEnd::Done;
}

// What recv_exact waits for (a handshake, an answer, an ack) is a reply to
// something just sent or the start of a run, so it waits and reads in one call.
TransferEnd Link::recv_exact(std::span<char> into, RunResult* counted) {
  const std::size_t wanted = into.size();
  while (!into.empty()) {
    const IoStep step = recv_waiting(into, {}, counted);
    if (step.bytes > 0) {
      into = into.subspan(step.bytes);
      continue;
    }
    if (!step.would_block) {
      // A close between messages ends the exchange; one inside a message breaks it.
      if (into.size() == wanted) return TransferEnd::PeerClosed;
      throw TransportError(
          fmt::format("the other side closed the connection after {} of the {} bytes of a message",
                      wanted - into.size(), wanted));
    }
    if (!may_keep_waiting()) return TransferEnd::Stopped;
    // Between messages only: half an ack is not to be lost.
    if (into.size() == wanted && interrupted()) return TransferEnd::Interrupted;
  }
  return TransferEnd::Done;
}

IoStep Link::recv_waiting(std::span<char> first, std::span<char> second, RunResult* counted) {
  const IoStep step = transport_->recv_waiting(first, second, slice_);
  moved(step);
  if (step.bytes > 0) {
    if (counted) counted->note_recv(step.bytes);
    return step;
  }
  waited_without_progress_ += step.waited;
  if (step.would_block) throw_if_stalled("receive", true);
  return step;
}

void Link::close_and_drain(Nanos at_most) {
  transport_->close();
  std::array<char, kDrainBytes> dropped{};
  const auto until = clock_.now() + at_most;
  try {
    while (clock_.now() < until) {
      const IoStep step = transport_->recv_waiting(dropped, {}, kStopCheckSlice);
      if (step.bytes == 0 && !step.would_block) return;
    }
  } catch (const TransportError&) {
    // A reset ends it as surely as a close.
  } catch (const ProtocolError&) {
    // So do bytes that make no sense (a compressed stream that does not restore).
  }
}

PeerNews Link::look_at_peer() {
  if (!transport_->wait_readable(Nanos{0})) return PeerNews::Nothing;
  std::array<char, kDrainBytes> dropped{};
  const IoStep step = transport_->recv_some(dropped);
  if (step.bytes > 0) {
    dropped_total_ = step.bytes;
    dropped_bytes_ = std::min(step.bytes, dropped_.size());
    std::copy_n(dropped.begin(), dropped_bytes_, dropped_.begin());
    return PeerNews::SentBytes;
  }
  return step.would_block ? PeerNews::Nothing : PeerNews::Closed;
}

IoStep Link::recv_available(std::span<char> first, std::span<char> second, RunResult& counted) {
  const IoStep step = transport_->recv_around(first, second);
  moved(step);
  if (step.bytes > 0) counted.note_recv(step.bytes);
  return step;
}

}  // namespace simhadr
