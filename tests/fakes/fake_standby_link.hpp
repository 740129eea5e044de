#pragma once
// The primary's view of a standby: takes every byte (or follows a script of
// partial sends and blocks), keeps what went over the wire, and makes an ack
// readable a round trip (plus the standby's write, for SYNC) after each flush.
#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "fakes/fake_clock.hpp"
#include "simhadr/transport.hpp"
#include "simhadr/wire/flush_codec.hpp"
#include "simhadr/wire/handshake.hpp"

namespace simhadr::testing {

struct StandbyBehaviour {
  Nanos one_way{};
  bool acks = false;
  Nanos write_before_ack{};        // the standby's write, for SYNC
  std::deque<IoStep> send_script;  // consumed first; then every send is taken whole
  Nanos block_time{};              // how long a would_block lasts
  std::string ack{kAckMessage};    // what an ack carries
  // Only the first this many flushes are acked: the link fails after them.
  std::optional<std::size_t> acked_flushes;
};

class FakeStandbyLink final : public Transport {
 public:
  FakeStandbyLink(FakeClock& clock, std::vector<std::string>& events, StandbyBehaviour behaviour)
      : clock_(clock), events_(events), behaviour_(std::move(behaviour)) {}

  IoStep send_some(std::span<const char> data) override {
    std::size_t accepted = data.size();
    if (!behaviour_.send_script.empty()) {
      const IoStep step = behaviour_.send_script.front();
      behaviour_.send_script.pop_front();
      if (step.would_block) {
        events_.push_back("would block");
        return step;
      }
      accepted = std::min(step.bytes, data.size());
    }
    if (wire_.empty()) {
      const std::string_view first(data.data(), data.size());
      skip_ = first.starts_with("syncMode=") ? kHandshakeBytes : 0;
      // A standby of ours answers a handshake that carries a resume token.
      if (skip_ > 0 && first.substr(0, kHandshakeBytes).find("\nresume=") != first.npos) {
        answer_ = kSettingsApplied;
      }
    }
    wire_.append(data.data(), accepted);
    if (wire_.size() > skip_) {
      events_.push_back(fmt::format("send {}", accepted));
      note_completed_flushes();
    }
    return {accepted, false};
  }

  IoStep recv_some(std::span<char> into) override {
    ++recv_calls_;
    if (!answer_.empty()) {
      const std::size_t n = std::min(into.size(), answer_.size());
      std::copy_n(answer_.data(), n, into.data());
      answer_.erase(0, n);
      return {n, false};
    }
    if (ready_acks_.empty() || clock_.now() < ready_acks_.front()) return {0, true};
    const std::size_t n = std::min(into.size(), kAckBytes - ack_offset_);
    std::copy_n(behaviour_.ack.data() + ack_offset_, n, into.data());
    ack_offset_ += n;
    if (ack_offset_ == kAckBytes) {
      ack_offset_ = 0;
      ready_acks_.pop_front();
      events_.push_back("ack");
    }
    return {n, false};
  }

  bool wait_writable(Nanos) override {
    clock_.advance(behaviour_.block_time);
    return true;
  }

  bool wait_readable(Nanos max_wait) override {
    if (!answer_.empty()) return true;
    if (ready_acks_.empty()) {
      clock_.advance(max_wait);  // nothing is coming: the wait runs out
      return false;
    }
    if (clock_.now() < ready_acks_.front()) clock_.advance(ready_acks_.front() - clock_.now());
    return true;
  }

  void close() override { events_.push_back("close"); }

  const std::string& wire() const { return wire_; }
  // The log's bytes that reached it (the wire after any handshake).
  std::size_t log_bytes() const { return wire_.size() - std::min(skip_, wire_.size()); }
  int recv_calls() const { return recv_calls_; }

 private:
  void note_completed_flushes() {
    while (skip_ + (scanned_pages_ + 1) * kPageBytes <= wire_.size()) {
      const std::size_t offset = skip_ + scanned_pages_ * kPageBytes;
      ++scanned_pages_;
      const std::span<const char> page(wire_.data() + offset, kPageBytes);
      if (!starts_with_marker(page)) continue;
      ++flushes_;
      if (behaviour_.acked_flushes && flushes_ > *behaviour_.acked_flushes) continue;
      if (behaviour_.acks) {
        ready_acks_.push_back(clock_.now() + 2 * behaviour_.one_way + behaviour_.write_before_ack);
      }
    }
  }

  FakeClock& clock_;
  std::vector<std::string>& events_;
  StandbyBehaviour behaviour_;
  std::string wire_;
  std::size_t skip_ = 0;  // the handshake, when the flushes follow one
  std::size_t scanned_pages_ = 0;
  std::deque<Clock::time_point> ready_acks_;
  std::size_t ack_offset_ = 0;
  int recv_calls_ = 0;
  std::size_t flushes_ = 0;
  std::string answer_;
};

}  // namespace simhadr::testing
