#pragma once
// Jobs 0..count-1 run on a few threads, the lowest not yet started first, and
// their results are taken back in order: the caller prints job i as soon as it
// and every job before it are done, whatever the number of threads. The
// threads run at a lower priority (nice +10): simhadr is often run on the
// database's own host, whose work comes first; on an idle host it costs nothing.
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "platform/cpus.hpp"

namespace simhadr {

template <typename Result>
class OrderedJobs {
 public:
  // A job gives nothing when it was cut short (Ctrl-C): it is not a result to show.
  using Job = std::function<std::optional<Result>(std::size_t)>;

  OrderedJobs(std::size_t count, unsigned threads, Job job)
      : job_(std::move(job)), slots_(count), failures_(count), done_(count, false) {
    for (unsigned i = 0; i < threads && i < count; ++i) workers_.emplace_back([this] { work(); });
  }
  OrderedJobs(const OrderedJobs&) = delete;
  OrderedJobs& operator=(const OrderedJobs&) = delete;
  ~OrderedJobs() {
    {
      const std::lock_guard lock(mutex_);
      next_ = slots_.size();
    }
    for (std::thread& worker : workers_) worker.join();
  }

  // Waits until job i is done; what it gave. What it threw is thrown here, on the caller's thread.
  std::optional<Result> take(std::size_t i) {
    std::unique_lock lock(mutex_);
    finished_.wait(lock, [&] { return done_[i]; });
    if (failures_[i]) std::rethrow_exception(failures_[i]);
    return std::move(slots_[i]);
  }

 private:
  void work() {
    lower_this_thread_priority();
    while (true) {
      std::size_t i = 0;
      {
        const std::lock_guard lock(mutex_);
        if (next_ == slots_.size()) return;
        i = next_++;
      }
      std::optional<Result> result;
      std::exception_ptr failure;
      try {
        result = job_(i);
      } catch (...) {
        failure = std::current_exception();
      }
      {
        const std::lock_guard lock(mutex_);
        slots_[i] = std::move(result);
        failures_[i] = failure;
        done_[i] = true;
      }
      finished_.notify_all();
    }
  }

  Job job_;
  std::mutex mutex_;
  std::condition_variable finished_;
  std::vector<std::optional<Result>> slots_;
  std::vector<std::exception_ptr> failures_;
  std::vector<bool> done_;
  std::size_t next_ = 0;
  std::vector<std::thread> workers_;
};

}  // namespace simhadr
