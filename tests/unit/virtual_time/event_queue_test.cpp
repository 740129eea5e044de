// The agenda's order: by time, then by when each event was scheduled, whether
// an event went into its kind's lane or, being earlier than the lane's last,
// into the heap; and the ring the lanes are made of.
#include <gtest/gtest.h>

#include <random>

#include "virtual_time/event_queue.hpp"
#include "virtual_time/fifo.hpp"

namespace simhadr {
namespace {

TEST(Fifo, KeepsOrderAcrossGrowingAndWrappingAround) {
  Fifo<int> fifo;
  int pushed = 0;
  int popped = 0;
  for (int round = 0; round < 50; ++round) {
    for (int i = 0; i < round; ++i) fifo.push_back(pushed++);
    if (!fifo.empty()) {
      EXPECT_EQ(fifo.back(), pushed - 1);
    }
    for (int i = 0; i < round / 2 + 1 && !fifo.empty(); ++i) {
      EXPECT_EQ(fifo.front(), popped++);
      fifo.pop_front();
    }
  }
  while (!fifo.empty()) {
    EXPECT_EQ(fifo.front(), popped++);
    fifo.pop_front();
  }
  EXPECT_EQ(popped, pushed);
}

TEST(EventQueue, PopsByTimeThenByScheduleOrderAsOneHeapWould) {
  std::mt19937 random(7);
  std::uniform_int_distribution<int> kind(0, static_cast<int>(kEventKinds) - 1);
  std::uniform_int_distribution<int> step(-3, 5);  // mostly forward, sometimes back, often equal
  EventQueue queue;
  std::vector<ScheduledEvent> scheduled;
  std::vector<ScheduledEvent> popped;
  Nanos now{100};
  for (std::uint64_t i = 0; i < 5000; ++i) {
    const Nanos at = now + Nanos{step(random)};
    const auto event = static_cast<Event>(kind(random));
    queue.at(at, event, i);
    scheduled.push_back({at, i, event, i, 0});
    if (i % 3 == 0) {
      popped.push_back(queue.pop());
      now = std::max(now, popped.back().at);
    }
  }
  while (!queue.empty()) popped.push_back(queue.pop());
  ASSERT_EQ(popped.size(), scheduled.size());

  // The same pushes and pops through a plain heap give the same sequence.
  std::priority_queue<ScheduledEvent, std::vector<ScheduledEvent>, std::greater<>> heap;
  std::vector<ScheduledEvent> expected;
  for (std::uint64_t i = 0; i < scheduled.size(); ++i) {
    heap.push(scheduled[i]);
    if (i % 3 == 0) {
      expected.push_back(heap.top());
      heap.pop();
    }
  }
  while (!heap.empty()) {
    expected.push_back(heap.top());
    heap.pop();
  }
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(popped[i].value, expected[i].value) << "at pop " << i;
  }
}

}  // namespace
}  // namespace simhadr
