#include "net/tcp_watch.hpp"

#include <algorithm>

#include "platform/tcp_info.hpp"

namespace simhadr {

namespace {

// A standby cannot tell a primary with nothing to send from a link that
// carries nothing, nor a primary waiting for an ack a standby still writing
// from an ack lost: such a quiet stretch counts only when it is this many
// times longer than the mean time between receipts (the mean ack wait) so far.
constexpr double kQuietOverUsual = 4.0;

// Empty where the system lacks a figure the watch needs (the send window and the
// retransmission timeout: Linux before 5.4, Windows).
std::optional<KernelView> read_kernel_view(NativeSocket socket) {
  const auto info = read_tcp_info(socket);
  if (!info || !info->send_window || !info->retransmission_timeout) return std::nullopt;
  const TcpQueues queues = read_tcp_queues(socket);
  KernelView view;
  view.acked = info->bytes_acked;
  view.progress = info->bytes_acked + info->bytes_received;
  view.unacknowledged = queues.unacknowledged.value_or(0);
  view.unread = queues.unread.value_or(0);
  // A window the standby has closed holds the primary back: that is the standby's doing.
  view.window_open = *info->send_window >= std::max<std::uint32_t>(info->max_segment, 1);
  view.retransmission_timeout = *info->retransmission_timeout;
  return view;
}

}  // namespace

TcpWatch::TcpWatch(NativeSocket socket, Role role)
    : socket_(socket), role_(role), thread_([this] { watch(); }) {}

TcpWatch::~TcpWatch() {
  stop();
}

void TcpWatch::begin(Clock::time_point at, std::uint64_t stream_offset) {
  const std::scoped_lock lock(mutex_);
  begun_ = at;
  log_base_ = -static_cast<std::int64_t>(stream_offset);
}

void TcpWatch::follow(std::optional<NativeSocket> socket, std::uint64_t log_at_start,
                      std::uint64_t message_bytes) {
  const std::scoped_lock lock(mutex_);
  socket_ = socket;
  progress_base_ = last_progress_.value_or(progress_base_);
  log_acknowledged_.reset();
  log_base_ = static_cast<std::int64_t>(log_at_start) - static_cast<std::int64_t>(message_bytes);
}

void TcpWatch::log_written(std::uint64_t total, Clock::time_point at) {
  const std::scoped_lock lock(mutex_);
  if (!begun_) return;
  log_written_ = true;
  gap_.written(total, at - *begun_);
}

// Twice a flush, so without the lock: the role's thread alone writes these, and a
// reading that sees them a flush late is as good.
void TcpWatch::awaiting_ack(bool awaiting, Clock::time_point at) {
  if (awaiting) {
    awaiting_since_ = at;
    awaiting_.store(true, std::memory_order_relaxed);
    return;
  }
  if (!awaiting_since_) return;
  const Nanos waited = at - *awaiting_since_;
  awaiting_since_.reset();
  awaiting_.store(false, std::memory_order_relaxed);
  ack_wait_nanos_.store(ack_wait_nanos_.load(std::memory_order_relaxed) + waited.count(),
                        std::memory_order_relaxed);
  acks_.store(acks_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

std::optional<std::uint64_t> TcpWatch::log_acknowledged() const {
  const std::scoped_lock lock(mutex_);
  return log_acknowledged_;
}

Nanos TcpWatch::stalled_within(Nanos from, Nanos to) const {
  const std::scoped_lock lock(mutex_);
  return detector_.stalled_within(from, to);
}

void TcpWatch::watch() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, kReadEvery, [this] { return stopping_; });
    if (stopping_ || !begun_) continue;
    // The kernel is read with the lock let go: the role's notes, once a flush, never wait on it.
    // The reading's time is taken first: on a busy host this thread can wait for a CPU
    // between the two, and what it read is at least as new as that time.
    const std::optional<NativeSocket> socket = socket_;
    if (!socket) continue;
    lock.unlock();
    const auto now = std::chrono::steady_clock::now();
    const auto view = read_kernel_view(*socket);
    lock.lock();
    if (view && socket_ == socket) take(*view, now);
  }
}

void TcpWatch::take(const KernelView& view, Clock::time_point now) {
  const Nanos at = now - *begun_;
  const std::uint64_t progress = progress_base_ + view.progress;
  ++readings_;
  if (last_progress_ && progress != *last_progress_) ++readings_with_progress_;
  last_progress_ = progress;
  ConnectionReading reading{at, progress, false, view.retransmission_timeout};
  const bool sending = view.unacknowledged > 0 && view.window_open;
  // What this side waits for from the other, and how long such a wait usually is.
  bool waiting = false;
  double usual = 0;
  if (role_ == Role::Primary) {
    // The first ack's wait is the measure of the usual one.
    const std::uint64_t acks = acks_.load(std::memory_order_relaxed);
    const Nanos ack_waits{ack_wait_nanos_.load(std::memory_order_relaxed)};
    waiting = awaiting_.load(std::memory_order_relaxed) && acks > 0;
    usual = acks > 0 ? to_seconds(ack_waits) / static_cast<double>(acks) : 0.0;
  } else {
    waiting = view.unread == 0;
    usual = to_seconds(at) / static_cast<double>(readings_with_progress_ + 1);
  }
  reading.has_work = sending || waiting;
  if (!sending) reading.bound = std::max(reading.bound, from_seconds(kQuietOverUsual * usual));
  const bool stall_ended = detector_.read(reading);
  if (role_ != Role::Primary) return;
  if (stall_ended) gap_.stall_ended(at);
  const std::int64_t log_acked = static_cast<std::int64_t>(view.acked) + log_base_;
  log_acknowledged_ = static_cast<std::uint64_t>(std::max<std::int64_t>(log_acked, 0));
  gap_.acknowledged(*log_acknowledged_, at);
}

std::optional<WatchFindings> TcpWatch::stop() {
  {
    const std::scoped_lock lock(mutex_);
    if (stopping_) return std::nullopt;
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  const std::scoped_lock lock(mutex_);
  if (!begun_) return std::nullopt;
  const auto now = std::chrono::steady_clock::now();
  if (socket_) {
    if (const auto view = read_kernel_view(*socket_)) take(*view, now);
  }
  if (readings_ == 0) return std::nullopt;
  WatchFindings findings{detector_.record(), std::nullopt};
  if (log_written_) findings.log_gap = gap_.gap();
  return findings;
}

}  // namespace simhadr
