#include "virtual_time/virtual_auxiliary.hpp"

#include <algorithm>

namespace simhadr {

VirtualAuxiliary::VirtualAuxiliary(const VirtualAuxiliaryPlan& plan,
                                   const std::optional<DiskParams>& disk, EventQueue& events,
                                   SharedUplink* uplink, RunResult& standby_result)
    : listed_(plan.listed),
      model_(plan.link, plan.window_bytes),
      network_(model_, events, sender_, plan.stream, uplink),
      disk_(make_disk_model(disk, plan.disk_start)),
      standby_(plan.standby, *disk_, events, standby_result, plan.stream) {}

StandbyLag VirtualAuxiliary::written(Nanos now, std::uint64_t bytes) {
  offered_ += bytes;
  backlog_.push_back(offered_);
  ledger_.written(bytes, now);
  network_.offer(bytes);
  standby_.expect_flush(bytes);
  const StandbyLag now_behind = pump(now);
  worst_.keep_worst(now_behind);
  return now_behind;
}

StandbyLag VirtualAuxiliary::pump(Nanos now) {
  network_.pump(now);
  while (!backlog_.empty() && backlog_.front() <= network_.handed_over()) {
    flushes_.add(backlog_.front() - whole_bytes_);
    whole_bytes_ = backlog_.front();
    backlog_.pop_front();
  }
  // As the real feed: what is in flight waits for its acknowledgement.
  ledger_.progress(network_.handed_over(), network_.in_flight());
  return ledger_.lag(now);
}

void VirtualAuxiliary::finish_flush_in_flight() {
  // Only a flush already begun is finished, as the real feed does.
  const bool begun = network_.handed_over() > whole_bytes_;
  network_.limit_to(begun ? backlog_.front() : whole_bytes_);
}

AuxiliaryStream VirtualAuxiliary::stream(Nanos end) const {
  AuxiliaryStream stream;
  stream.listed = listed_;
  stream.flushes = flushes_;
  stream.sends = sender_.sends;
  stream.congestions = sender_.congestions;
  stream.sent_bytes = network_.handed_over();
  stream.lag = ledger_.lag(end);
  stream.worst_lag = worst_;
  return stream;
}

}  // namespace simhadr
