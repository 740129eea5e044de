#pragma once
// Runs the real simhadr binary with its output in files, and makes sure it is
// gone when the test ends: a child still running is killed in the destructor.
#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace simhadr::e2e {

class ChildProcess {
 public:
  // Runs simhadr with args, or `program` when one is given.
  explicit ChildProcess(std::vector<std::string> args, std::string program = SIMHADR_BINARY);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // The exit status, or nullopt if it was still running at the deadline.
  std::optional<int> wait(std::chrono::milliseconds timeout);
  void send_signal(int signal) const;
  // True once stdout holds `needle`; false when the deadline passes first.
  bool wait_for_output(const std::string& needle, std::chrono::milliseconds timeout) const;

  std::string out() const;
  std::string err() const;

 private:
  pid_t pid_ = -1;
  std::optional<int> status_;
  std::string out_path_;
  std::string err_path_;
};

// A port the kernel just handed out and took back: free for a moment, for the
// one test where the standby must know the primary's port before the primary exists.
std::uint16_t kernel_chosen_free_port();

}  // namespace simhadr::e2e
