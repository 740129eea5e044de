#include "simhadr/measure/stall_detector.hpp"

namespace simhadr {

bool StallDetector::close_stretch(Nanos end) {
  const Nanos since = *quiet_since_;
  quiet_since_.reset();
  if (end - since <= quiet_bound_) return false;
  closed_.episodes.push_back({since, end - since});
  return true;
}

bool StallDetector::read(const ConnectionReading& reading) {
  bool ended = false;
  const bool progressed = progress_ && reading.progress != *progress_;
  progress_ = reading.progress;
  bound_ = reading.bound;
  if (progressed && quiet_since_) ended = close_stretch(reading.at);
  if (!progressed && !reading.has_work && quiet_since_) ended = close_stretch(last_work_at_);
  if (reading.has_work) {
    last_work_at_ = reading.at;
    if (progressed || !quiet_since_) {
      quiet_since_ = reading.at;
      quiet_bound_ = reading.bound;
    }
  }
  return ended;
}

std::optional<StallEpisode> StallDetector::open_stall() const {
  if (!quiet_since_ || last_work_at_ - *quiet_since_ <= quiet_bound_) return std::nullopt;
  return StallEpisode{*quiet_since_, last_work_at_ - *quiet_since_};
}

StallRecord StallDetector::record() const {
  StallRecord record = closed_;
  record.bound = bound_;
  if (const auto open = open_stall()) record.episodes.push_back(*open);
  return record;
}

Nanos StallDetector::stalled_within(Nanos from, Nanos to) const {
  Nanos stalled = closed_.within(from, to);
  if (const auto open = open_stall()) stalled += StallRecord{{*open}, {}}.within(from, to);
  return stalled;
}

}  // namespace simhadr
