#pragma once
// The standby in virtual time, with the rules of the real one: bytes that
// reach its socket enter the receive buffer while there is room; flushes are
// written one write at a time (the model writes a flush once all of it is in, where the real
// standby may write the first pages of a flush still arriving); a written flush is replayed (with
// -replay) and only then gives its space back, unless a full buffer moved it to the spool
// (-spoolLimit); NEARSYNC acks a flush once it is all in the buffer, SYNC once it is all written.
#include <cstdint>
#include <deque>
#include <optional>

#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/pipeline/replay_queue.hpp"
#include "simhadr/sync_mode.hpp"
#include "virtual_time/event_queue.hpp"

namespace simhadr {

struct VirtualStandbyPlan {
  AckPoint ack = AckPoint::None;
  std::uint32_t buffer_pages = 0;
  Nanos one_way_delay{};
  std::optional<DiskParams> replay;
  std::uint64_t spool_limit_pages = 0;  // -spoolLimit, with -replay
};

class VirtualStandby {
 public:
  // Its events carry `stream`: 0 for the principal, then the auxiliaries.
  VirtualStandby(VirtualStandbyPlan plan, const DiskModel& disk, EventQueue& events,
                 RunResult& result, std::uint8_t stream = 0);

  // The primary's flushes, in order, so the standby knows where each ends.
  void expect_flush(std::uint64_t bytes);
  void arrival(Nanos now, std::uint64_t bytes);
  void write_done(Nanos now, std::uint64_t bytes);
  void replay_done(Nanos now);
  // Its run ended at `at`: the buffer's and the spool's use count up to then.
  void finish(Nanos at);
  // Everything that reached it is on its disk.
  bool caught_up(std::uint64_t bytes_sent) const;

 private:
  struct Piece {
    std::uint64_t size;
    std::uint64_t left;
  };
  void take_in(Nanos now);
  void start_write(Nanos now);
  void ack(Nanos now);
  void note_use(Nanos now) { result_.buffer_use->note(now, held_); }

  VirtualStandbyPlan plan_;
  const DiskModel& disk_;
  EventQueue& events_;
  RunResult& result_;
  std::uint8_t stream_;
  std::uint64_t capacity_;
  ReplayQueue replay_;
  std::deque<Piece> socket_;
  std::deque<std::uint64_t> flush_ends_;      // not yet wholly received
  std::deque<std::uint64_t> unwritten_ends_;  // received, not yet wholly written
  std::uint64_t expected_ = 0;
  std::uint64_t arrived_ = 0;
  std::uint64_t received_ = 0;
  std::uint64_t written_ = 0;
  std::uint64_t held_ = 0;
  bool writing_ = false;
};

}  // namespace simhadr
