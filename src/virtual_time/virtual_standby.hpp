#pragma once
// The standby in virtual time: bytes that reach its socket enter the receive
// buffer while there is room; what is written, acked, replayed and spooled,
// and when, is the standby cycle's (StandbyCycle), as on the real standby.
#include <cstdint>
#include <deque>
#include <optional>

#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/pipeline/standby_cycle.hpp"
#include "virtual_time/event_queue.hpp"

namespace simhadr {

struct VirtualStandbyPlan {
  StandbyCyclePlan cycle;
  Nanos one_way_delay{};
};

class VirtualStandby {
 public:
  // Its events carry `stream`: 0 for the principal, then the auxiliaries.
  VirtualStandby(VirtualStandbyPlan plan, DiskModel& disk, EventQueue& events, RunResult& result,
                 std::uint8_t stream = 0);

  // The primary's flushes, in order, so the standby knows where each ends.
  void expect_flush(std::uint64_t bytes);
  void arrival(Nanos now, std::uint64_t bytes);
  void write_done(Nanos now);
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
  void ack(std::uint32_t acks, Nanos now);

  VirtualStandbyPlan plan_;
  EventQueue& events_;
  RunResult& result_;
  std::uint8_t stream_;
  StandbyCycle cycle_;
  std::deque<Piece> socket_;
  std::deque<std::uint64_t> flush_ends_;  // not yet wholly received
  std::uint64_t expected_ = 0;
  std::uint64_t arrived_ = 0;
  std::uint64_t received_ = 0;
};

}  // namespace simhadr
