#pragma once
// The standby's rules, for the real standby and the virtual one alike; each
// engine moves the bytes (a socket and a ring, or modelled pieces) and tells
// the cycle what happened, and the cycle says what is due:
//   - the write rule: a flush is written once all of it is in, in one write,
//     the oldest first and one write at a time (the closed forms' standby
//     write, as IBM's calculator has it; the original simhadr wrote whatever
//     whole pages it held, so a flush arriving over a slow link took several
//     writes, each with the disk's overhead);
//   - the acks: NEARSYNC acks a flush once all of it is in, SYNC once it is
//     written (kModeRules);
//   - replay (-replay): a written flush holds its pages until its replay
//     ends, unless a full buffer with log waiting to come in moves it to the
//     spool first (-spoolLimit);
//   - the buffer's use is noted whenever it changes, and the end of the run.
// Times count from the standby's start.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <optional>

#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/pipeline/replay_queue.hpp"
#include "simhadr/sync_mode.hpp"

namespace simhadr {

struct StandbyCyclePlan {
  AckPoint ack = AckPoint::None;
  std::uint32_t buffer_pages = 0;  // standby_buffer_pages()
  std::optional<DiskParams> replay;
  std::uint64_t spool_limit_pages = 0;  // -spoolLimit, with -replay
  Nanos replay_delay{};                 // -replayDelay, with -replay
};

struct StandbyWrite {
  std::uint32_t pages = 0;
  Nanos io_time{};
};

struct StandbyWriteDone {
  std::uint32_t acks = 0;           // to send now
  std::uint32_t freed_pages = 0;    // given back at once (without -replay)
  std::optional<Nanos> replay_end;  // with -replay: when this flush's replay ends
};

class StandbyCycle {
 public:
  StandbyCycle(const StandbyCyclePlan& plan, DiskModel& disk, RunResult& result);

  std::uint64_t room_bytes() const { return capacity_ - held_; }
  bool replay_modelled() const { return replay_.modelled(); }

  // `bytes` came into the buffer at `now`.
  void took_in(std::uint64_t bytes, Nanos now);
  // Bytes of a flush cut off by a lost connection, given up: the primary sends it again.
  void dropped(std::uint64_t bytes) { held_ -= std::min(held_, bytes); }
  // A flush of `pages` is all in: the acks to send now.
  std::uint32_t flush_received(std::uint32_t pages);
  // Whether a write may start: the disk is free and a flush is all in.
  bool may_write() const { return !writing_ && !unwritten_.empty(); }
  // Starts the next write (may_write() must hold).
  StandbyWrite start_write(Nanos now);
  // The write started last ended at `now`.
  StandbyWriteDone write_done(Nanos now);
  // When the oldest flush's replay ends; none with nothing awaiting replay.
  std::optional<Nanos> next_replay_end() const { return replay_.next_done(); }
  // Gives back the pages whose replay ended by `now`; returns them.
  std::uint32_t take_replayed(Nanos now);
  // Log waits to come in at `now`: a full buffer moves the oldest flush
  // awaiting replay to the spool, if the spool has room for it; returns the
  // pages given back.
  std::uint32_t make_room(Nanos now);
  // Every byte that came in is written.
  bool all_written(std::uint64_t received_bytes) const {
    return written_ == received_bytes && !writing_;
  }
  // The run ended at `at`: the buffer's and the spool's use count up to then.
  void finish(Nanos at);

 private:
  void note_use(Nanos now) { result_.buffer_use->note(now, held_); }
  // The spool and the takeover's replay as of `now`, for -interval's lines.
  void note_replay(Nanos now);

  AckPoint ack_;
  DiskModel& disk_;
  RunResult& result_;
  std::uint64_t capacity_;
  ReplayQueue replay_;
  std::deque<std::uint32_t> unwritten_;  // the pages of each flush all in, not yet written
  std::uint64_t held_ = 0;
  std::uint64_t written_ = 0;  // bytes, since the start
  bool writing_ = false;
};

}  // namespace simhadr
