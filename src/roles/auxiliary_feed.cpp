#include "roles/auxiliary_feed.hpp"

#include <algorithm>

#include "roles/link.hpp"

namespace simhadr {

namespace {

Nanos since_epoch(Clock::time_point at) {
  return at.time_since_epoch();
}

}  // namespace

AuxiliaryFeed::AuxiliaryFeed(AuxiliaryPlan plan, std::unique_ptr<Transport> transport, Clock& clock,
                             const StopSource& stop, RunLog& log)
    : plan_(std::move(plan)),
      transport_(std::move(transport)),
      clock_(clock),
      finishing_(&stop),
      log_(log),
      pages_(make_page_source(plan_.payload, plan_.handshake.flush_pages)) {}

AuxiliaryFeed::~AuxiliaryFeed() {
  if (!thread_.joinable()) return;
  finishing_.request();
  more_.notify_all();
  thread_.join();
}

void AuxiliaryFeed::start() {
  thread_ = std::thread([this] { ship(); });
}

StandbyLag AuxiliaryFeed::written(std::uint32_t pages, Clock::time_point written_at) {
  std::lock_guard lock(mutex_);
  backlog_.push_back(pages);
  ledger_.written(pages_to_bytes(pages), since_epoch(written_at));
  const StandbyLag lag = ledger_.lag(since_epoch(written_at));
  worst_.keep_worst(lag);
  if (idle_) more_.notify_one();
  return lag;
}

void AuxiliaryFeed::note_acknowledged() {
  // The send queue may still hold the handshake, which sends does not count.
  const std::uint64_t queued = transport_->unacknowledged_bytes();
  std::lock_guard lock(mutex_);
  ledger_.progress(counted_.sends.bytes, queued);
  awaiting_acknowledgement_ = queued > 0;
}

void AuxiliaryFeed::ship() {
  const ThisThreadCpuUsage this_thread;
  const CpuMeter cpu(this_thread);
  Link link(*transport_, clock_, finishing_, log_, plan_.stall_bound);
  std::string failure;
  try {
    const auto handshake = encode_handshake(plan_.handshake);
    TransferEnd end = link.send_all(handshake, nullptr);
    while (end == TransferEnd::Done) {
      std::uint32_t pages = 0;
      {
        std::unique_lock lock(mutex_);
        idle_ = true;
        while (backlog_.empty() && !finishing_.requested()) {
          if (more_.wait_for(lock, kStopCheckSlice) == std::cv_status::timeout &&
              awaiting_acknowledgement_) {
            lock.unlock();
            note_acknowledged();
            lock.lock();
          }
        }
        idle_ = false;
        if (finishing_.requested()) break;
        pages = backlog_.front();
      }
      end = link.send_all(pages_->next_flush(pages), &counted_);
      if (end != TransferEnd::Done) break;
      counted_.flushes.add(pages_to_bytes(pages));
      {
        std::lock_guard lock(mutex_);
        backlog_.pop_front();
      }
      note_acknowledged();
    }
    if (end == TransferEnd::PeerClosed) failure = "the standby closed the connection";
  } catch (const TransportError& error) {
    failure = error.what();
  } catch (const PayloadError& error) {
    failure = error.what();
  }
  note_acknowledged();
  transport_->close();
  std::lock_guard lock(mutex_);
  failure_ = std::move(failure);
  cpu_ = cpu.stop();
}

AuxiliaryStream AuxiliaryFeed::finish(Clock::time_point now) {
  finishing_.request();
  more_.notify_all();
  if (thread_.joinable()) thread_.join();
  AuxiliaryStream stream;
  stream.listed = plan_.listed;
  stream.flushes = counted_.flushes;
  stream.sends = counted_.sends;
  stream.congestions = counted_.congestions;
  stream.sent_bytes = counted_.sends.bytes;
  std::lock_guard lock(mutex_);
  stream.lag = ledger_.lag(since_epoch(now));
  stream.worst_lag = worst_;
  stream.failure = failure_;
  stream.cpu = cpu_;
  return stream;
}

}  // namespace simhadr
