#include "virtual_time/shared_uplink.hpp"

#include <algorithm>

namespace simhadr {

SharedUplink::SharedUplink(MBytesPerSec rate)
    : model_(NetworkParams{0, rate}, kAutotunedWindowBytes) {}

bool SharedUplink::free_for(std::uint8_t stream, Nanos now) const {
  return free_at_ <= now && (waiting_.empty() || waiting_.front() == stream);
}

void SharedUplink::wait(std::uint8_t stream) {
  if (std::ranges::find(waiting_, stream) == waiting_.end()) waiting_.push_back(stream);
}

void SharedUplink::leave(std::uint8_t stream) {
  std::erase(waiting_, stream);
}

Nanos SharedUplink::take(std::uint8_t stream, Nanos now, std::uint64_t bytes) {
  leave(stream);
  free_at_ = now + model_.serialization(bytes);
  return free_at_;
}

std::optional<std::uint8_t> SharedUplink::next(Nanos now) const {
  if (free_at_ > now || waiting_.empty()) return std::nullopt;
  return waiting_.front();
}

}  // namespace simhadr
