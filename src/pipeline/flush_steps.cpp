#include "simhadr/pipeline/flush_steps.hpp"

namespace simhadr {

FlushSteps::FlushSteps(const ModeRules& rules) {
  const auto add = [this](FlushStep step) { steps_[count_++] = step; };
  add(FlushStep::StartIo);
  if (rules.io_before_send) add(FlushStep::AwaitIo);
  add(FlushStep::Send);
  if (rules.standby_ack != AckPoint::None) add(FlushStep::AwaitAck);
  add(FlushStep::Shipped);
  if (!rules.io_before_send) add(FlushStep::AwaitIo);
  add(FlushStep::Finish);
}

}  // namespace simhadr
