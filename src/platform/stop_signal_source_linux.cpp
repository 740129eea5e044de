#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <system_error>
#include <thread>

#include "platform/stop_signal_source.hpp"

namespace simhadr {

namespace {

// What the handler passes to the watching thread; number 0 tells it to end.
struct SignalRecord {
  int number;
  int code;
  pid_t sender;
};

// The write end, for the handler: one source exists at a time. A lock-free
// atomic is safe to read in a signal handler.
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

// A stop that comes once the run has ended has nothing left to stop: where the
// default action would end the process (with 143, not the run's status, as
// GNU timeout's second signal to the process group did under ThreadSanitizer),
// it is ignored instead.
void settle(int number, const struct sigaction& previous) {
  if (previous.sa_handler == SIG_DFL) {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    ::sigaction(number, &ignore, nullptr);
  } else {
    ::sigaction(number, &previous, nullptr);
  }
}

}  // namespace

// Asio's signal_set does not say who sent a signal, so this handler does, through a pipe.
struct StopSignalSource::State {
  Handler handler;
  int pipe[2] = {-1, -1};
  struct sigaction previous_interrupt {};
  struct sigaction previous_terminate {};
  std::thread thread;

  void watch() {
    for (;;) {
      SignalRecord record{};
      const auto got = ::read(pipe[0], &record, sizeof record);
      if (got < 0 && errno == EINTR) continue;
      if (got != static_cast<ssize_t>(sizeof record) || record.number == 0) return;
      handler(
          {record.number, record.code == SI_USER, record.sender, std::chrono::steady_clock::now()});
    }
  }
};

StopSignalSource::StopSignalSource(Handler handler) : state_(std::make_unique<State>()) {
  State& state = *state_;
  state.handler = std::move(handler);
  if (::pipe2(state.pipe, O_CLOEXEC) != 0) {
    throw std::system_error(errno, std::generic_category(), "pipe2");
  }
  ::fcntl(state.pipe[1], F_SETFL, O_NONBLOCK);
  signal_pipe.store(state.pipe[1], std::memory_order_relaxed);
  handle(SIGINT, &state.previous_interrupt);
  handle(SIGTERM, &state.previous_terminate);
  // A signal before the thread runs waits in the pipe.
  state.thread = std::thread([&state] { state.watch(); });
}

StopSignalSource::~StopSignalSource() {
  State& state = *state_;
  settle(SIGINT, state.previous_interrupt);
  settle(SIGTERM, state.previous_terminate);
  const SignalRecord end{0, 0, 0};
  [[maybe_unused]] const auto ignored = ::write(state.pipe[1], &end, sizeof end);
  state.thread.join();
  signal_pipe.store(-1, std::memory_order_relaxed);
  ::close(state.pipe[0]);
  ::close(state.pipe[1]);
}

void exit_now(std::string_view message, int status) {
  [[maybe_unused]] const auto ignored = ::write(STDERR_FILENO, message.data(), message.size());
  std::_Exit(status);
}

}  // namespace simhadr
