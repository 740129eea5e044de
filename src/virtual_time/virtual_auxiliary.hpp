#pragma once
// An auxiliary standby in virtual time, as the real primary feeds one: each
// flush is offered to its link once the primary has written it, and goes out
// as fast as the link, its window and the shared uplink let it, never holding
// up the primary. What is not yet handed over is its lag. At the end the
// flush in flight is finished and the rest stays behind.
#include <deque>

#include "simhadr/measure/lag_ledger.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/models/network.hpp"
#include "virtual_time/event_queue.hpp"
#include "virtual_time/shared_uplink.hpp"
#include "virtual_time/virtual_network.hpp"
#include "virtual_time/virtual_standby.hpp"

namespace simhadr {

struct VirtualAuxiliaryPlan {
  std::uint8_t stream = 1;  // its events' stream
  Endpoint listed;
  NetworkParams link;
  std::uint64_t window_bytes = kAutotunedWindowBytes;
  VirtualStandbyPlan standby;  // acks none: SUPERASYNC
  DiskStart disk_start = DiskStart::Full;
};

class VirtualAuxiliary {
 public:
  VirtualAuxiliary(const VirtualAuxiliaryPlan& plan, const std::optional<DiskParams>& disk,
                   EventQueue& events, SharedUplink* uplink, RunResult& standby_result);
  VirtualAuxiliary(const VirtualAuxiliary&) = delete;
  VirtualAuxiliary& operator=(const VirtualAuxiliary&) = delete;

  // The primary wrote a flush of `bytes` at `now`; returns the lag that leaves.
  StandbyLag written(Nanos now, std::uint64_t bytes);
  // Moves what it can; returns the lag now.
  StandbyLag pump(Nanos now);
  void window_open(std::uint64_t bytes) { network_.window_open(bytes); }
  VirtualStandby& standby() { return standby_; }
  // The primary's run ended: the flush in flight is finished, nothing more is offered.
  void finish_flush_in_flight();
  bool caught_up() const {
    return network_.pending() == 0 && standby_.caught_up(network_.handed_over());
  }
  // What the primary's report shows of it, aged as of `end` (the primary's end).
  AuxiliaryStream stream(Nanos end) const;

 private:
  Endpoint listed_;
  NetworkModel model_;
  RunResult sender_;
  VirtualNetwork network_;
  std::unique_ptr<DiskModel> disk_;
  VirtualStandby standby_;
  std::deque<std::uint64_t> backlog_;  // the ends of the flushes not yet wholly handed over
  LagLedger ledger_{Nanos{0}};         // virtual time starts with the run
  std::uint64_t offered_ = 0;
  std::uint64_t whole_bytes_ = 0;  // of the flushes wholly handed over
  IoTally flushes_;
  StandbyLag worst_;
};

}  // namespace simhadr
