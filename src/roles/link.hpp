#pragma once
// Measures around the transport: every send and recv call, every congestion
// (a send that would block) and how long it lasted. Transports never count.
#include <span>

#include "roles/run_log.hpp"
#include "simhadr/clock.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/stop.hpp"
#include "simhadr/transport.hpp"

namespace simhadr {

enum class TransferEnd : std::uint8_t { Done, Stopped, PeerClosed };

class Link {
 public:
  // How long a transfer may go on after a stop request before it is abandoned,
  // so a clean Ctrl-C finishes the flush in flight but a stuck peer cannot hold us.
  static constexpr Nanos kStopGrace = std::chrono::seconds(2);
  static constexpr Nanos kWaitSlice = std::chrono::milliseconds(100);

  Link(Transport& transport, Clock& clock, const StopSource& stop, RunLog& log)
      : transport_(transport), clock_(clock), stop_(stop), log_(log) {}

  // With `counted`, the calls, their sizes and any congestion go into it.
  TransferEnd send_all(std::span<const char> data, RunResult* counted);
  TransferEnd recv_exact(std::span<char> into, RunResult* counted);

  // One receive of whatever has arrived; counted when it moved bytes.
  IoStep recv_available(std::span<char> into, RunResult& counted);
  void wait_readable() { transport_.wait_readable(kWaitSlice); }
  void close() { transport_.close(); }

 private:
  // False once a stop has been pending for longer than kStopGrace.
  bool may_keep_waiting();
  // Waits in slices until ready; false when it gave up after a stop.
  bool await(bool (Transport::*wait)(Nanos));

  Transport& transport_;
  Clock& clock_;
  const StopSource& stop_;
  RunLog& log_;
  std::optional<Clock::time_point> give_up_at_;
};

}  // namespace simhadr
