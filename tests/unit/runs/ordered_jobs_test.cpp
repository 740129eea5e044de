// Jobs on several threads, results taken back in order; a job cut short gives nothing.
#include <gtest/gtest.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <sys/resource.h>
#include <unistd.h>
#endif

#include <algorithm>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "runs/ordered_jobs.hpp"

namespace simhadr {
namespace {

TEST(OrderedJobs, HandsResultsBackInOrderWhateverTheThreads) {
  for (const unsigned threads : {1U, 2U, 7U}) {
    OrderedJobs<std::size_t> jobs(100, threads, [](std::size_t i) {
      // Later jobs finish first, so order comes from take(), not from the threads.
      std::this_thread::sleep_for(std::chrono::microseconds((100 - i) % 7 * 50));
      return std::optional(i * i);
    });
    for (std::size_t i = 0; i < 100; ++i) EXPECT_EQ(jobs.take(i), i * i);
  }
}

TEST(OrderedJobs, AJobThatGaveNothingIsTakenAsNothing) {
  OrderedJobs<int> jobs(10, 2, [](std::size_t i) {
    return i == 4 ? std::nullopt : std::optional(static_cast<int>(i));
  });
  EXPECT_EQ(jobs.take(3), 3);
  EXPECT_EQ(jobs.take(4), std::nullopt);
  EXPECT_EQ(jobs.take(5), 5);
}

TEST(OrderedJobs, WhatAJobThrewIsThrownWhereItIsTaken) {
  OrderedJobs<int> jobs(3, 2, [](std::size_t i) -> std::optional<int> {
    if (i == 1) throw std::runtime_error("job 1 failed");
    return static_cast<int>(i);
  });
  EXPECT_EQ(jobs.take(0), 0);
  EXPECT_THROW(jobs.take(1), std::runtime_error);
  EXPECT_EQ(jobs.take(2), 2);
}

TEST(OrderedJobs, LeavingEarlyStopsStartingJobs) {
  std::atomic<int> started = 0;
  {
    OrderedJobs<int> jobs(1000, 2, [&](std::size_t) {
      ++started;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      return std::optional(0);
    });
    jobs.take(0);
  }
  EXPECT_LT(started.load(), 1000);
}

#ifdef _WIN32
TEST(OrderedJobs, RunsItsJobsBehindTheHostsOtherWork) {
  const int own = ::GetThreadPriority(::GetCurrentThread());
  OrderedJobs<int> jobs(
      1, 1, [](std::size_t) { return std::optional(::GetThreadPriority(::GetCurrentThread())); });
  EXPECT_EQ(jobs.take(0), THREAD_PRIORITY_BELOW_NORMAL);
  EXPECT_EQ(::GetThreadPriority(::GetCurrentThread()), own);
}
#else
TEST(OrderedJobs, RunsItsJobsBehindTheHostsOtherWork) {
  const int own = ::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()));
  OrderedJobs<int> jobs(1, 1, [](std::size_t) {
    return std::optional(::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid())));
  });
  EXPECT_EQ(jobs.take(0), std::min(own + 10, 19));
  EXPECT_EQ(::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid())), own);
}
#endif

}  // namespace
}  // namespace simhadr
