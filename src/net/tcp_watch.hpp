#pragma once
// Watches one connected TCP socket from a thread of its own while a run
// goes on: every few milliseconds it reads the kernel's view (bytes
// acknowledged and received, what waits in the send and receive queues, the
// retransmission timeout) and finds the stalls in it (StallDetector) and, on
// a primary, the log gap (LogGapMeter). The role's thread only tells it when
// the run begins and what log it has written; blocking sends and waits of
// any length do not blur what it sees.
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "platform/native_socket.hpp"
#include "simhadr/config.hpp"
#include "simhadr/measure/connection_watch.hpp"
#include "simhadr/measure/log_gap_meter.hpp"
#include "simhadr/measure/stall_detector.hpp"

namespace simhadr {

// What one reading of the socket gives (tcp_watch.cpp reads it).
struct KernelView {
  std::uint64_t progress = 0;  // bytes acknowledged and received
  std::uint64_t acked = 0;
  std::uint64_t unacknowledged = 0;  // in the send queue
  std::uint64_t unread = 0;          // in the receive queue
  bool window_open = true;
  Nanos retransmission_timeout{};
};

struct WatchFindings {
  StallRecord stalls;
  std::optional<LogGap> log_gap;  // a primary that wrote log
};

class TcpWatch final : public ConnectionWatch {
 public:
  static constexpr Nanos kReadEvery = std::chrono::milliseconds(10);

  // The socket must stay open until stop().
  TcpWatch(NativeSocket socket, Role role);
  ~TcpWatch() override;
  TcpWatch(const TcpWatch&) = delete;
  TcpWatch& operator=(const TcpWatch&) = delete;

  void begin(Clock::time_point at, std::uint64_t stream_offset) override;
  // The run goes on over another connection, or none for now (the primary gave
  // up on it): the counts go on from where they were, and its acknowledged
  // bytes are log from `log_at_start` once `message_bytes` of its own are past.
  void follow(std::optional<NativeSocket> socket, std::uint64_t log_at_start,
              std::uint64_t message_bytes);
  void log_written(std::uint64_t total, Clock::time_point at) override;
  void awaiting_ack(bool awaiting, Clock::time_point at) override;
  Nanos stalled_within(Nanos from, Nanos to) const override;
  std::optional<std::uint64_t> log_acknowledged() const override;

  // Ends the watch with one last reading; empty when the run never began or the
  // system never gave the figures a reading needs (Windows, Linux before 5.4):
  // then stalls and log gap are not known, and the report leaves them out.
  std::optional<WatchFindings> stop();

 private:
  void watch();
  // One reading of the kernel's view, taken at `now`; with mutex_ held.
  void take(const KernelView& view, Clock::time_point now);

  std::optional<NativeSocket> socket_;
  Role role_;
  std::uint64_t progress_base_ = 0;  // what earlier connections made
  std::int64_t log_base_ = 0;        // the log at this connection's first acknowledged byte
  std::optional<std::uint64_t> log_acknowledged_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::optional<Clock::time_point> begun_;
  std::uint64_t readings_ = 0;
  std::uint64_t readings_with_progress_ = 0;
  std::optional<std::uint64_t> last_progress_;
  bool log_written_ = false;
  std::optional<Clock::time_point> awaiting_since_;  // the role's thread's alone
  std::atomic<bool> awaiting_{false};
  std::atomic<Nanos::rep> ack_wait_nanos_{0};  // in all, for the mean
  std::atomic<std::uint64_t> acks_{0};
  StallDetector detector_;
  LogGapMeter gap_;
  std::thread thread_;
};

}  // namespace simhadr
