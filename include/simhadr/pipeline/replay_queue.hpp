#pragma once
// -replay, for the real standby and the virtual one alike: written flushes
// wait in the receive buffer until their modelled replay ends (one flush after
// the other, each taking overhead + bytes / rate), and only then give their
// pages back, unless -spoolLimit lets them move to the spool first.
//
// A flush counts as replayed (the report's `Total ... replayed` line) once it
// is handed to replay, that is once it is written; `awaiting()` says how many
// of those have not finished replaying at a time, such as the run's end.
//
// A takeover replays what awaits replay at once, without -replayDelay's wait:
// `takeover_at()` is that work, and `takeover()` its worst after any write.
//
// Pure bookkeeping on a timeline whose times count from the run's start, behind
// StandbyCycle: the real standby does the waiting, the virtual one schedules an
// event at `next_done()`.
#include <cstdint>
#include <deque>
#include <optional>

#include "simhadr/measure/run_result.hpp"
#include "simhadr/measure/takeover_cost.hpp"
#include "simhadr/models/disk_model.hpp"

namespace simhadr {

class ReplayQueue {
 public:
  // A spool limit of 0 spools nothing.
  explicit ReplayQueue(const std::optional<DiskParams>& model, std::uint64_t spool_limit_pages = 0,
                       Nanos replay_delay = Nanos{0});

  bool modelled() const { return model_.has_value(); }
  const std::optional<SpoolUse>& spool_use() const { return spool_; }
  // The end of the run: a spool still in use counts up to `at`.
  void finish(Nanos at);

  // The flush that ends at page `end` (counted since the start) is wholly
  // written at `at`: its replay begins when the one before it ends. Counts it
  // in `replays` and returns when its replay ends.
  Nanos flush_written(Nanos at, std::uint64_t end, IoTally& replays);
  // The buffer pages whose replay has ended by `now` (a spooled flush's
  // pages were given back when it was spooled; it leaves the spool now).
  std::uint32_t take_replayed(Nanos now);
  // Moves the oldest flushes awaiting replay to the spool while it has room,
  // until `wanted` pages are given back; returns the pages given back.
  std::uint32_t spool(std::uint32_t wanted, Nanos now);
  // When the oldest flush's replay ends; none with nothing awaiting replay.
  std::optional<Nanos> next_done() const;
  // The flushes written whose replay has not ended by `at` (spooled or in the buffer).
  IoTally awaiting(Nanos at) const;
  // What a takeover at `at` would still have to replay.
  TakeoverBacklog takeover_at(Nanos at) const;
  // The worst so far, and finish()'s.
  const TakeoverCost& takeover() const { return takeover_; }

 private:
  struct Pending {
    Nanos done;
    Nanos written;
    std::uint32_t pages;
    Nanos replay;                 // its own replay time
    std::uint64_t bytes_through;  // of every flush written so far, up to this one
    Nanos replay_through;
  };
  std::optional<LinearDisk> model_;
  std::optional<SpoolUse> spool_;
  std::deque<Pending> pending_;
  // Spooling takes the oldest and replay ends the oldest, so the spooled
  // flushes are always the first this many of pending_.
  std::size_t spooled_ = 0;
  Nanos free_at_{};
  Nanos replay_delay_{};
  std::uint64_t bytes_written_ = 0;
  Nanos replay_written_{};
  TakeoverCost takeover_;
  std::uint64_t last_end_ = 0;
};

}  // namespace simhadr
