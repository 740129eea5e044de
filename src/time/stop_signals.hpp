#pragma once
// Turns SIGINT and SIGTERM into a stop request, on a thread of its own so a
// signal is seen whatever the roles are doing. A second signal ends the
// process at once, for the case where something is stuck.
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <thread>

#include "simhadr/stop.hpp"

namespace simhadr {

class StopSignals {
 public:
  explicit StopSignals(StopSource& stop);
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  void arm();

  StopSource& stop_;
  boost::asio::io_context io_;
  boost::asio::signal_set signals_;
  std::thread thread_;
};

}  // namespace simhadr
