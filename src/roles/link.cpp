#include "roles/link.hpp"

namespace simhadr {

bool Link::may_keep_waiting() {
  if (!stop_.requested()) return true;
  if (!give_up_at_) give_up_at_ = clock_.now() + kStopGrace;
  return clock_.now() < *give_up_at_;
}

namespace {

void tally(IoTally& calls, Pow2Histogram& sizes, std::size_t bytes) {
  calls.add(bytes);
  sizes.add(bytes);
}

}  // namespace

bool Link::await(bool (Transport::*wait)(Nanos)) {
  while (!(transport_.*wait)(kWaitSlice)) {
    if (!may_keep_waiting()) return false;
  }
  return true;
}

TransferEnd Link::send_all(std::span<const char> data, RunResult* counted) {
  while (!data.empty()) {
    const IoStep step = transport_.send_some(data);
    if (step.bytes > 0) {
      data = data.subspan(step.bytes);
      if (counted) tally(counted->sends, counted->send_bytes, step.bytes);
      continue;
    }
    if (!step.would_block) return TransferEnd::PeerClosed;
    log_.trace("Send would block: waiting for room in the socket send buffer.");
    const auto blocked_at = clock_.now();
    if (!await(&Transport::wait_writable)) return TransferEnd::Stopped;
    const Nanos blocked = clock_.now() - blocked_at;
    log_.trace("Congestion lasted {:.6f} seconds.", to_seconds(blocked));
    if (counted) {
      counted->congestions.add(0, blocked);
      counted->congestion_micros.add(to_whole_micros(blocked));
    }
  }
  return TransferEnd::Done;
}

TransferEnd Link::recv_exact(std::span<char> into, RunResult* counted) {
  while (!into.empty()) {
    const IoStep step = transport_.recv_some(into);
    if (step.bytes > 0) {
      into = into.subspan(step.bytes);
      if (counted) tally(counted->recvs, counted->recv_bytes, step.bytes);
      continue;
    }
    if (!step.would_block) return TransferEnd::PeerClosed;
    if (!await(&Transport::wait_readable)) return TransferEnd::Stopped;
  }
  return TransferEnd::Done;
}

IoStep Link::recv_available(std::span<char> into, RunResult& counted) {
  const IoStep step = transport_.recv_some(into);
  if (step.bytes > 0) tally(counted.recvs, counted.recv_bytes, step.bytes);
  return step;
}

}  // namespace simhadr
