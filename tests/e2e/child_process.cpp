#include "child_process.hpp"

#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace simhadr::e2e {

namespace {

std::string temp_path(const char* tag) {
  std::string pattern = std::string("/tmp/simhadr-e2e-") + tag + "-XXXXXX";
  const int fd = ::mkstemp(pattern.data());
  if (fd < 0) throw std::runtime_error("mkstemp failed");
  ::close(fd);
  return pattern;
}

// A Windows program's CRLF line ends are read as LF, so its reports parse as ours do.
std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::string read = text.str();
  std::string lines;
  lines.reserve(read.size());
  for (std::size_t i = 0; i < read.size(); ++i) {
    if (read[i] == '\r' && i + 1 < read.size() && read[i + 1] == '\n') continue;
    lines += read[i];
  }
  return lines;
}

}  // namespace

ChildProcess::ChildProcess(std::vector<std::string> args, std::string program)
    : out_path_(temp_path("out")), err_path_(temp_path("err")) {
  args.insert(args.begin(), std::move(program));
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    const int out = ::open(out_path_.c_str(), O_WRONLY | O_TRUNC);
    const int err = ::open(err_path_.c_str(), O_WRONLY | O_TRUNC);
    const int in = ::open("/dev/null", O_RDONLY);
    ::dup2(out, STDOUT_FILENO);
    ::dup2(err, STDERR_FILENO);
    ::dup2(in, STDIN_FILENO);
    ::execv(argv[0], argv.data());
    std::_Exit(127);
  }
}

ChildProcess::~ChildProcess() {
  if (!status_) {
    ::kill(pid_, SIGKILL);
    int ignored = 0;
    ::waitpid(pid_, &ignored, 0);
  }
  ::unlink(out_path_.c_str());
  ::unlink(err_path_.c_str());
}

std::optional<int> ChildProcess::wait(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!status_) {
    int raw = 0;
    const pid_t done = ::waitpid(pid_, &raw, WNOHANG);
    if (done == pid_) {
      status_ = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
      break;
    }
    if (std::chrono::steady_clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return status_;
}

void ChildProcess::send_signal(int signal) const {
  ::kill(pid_, signal);
}

bool ChildProcess::wait_signal_taken(int signal, std::chrono::milliseconds timeout) const {
  // SigPnd (the thread's) and ShdPnd (the process's) are hex masks, bit N-1 for signal N.
  const auto pending = [&] {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    for (std::string line; std::getline(status, line);) {
      if (!line.starts_with("SigPnd:") && !line.starts_with("ShdPnd:")) continue;
      if ((std::stoull(line.substr(7), nullptr, 16) >> (signal - 1)) & 1) return true;
    }
    return false;
  };
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (!pending()) return true;
    std::this_thread::yield();
  }
  return false;
}

bool ChildProcess::wait_for_output(const std::string& needle,
                                   std::chrono::milliseconds timeout) const {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (out().find(needle) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

std::string ChildProcess::out() const {
  return slurp(out_path_);
}
std::string ChildProcess::err() const {
  return slurp(err_path_);
}

namespace {

int ephemeral_low() {
  std::ifstream range("/proc/sys/net/ipv4/ip_local_port_range");
  int low = 32768;
  range >> low;
  return low;
}

bool bindable(std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(port);
  const bool free = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  ::close(fd);
  return free;
}

}  // namespace

bool ChildProcess::wait_listening(std::uint16_t port, std::chrono::milliseconds timeout) const {
  // Lines of /proc/PID/net/tcp: "sl local_address:PORT rem_address:PORT st ...", hex; 0A is LISTEN.
  char wanted[8];
  std::snprintf(wanted, sizeof wanted, ":%04X", port);
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    for (const char* table : {"tcp", "tcp6"}) {
      std::ifstream sockets("/proc/" + std::to_string(pid_) + "/net/" + table);
      for (std::string line; std::getline(sockets, line);) {
        std::istringstream fields(line);
        std::string slot, local, remote, state;
        fields >> slot >> local >> remote >> state;
        if (local.ends_with(wanted) && state == "0A") return true;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

std::uint16_t private_port(PortBlock block) {
  constexpr int kBlockSize = 1000;
  const int base =
      std::max(1024, ephemeral_low() - 5 * kBlockSize) + static_cast<int>(block) * kBlockSize;
  // Test processes started together have neighbouring ids; spread them far apart in the
  // block, so that one probing past a port in TIME_WAIT does not walk onto the other's.
  constexpr int kSpread = 397;
  const int start = static_cast<int>(::getpid()) * kSpread % kBlockSize;
  for (int i = 0; i < kBlockSize; ++i) {
    const auto port = static_cast<std::uint16_t>(base + (start + i) % kBlockSize);
    if (bindable(port)) return port;
  }
  throw std::runtime_error("no free port in the test's block");
}

}  // namespace simhadr::e2e
