#include "time/stop_signals.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <system_error>

namespace simhadr {

namespace {

// What the handler passes to the watching thread; number 0 tells it to end.
struct SignalRecord {
  int number;
  int code;
  pid_t sender;
};

// The write end, for the handler: one StopSignals exists at a time. A
// lock-free atomic is safe to read in a signal handler.
std::atomic<int> signal_pipe{-1};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void on_stop_signal(int number, siginfo_t* info, void*) {
  const int saved_errno = errno;
  const SignalRecord record{number, info->si_code, info->si_pid};
  // Smaller than PIPE_BUF, so written whole; a full pipe drops it, never blocks.
  [[maybe_unused]] const auto ignored =
      ::write(signal_pipe.load(std::memory_order_relaxed), &record, sizeof record);
  errno = saved_errno;
}

void handle(int number, struct sigaction* previous) {
  struct sigaction action {};
  action.sa_sigaction = on_stop_signal;
  action.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&action.sa_mask);
  if (::sigaction(number, &action, previous) != 0) {
    throw std::system_error(errno, std::generic_category(), "sigaction");
  }
}

}  // namespace

StopSignals::StopSignals(StopSource& stop) : stop_(stop) {
  if (::pipe2(pipe_, O_CLOEXEC) != 0) {
    throw std::system_error(errno, std::generic_category(), "pipe2");
  }
  ::fcntl(pipe_[1], F_SETFL, O_NONBLOCK);
  signal_pipe.store(pipe_[1], std::memory_order_relaxed);
  handle(SIGINT, &previous_interrupt_);
  handle(SIGTERM, &previous_terminate_);
  // A signal before the thread runs waits in the pipe.
  thread_ = std::thread([this] { watch(); });
}

StopSignals::~StopSignals() {
  ::sigaction(SIGINT, &previous_interrupt_, nullptr);
  ::sigaction(SIGTERM, &previous_terminate_, nullptr);
  const SignalRecord end{0, 0, 0};
  [[maybe_unused]] const auto ignored = ::write(pipe_[1], &end, sizeof end);
  thread_.join();
  signal_pipe.store(-1, std::memory_order_relaxed);
  ::close(pipe_[0]);
  ::close(pipe_[1]);
}

void StopSignals::watch() {
  for (;;) {
    SignalRecord record{};
    const auto got = ::read(pipe_[0], &record, sizeof record);
    if (got < 0 && errno == EINTR) continue;
    if (got != static_cast<ssize_t>(sizeof record) || record.number == 0) return;
    const StopSignal signal{record.number, record.code == SI_USER, record.sender,
                            std::chrono::steady_clock::now()};
    switch (filter_.classify(signal)) {
      case StopVerdict::Stop:
        stop_.request();
        break;
      case StopVerdict::Repeat:
        break;
      case StopVerdict::ExitNow: {
        static constexpr char kMessage[] = "simhadr: second interrupt, exiting without a report\n";
        [[maybe_unused]] const auto ignored = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
        std::_Exit(130);
      }
    }
  }
}

}  // namespace simhadr
