#pragma once
// A stop request (Ctrl-C, SIGTERM, the demo's other half failing) is a flag
// that loops check between steps; every wait is sliced so it sees the flag soon.
#include <atomic>

namespace simhadr {

class StopSource {
 public:
  StopSource() = default;
  // Also stops whenever `parent` does (a demo side stops on Ctrl-C or when the other side fails).
  explicit StopSource(const StopSource* parent) : parent_(parent) {}
  StopSource(const StopSource&) = delete;
  StopSource& operator=(const StopSource&) = delete;

  void request() noexcept { requested_.store(true, std::memory_order_relaxed); }
  bool requested() const noexcept {
    return requested_.load(std::memory_order_relaxed) || (parent_ && parent_->requested());
  }

 private:
  const StopSource* parent_ = nullptr;
  std::atomic<bool> requested_{false};
};

}  // namespace simhadr
