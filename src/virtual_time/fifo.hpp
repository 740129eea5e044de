#pragma once
// A first-in first-out queue in one growing ring of slots: once it has grown
// to a run's peak, pushing and popping allocate nothing (a std::deque frees
// and allocates a block every few dozen elements, which a run of a million
// events feels).
#include <cstddef>
#include <vector>

namespace simhadr {

template <typename T>
class Fifo {
 public:
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  T& front() { return slots_[head_]; }
  const T& front() const { return slots_[head_]; }
  const T& back() const { return slots_[(head_ + size_ - 1) & (slots_.size() - 1)]; }
  void push_back(const T& value) {
    if (size_ == slots_.size()) grow();
    slots_[(head_ + size_) & (slots_.size() - 1)] = value;
    ++size_;
  }
  void pop_front() {
    head_ = (head_ + 1) & (slots_.size() - 1);
    --size_;
  }

 private:
  // The slots stay a power of two so that a position wraps with a mask.
  void grow() {
    std::vector<T> bigger(slots_.empty() ? kFirstSlots : slots_.size() * 2);
    for (std::size_t i = 0; i < size_; ++i) bigger[i] = slots_[(head_ + i) & (slots_.size() - 1)];
    slots_ = std::move(bigger);
    head_ = 0;
  }

  static constexpr std::size_t kFirstSlots = 16;
  std::vector<T> slots_;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
};

}  // namespace simhadr
