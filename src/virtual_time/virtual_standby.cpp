#include "virtual_time/virtual_standby.hpp"

#include <algorithm>

#include "simhadr/wire/flush_codec.hpp"

namespace simhadr {

VirtualStandby::VirtualStandby(VirtualStandbyPlan plan, DiskModel& disk, EventQueue& events,
                               RunResult& result, std::uint8_t stream)
    : plan_(plan),
      events_(events),
      result_(result),
      stream_(stream),
      cycle_(plan_.cycle, disk, result) {}

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
  if (!socket_.empty()) cycle_.make_room(now);
  bool moved = false;
  while (!socket_.empty() && cycle_.room_bytes() > 0) {
    Piece& piece = socket_.front();
    const std::uint64_t take = std::min(piece.left, cycle_.room_bytes());
    piece.left -= take;
    received_ += take;
    result_.note_recv(take);
    cycle_.took_in(take, now);
    moved = true;
    if (piece.left > 0) break;
    // TCP acknowledges the piece now that the application took it.
    events_.at(now + plan_.one_way_delay, Event::WindowOpen, piece.size, stream_);
    socket_.pop_front();
  }
  if (!moved) return;
  while (!flush_ends_.empty() && flush_ends_.front() <= received_) {
    const std::uint64_t end = flush_ends_.front();
    flush_ends_.pop_front();
    ack(cycle_.flush_received(
            static_cast<std::uint32_t>((end - result_.flushes.bytes) / kPageBytes)),
        now);
  }
  start_write(now);
}

void VirtualStandby::start_write(Nanos now) {
  if (!cycle_.may_write()) return;
  const StandbyWrite write = cycle_.start_write(now);
  events_.at(now + write.io_time, Event::StandbyWriteDone, 0, stream_);
}

void VirtualStandby::write_done(Nanos now) {
  const StandbyWriteDone done = cycle_.write_done(now);
  if (done.replay_end) events_.at(*done.replay_end, Event::ReplayDone, 0, stream_);
  ack(done.acks, now);
  take_in(now);
  start_write(now);
}

void VirtualStandby::replay_done(Nanos now) {
  cycle_.take_replayed(now);
  take_in(now);
}

void VirtualStandby::finish(Nanos at) {
  cycle_.finish(at);
}

void VirtualStandby::ack(std::uint32_t acks, Nanos now) {
  for (std::uint32_t i = 0; i < acks; ++i) {
    result_.note_send(kAckBytes);
    events_.at(now + plan_.one_way_delay, Event::AckArrival, 0, stream_);
  }
}

bool VirtualStandby::caught_up(std::uint64_t bytes_sent) const {
  return arrived_ == bytes_sent && socket_.empty() && cycle_.all_written(received_);
}

}  // namespace simhadr
