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

  // `signal`: the one that asked (SIGINT, SIGTERM), kept from the first request; 0 for none.
  void request(int signal = 0) noexcept {
    int none = 0;
    if (signal != 0) signal_.compare_exchange_strong(none, signal, std::memory_order_relaxed);
    // Released after the signal, so whoever sees the request sees its signal.
    requested_.store(true, std::memory_order_release);
  }
  bool requested() const noexcept {
    return requested_.load(std::memory_order_acquire) || (parent_ && parent_->requested());
  }
  // The signal that stopped this run, here or in a parent; 0 when none did.
  int signal() const noexcept {
    const int own = signal_.load(std::memory_order_relaxed);
    return own != 0 || !parent_ ? own : parent_->signal();
  }

 private:
  const StopSource* parent_ = nullptr;
  std::atomic<bool> requested_{false};
  std::atomic<int> signal_{0};
};

}  // namespace simhadr
