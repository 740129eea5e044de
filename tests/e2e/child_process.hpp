#pragma once
// Runs the real simhadr binary with its output in files, and makes sure it is
// gone when the test ends: a child still running is killed in the destructor.
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "binary_under_test.hpp"

namespace simhadr::e2e {

class ChildProcess {
 public:
  // Runs simhadr with args, or `program` when one is given.
  explicit ChildProcess(std::vector<std::string> args, std::string program = binary_under_test());
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // The exit status, or nullopt if it was still running at the deadline.
  std::optional<int> wait(std::chrono::milliseconds timeout);
  void send_signal(int signal) const;
  // True once no `signal` is pending: a handler has taken it (or the process has ended).
  bool wait_signal_taken(int signal, std::chrono::milliseconds timeout) const;
  // True once stdout holds `needle`; false when the deadline passes first.
  bool wait_for_output(const std::string& needle, std::chrono::milliseconds timeout) const;

  // True once the process listens on TCP `port`, read from its own network
  // namespace's socket table (a probe connection would be taken as a peer).
  bool wait_listening(std::uint16_t port, std::chrono::milliseconds timeout) const;

  std::string out() const;
  std::string err() const;

 private:
  pid_t pid_ = -1;
  std::optional<int> status_;
  std::string out_path_;
  std::string err_path_;
};

// Tests that must name a port before anything listens on it (a standby that
// starts first, a -loop standby, a sweep) each take one from a block of their
// own below the kernel's ephemeral range, so neither the kernel (bind to port
// 0, outgoing connections) nor another test can hand the same port out.
// The port is free when returned; the process id spreads concurrent runs.
enum class PortBlock : std::uint16_t {
  StandbyFirst,
  NoListener,
  PersistentStandby,
  Sweep,
  Interop
};
std::uint16_t private_port(PortBlock block);

}  // namespace simhadr::e2e
