#pragma once
// One auxiliary standby, fed on a thread of its own so that it never holds
// up the primary: the primary hands over each flush once it has written it,
// and the feed ships the flushes in order, as fast as the auxiliary's
// connection takes them. When that connection is slower than the log, the
// flushes wait here (remote catch-up reads them from the primary's log), and
// the lag says how far behind the auxiliary is: the log the primary has
// written that the auxiliary's TCP has not yet acknowledged (waiting here, or
// in the socket's send queue). What the auxiliary's own receive buffer holds
// unread is beyond what the primary can see.
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

#include "log/run_log.hpp"
#include "payload/page_source.hpp"
#include "simhadr/clock.hpp"
#include "simhadr/measure/lag_ledger.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/stop.hpp"
#include "simhadr/transport.hpp"
#include "simhadr/wire/handshake.hpp"

namespace simhadr {

struct AuxiliaryPlan {
  Endpoint listed;
  HandshakeParams handshake;  // SUPERASYNC, whatever the principal's mode
  Nanos stall_bound{};
  PayloadSpec payload;  // the principal's kind of pages, made anew for this stream
};

class AuxiliaryFeed {
 public:
  AuxiliaryFeed(AuxiliaryPlan plan, std::unique_ptr<Transport> transport, Clock& clock,
                const StopSource& stop, RunLog& log);
  ~AuxiliaryFeed();
  AuxiliaryFeed(const AuxiliaryFeed&) = delete;
  AuxiliaryFeed& operator=(const AuxiliaryFeed&) = delete;

  const Endpoint& listed() const { return plan_.listed; }
  // Sends the handshake, then follows the log, on the feed's thread.
  void start();
  // The primary has written a flush of `pages` at `written_at`; returns the
  // lag that leaves (the flush included).
  StandbyLag written(std::uint32_t pages, Clock::time_point written_at);
  // Stops the feed: the flush in flight is finished (within kStopGrace
  // when the auxiliary does not read), and what is left stays behind: the
  // returned lag, aged as of `now` (the end of the primary's run).
  AuxiliaryStream finish(Clock::time_point now);

 private:
  void ship();
  // After a send, and while idle: drops the flushes the auxiliary's TCP has acknowledged.
  void note_acknowledged();

  AuxiliaryPlan plan_;
  std::unique_ptr<Transport> transport_;
  Clock& clock_;
  StopSource finishing_;
  RunLog& log_;
  std::unique_ptr<PageSource> pages_;
  RunResult counted_;  // the feed thread's own, read after it ends

  mutable std::mutex mutex_;
  std::condition_variable more_;
  std::deque<std::uint32_t> backlog_;  // flushes (pages) not yet wholly handed over
  LagLedger ledger_;
  bool awaiting_acknowledgement_ = false;  // the send queue held bytes when last looked at
  StandbyLag worst_;                       // each figure's own worst, as flushes were written
  bool idle_ = false;                      // the feed waits for the next flush
  std::string failure_;
  std::optional<CpuUsage> cpu_;
  std::thread thread_;
};

}  // namespace simhadr
