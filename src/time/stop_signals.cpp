#include "time/stop_signals.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdio>

namespace simhadr {

StopSignals::StopSignals(StopSource& stop) : stop_(stop), signals_(io_, SIGINT, SIGTERM) {
  arm();
  thread_ = std::thread([this] { io_.run(); });
}

StopSignals::~StopSignals() {
  io_.stop();
  thread_.join();
}

void StopSignals::arm() {
  signals_.async_wait([this](const boost::system::error_code& error, int) {
    if (error) return;
    if (stop_.requested()) {
      static constexpr char kMessage[] = "simhadr: second interrupt, exiting without a report\n";
      [[maybe_unused]] const auto ignored = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
      std::_Exit(130);
    }
    stop_.request();
    arm();
  });
}

}  // namespace simhadr
