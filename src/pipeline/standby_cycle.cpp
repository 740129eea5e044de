#include "simhadr/pipeline/standby_cycle.hpp"

#include "simhadr/units.hpp"

namespace simhadr {

StandbyCycle::StandbyCycle(const StandbyCyclePlan& plan, DiskModel& disk, RunResult& result)
    : ack_(plan.ack),
      disk_(disk),
      result_(result),
      capacity_(pages_to_bytes(plan.buffer_pages)),
      replay_(plan.replay, plan.spool_limit_pages, plan.replay_delay) {
  result_.buffer_use = BufferUse{capacity_};
}

void StandbyCycle::took_in(std::uint64_t bytes, Nanos now) {
  held_ += bytes;
  note_use(now);
}

std::uint32_t StandbyCycle::flush_received(std::uint32_t pages) {
  result_.flushes.add(pages_to_bytes(pages));
  unwritten_.push_back(pages);
  return ack_ == AckPoint::OnReceipt ? 1 : 0;
}

StandbyWrite StandbyCycle::start_write(Nanos now) {
  const std::uint32_t pages = unwritten_.front();
  const StandbyWrite write{pages, disk_.io_time(now, pages_to_bytes(pages))};
  result_.note_write(pages_to_bytes(write.pages), write.io_time);
  writing_ = true;
  return write;
}

StandbyWriteDone StandbyCycle::write_done(Nanos now) {
  const std::uint32_t pages = unwritten_.front();
  unwritten_.pop_front();
  writing_ = false;
  written_ += pages_to_bytes(pages);
  StandbyWriteDone done;
  if (replay_.modelled()) {
    done.replay_end = replay_.flush_written(now, written_ / kPageBytes, result_.replays);
    note_replay(now);
  } else {
    held_ -= pages_to_bytes(pages);
    done.freed_pages = pages;
  }
  if (ack_ == AckPoint::AfterWrite) done.acks = 1;
  note_use(now);
  return done;
}

std::uint32_t StandbyCycle::take_replayed(Nanos now) {
  const std::uint32_t pages = replay_.take_replayed(now);
  held_ -= pages_to_bytes(pages);
  note_use(now);
  note_replay(now);
  return pages;
}

std::uint32_t StandbyCycle::make_room(Nanos now) {
  if (held_ < capacity_) return 0;
  const std::uint32_t pages = replay_.spool(1, now);
  if (pages == 0) return 0;
  held_ -= pages_to_bytes(pages);
  note_use(now);
  note_replay(now);
  return pages;
}

void StandbyCycle::note_replay(Nanos now) {
  result_.spool = replay_.spool_use();
  result_.takeover = replay_.takeover();
  result_.takeover->latest = replay_.takeover_at(now);
}

void StandbyCycle::finish(Nanos at) {
  result_.elapsed = at;
  note_use(at);
  replay_.finish(at);
  result_.spool = replay_.spool_use();
  if (replay_.modelled()) {
    result_.replay_backlog = replay_.awaiting(at);
    result_.takeover = replay_.takeover();
  }
}

}  // namespace simhadr
