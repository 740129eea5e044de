#pragma once
// Where the requests to stop come from: SIGINT and SIGTERM on Linux, Ctrl-C,
// Ctrl-Break and a closing console on Windows. Each one is passed, with who
// sent it where the system says, to a callback on a thread of this source's
// own, so a request is seen whatever the rest of the process is doing.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace simhadr {

struct StopSignal {
  int number = 0;
  // Sent by a process (kill(), SI_USER) rather than the terminal or the kernel.
  bool from_process = false;
  std::int64_t sender = 0;
  std::chrono::steady_clock::time_point at{};
};

// "SIGINT", "SIGTERM" (and "SIGBREAK" on Windows), as reports name them.
std::string stop_signal_name(int number);

class StopSignalSource {
 public:
  using Handler = std::function<void(const StopSignal&)>;
  // One source exists at a time.
  explicit StopSignalSource(Handler handler);
  ~StopSignalSource();
  StopSignalSource(const StopSignalSource&) = delete;
  StopSignalSource& operator=(const StopSignalSource&) = delete;

  struct State;

 private:
  std::unique_ptr<State> state_;
};

// Writes straight to standard error and ends the process at once with `status`,
// without flushing or destroying anything: for when something is stuck.
[[noreturn]] void exit_now(std::string_view message, int status);

}  // namespace simhadr
