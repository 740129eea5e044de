#pragma once
// -verbose's lines for each flush, as the original prints them: the primary's
// steps say what happened and this writes it, so the flush loop holds no text.
#include <cstdint>

#include "log/run_log.hpp"
#include "simhadr/sync_mode.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

class FlushTrace {
 public:
  // A SUPERASYNC primary reads its log where the others write it.
  FlushTrace(RunLog& log, const ModeRules& rules)
      : log_(log), io_verb_(rules.primary_reads ? "Reading" : "Writing") {}

  void io(std::uint32_t pages, Nanos io_time) {
    log_.trace("{} {} pages. Write time = {:.6f} second.", io_verb_, pages, to_seconds(io_time));
  }
  void io_remaining(Nanos remaining) {
    log_.trace("Simulating write: Sleeping for {:.6f} more seconds.", to_seconds(remaining));
  }
  void sending(std::uint32_t pages) { log_.trace("Sending {} pages", pages); }
  void sent(std::uint64_t bytes) { log_.trace("{} bytes sent", bytes); }
  void awaiting_ack() { log_.trace("Receiving ack message."); }
  void ack_received(std::uint64_t bytes) { log_.trace("{} bytes received", bytes); }
  void shipping(Nanos shipping) {
    log_.trace("Log shipping took {:.6f} seconds.", to_seconds(shipping));
  }

 private:
  RunLog& log_;
  const char* io_verb_;
};

}  // namespace simhadr
