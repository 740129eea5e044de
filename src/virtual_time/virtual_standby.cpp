#include "virtual_time/virtual_standby.hpp"

#include <algorithm>

#include "simhadr/wire/flush_codec.hpp"

namespace simhadr {

VirtualStandby::VirtualStandby(VirtualStandbyPlan plan, const DiskModel& disk, EventQueue& events,
                               RunResult& result, std::uint8_t stream)
    : plan_(plan),
      disk_(disk),
      events_(events),
      result_(result),
      stream_(stream),
      capacity_(pages_to_bytes(plan.buffer_pages)),
      replay_(plan.replay, plan.spool_limit_pages) {
  result_.buffer_use = BufferUse{capacity_};
}

void VirtualStandby::expect_flush(std::uint64_t bytes) {
  expected_ += bytes;
  flush_ends_.push_back(expected_);
}

void VirtualStandby::arrival(Nanos now, std::uint64_t bytes) {
  socket_.push_back({bytes, bytes});
  arrived_ += bytes;
  take_in(now);
}

void VirtualStandby::take_in(Nanos now) {
  // A full buffer with bytes waiting spools; one flush's room is enough to receive again.
  if (held_ >= capacity_ && !socket_.empty()) held_ -= pages_to_bytes(replay_.spool(1, now));
  bool moved = false;
  while (!socket_.empty() && held_ < capacity_) {
    Piece& piece = socket_.front();
    const std::uint64_t take = std::min(piece.left, capacity_ - held_);
    piece.left -= take;
    held_ += take;
    received_ += take;
    result_.note_recv(take);
    moved = true;
    if (piece.left > 0) break;
    // TCP acknowledges the piece now that the application took it.
    events_.at(now + plan_.one_way_delay, Event::WindowOpen, piece.size, stream_);
    socket_.pop_front();
  }
  if (!moved) return;
  note_use(now);
  while (!flush_ends_.empty() && flush_ends_.front() <= received_) {
    const std::uint64_t end = flush_ends_.front();
    flush_ends_.pop_front();
    result_.flushes.add(end - result_.flushes.bytes);
    unwritten_ends_.push_back(end);
    if (plan_.ack == AckPoint::OnReceipt) ack(now);
  }
  start_write(now);
}

void VirtualStandby::start_write(Nanos now) {
  // One flush at a time, once all of it is in: the closed forms' standby write.
  if (writing_ || unwritten_ends_.empty()) return;
  const std::uint64_t bytes = unwritten_ends_.front() - written_;
  const Nanos io_time = disk_.io_time(bytes);
  result_.note_write(bytes, io_time);
  writing_ = true;
  events_.at(now + io_time, Event::StandbyWriteDone, bytes, stream_);
}

void VirtualStandby::write_done(Nanos now, std::uint64_t bytes) {
  // Each write is one whole flush (start_write).
  writing_ = false;
  written_ += bytes;
  unwritten_ends_.pop_front();
  if (replay_.modelled()) {
    const Nanos done = replay_.flush_written(now, written_ / kPageBytes, result_.replays);
    events_.at(done, Event::ReplayDone, 0, stream_);
  } else {
    held_ -= bytes;
  }
  if (plan_.ack == AckPoint::AfterWrite) ack(now);
  note_use(now);
  take_in(now);
  start_write(now);
}

void VirtualStandby::replay_done(Nanos now) {
  held_ -= pages_to_bytes(replay_.take_replayed(now));
  note_use(now);
  take_in(now);
}

void VirtualStandby::finish(Nanos at) {
  result_.elapsed = at;
  result_.buffer_use->note(at, result_.buffer_use->held_bytes);
  replay_.finish(at);
  result_.spool = replay_.spool_use();
  if (replay_.modelled()) result_.replay_backlog = replay_.awaiting(at);
}

void VirtualStandby::ack(Nanos now) {
  result_.note_send(kAckBytes);
  events_.at(now + plan_.one_way_delay, Event::AckArrival, 0, stream_);
}

bool VirtualStandby::caught_up(std::uint64_t bytes_sent) const {
  return arrived_ == bytes_sent && socket_.empty() && written_ == received_ && !writing_;
}

}  // namespace simhadr
