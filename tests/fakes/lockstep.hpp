#pragma once
// Two roles, each in a thread of its own, on one virtual clock, joined by an
// in-memory link with the network model's delay and window: a real Primary and
// a real Standby run against each other as deterministically as -model runs.
//
// Only one role runs at a time. It runs until it must wait (for a time, for
// bytes, for room in the window); then the role that can go on soonest runs,
// and time moves only when both wait, to the earliest moment one of them can
// go on (the primary first on a tie). A role that waits past `time_limit`, or
// both waiting for each other, fail the run with a logic_error: a role that
// failed without closing its end leaves the other waiting in slices forever.
#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "simhadr/clock.hpp"
#include "simhadr/models/network.hpp"
#include "simhadr/transport.hpp"

namespace simhadr::testing {

class Lockstep {
 public:
  using time_point = Clock::time_point;
  // When a waiting role can go on: none while it depends on the other one alone.
  using ReadyAt = std::function<std::optional<time_point>()>;

  explicit Lockstep(Nanos time_limit = std::chrono::hours(1)) : limit_(time_point{} + time_limit) {}

  time_point now() const { return now_; }

  // Runs `roles` (the primary first) to their ends; rethrows the first one's exception.
  void run(std::vector<std::function<void()>> roles) {
    roles_.assign(roles.size(), Role{});
    std::vector<std::thread> threads;
    std::vector<std::exception_ptr> failures(roles.size());
    for (std::size_t me = 0; me < roles.size(); ++me) {
      threads.emplace_back([this, me, &roles, &failures] {
        if (!take_turn(me)) return;
        try {
          roles[me]();
        } catch (...) {
          failures[me] = std::current_exception();
        }
        std::unique_lock lock(mutex_);
        roles_[me].done = true;
        hand_on(lock);
      });
    }
    {
      std::unique_lock lock(mutex_);
      hand_on(lock);
    }
    for (std::thread& thread : threads) thread.join();
    for (const std::exception_ptr& failure : failures) {
      if (failure) std::rethrow_exception(failure);
    }
    if (deadlocked_)
      throw std::logic_error("the roles waited past the time limit or on each other");
  }

  // The role running waits until `ready_at` or `deadline`, whichever comes first.
  void wait(ReadyAt ready_at, time_point deadline) {
    std::unique_lock lock(mutex_);
    Role& me = roles_[running_];
    const std::size_t self = running_;
    me.ready_at = std::move(ready_at);
    me.deadline = deadline;
    me.waiting = true;
    hand_on(lock);
    cv_.wait(lock, [&] { return !roles_[self].waiting || deadlocked_; });
    if (deadlocked_)
      throw std::logic_error("the roles waited past the time limit or on each other");
  }

 private:
  struct Role {
    ReadyAt ready_at;
    time_point deadline = time_point::max();
    bool waiting = true;
    bool first_turn = true;  // it can go on at once
    bool done = false;
  };

  bool take_turn(std::size_t me) {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return (running_ == me && !roles_[me].waiting) || deadlocked_; });
    roles_[me].first_turn = false;
    return !deadlocked_;
  }

  // Picks the role that can go on soonest and lets it run.
  void hand_on(std::unique_lock<std::mutex>&) {
    std::optional<std::size_t> next;
    time_point soonest = time_point::max();
    for (std::size_t i = 0; i < roles_.size(); ++i) {
      const Role& role = roles_[i];
      if (role.done || !role.waiting) continue;
      time_point at = role.first_turn ? now_ : role.deadline;
      if (role.ready_at) {
        if (const std::optional<time_point> ready = role.ready_at()) at = std::min(at, *ready);
      }
      if (at < soonest) {
        soonest = at;
        next = i;
      }
    }
    if (!next) {
      if (std::ranges::any_of(roles_, [](const Role& r) { return !r.done; })) deadlocked_ = true;
      cv_.notify_all();
      return;
    }
    if (soonest > limit_) {
      deadlocked_ = true;
      cv_.notify_all();
      return;
    }
    now_ = std::max(now_, soonest);
    running_ = *next;
    roles_[*next].waiting = false;
    roles_[*next].ready_at = nullptr;
    cv_.notify_all();
  }

  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<Role> roles_;
  std::size_t running_ = 0;
  time_point now_{};
  time_point limit_;
  bool deadlocked_ = false;
};

class LockstepClock final : public Clock {
 public:
  explicit LockstepClock(Lockstep& world) : world_(world) {}
  time_point now() const override { return world_.now(); }
  void sleep_until(time_point t) override {
    if (t > world_.now()) world_.wait(nullptr, t);
  }

 private:
  Lockstep& world_;
};

// One direction of the link, as -model's VirtualNetwork has it: a send puts one
// piece of the model's quantum on the wire when the wire is free, the piece
// arrives one delay after its wire time ends, and leaves the sender's window one
// delay after the receiver took it. The first `untimed_bytes` take no wire time:
// -model ships no handshake.
class LockstepWire {
 public:
  explicit LockstepWire(const NetworkModel& model, std::uint64_t untimed_bytes = 0)
      : model_(model), untimed_bytes_(untimed_bytes) {}

  struct Piece {
    Clock::time_point arrival;
    std::string bytes;  // empty: the sender closed
  };
  std::deque<Piece> pieces;
  std::deque<std::pair<Clock::time_point, std::uint64_t>> acknowledgements;
  std::uint64_t in_flight = 0;
  Clock::time_point wire_free_at{};

  const NetworkModel& model() const { return model_; }
  // The wire time of the next `bytes` sent.
  Nanos wire_time(std::uint64_t bytes) {
    const std::uint64_t untimed = std::min(bytes, untimed_bytes_);
    untimed_bytes_ -= untimed;
    return model_.serialization(bytes - untimed);
  }
  Nanos one_way() const { return model_.one_way_delay(); }
  std::uint64_t room(Clock::time_point now) {
    while (!acknowledgements.empty() && acknowledgements.front().first <= now) {
      in_flight -= acknowledgements.front().second;
      acknowledgements.pop_front();
    }
    return model_.window_bytes() - in_flight;
  }

 private:
  const NetworkModel& model_;
  std::uint64_t untimed_bytes_;
};

// One side's end of the link.
class LockstepEnd final : public Transport {
 public:
  LockstepEnd(Lockstep& world, LockstepWire& out, LockstepWire& in)
      : world_(world), out_(out), in_(in) {}

  IoStep send_some(std::span<const char> data) override {
    const auto now = world_.now();
    wanted_ = data.size();
    if (out_.wire_free_at > now) return {0, true};
    const std::uint64_t take = out_.model().next_piece(wanted_, out_.room(now));
    if (take == 0) return {0, true};
    out_.in_flight += take;
    out_.wire_free_at = now + out_.wire_time(take);
    out_.pieces.push_back({out_.wire_free_at + out_.one_way(), std::string(data.data(), take)});
    return {static_cast<std::size_t>(take), false};
  }
  IoStep recv_some(std::span<char> into) override { return recv_around(into, {}); }
  IoStep recv_around(std::span<char> first, std::span<char> second) override {
    std::size_t moved = 0;
    const std::size_t wanted = first.size() + second.size();
    while (moved < wanted && arrived()) {
      LockstepWire::Piece& piece = in_.pieces.front();
      if (piece.bytes.empty()) break;
      const std::size_t n = std::min(wanted - moved, piece.bytes.size());
      for (std::size_t i = 0; i < n; ++i) {
        const std::size_t at = moved + i;
        (at < first.size() ? first[at] : second[at - first.size()]) = piece.bytes[i];
      }
      piece.bytes.erase(0, n);
      moved += n;
      in_.acknowledgements.emplace_back(world_.now() + in_.one_way(), n);
      if (piece.bytes.empty()) in_.pieces.pop_front();
    }
    if (moved > 0) return {moved, false};
    return {0, !closed_by_peer()};
  }
  bool wait_writable(Nanos max_wait) override {
    if (writable() || max_wait <= Nanos{0}) return writable();
    world_.wait(
        [this]() -> std::optional<Clock::time_point> {
          if (piece_fits()) return out_.wire_free_at;
          if (out_.acknowledgements.empty()) return std::nullopt;
          return std::max(out_.wire_free_at, out_.acknowledgements.front().first);
        },
        world_.now() + max_wait);
    return writable();
  }
  bool wait_readable(Nanos max_wait) override {
    if (arrived() || max_wait <= Nanos{0}) return arrived();
    world_.wait(
        [this]() -> std::optional<Clock::time_point> {
          if (in_.pieces.empty()) return std::nullopt;
          return in_.pieces.front().arrival;
        },
        world_.now() + max_wait);
    return arrived();
  }
  void close() override {
    if (!closed_) out_.pieces.push_back({world_.now() + out_.one_way(), {}});
    closed_ = true;
  }

 private:
  // The window has room for the next piece of what the last send wanted to hand over.
  bool piece_fits() { return out_.model().next_piece(wanted_, out_.room(world_.now())) > 0; }
  bool writable() { return out_.wire_free_at <= world_.now() && piece_fits(); }
  bool arrived() const { return !in_.pieces.empty() && in_.pieces.front().arrival <= world_.now(); }
  bool closed_by_peer() const { return arrived() && in_.pieces.front().bytes.empty(); }

  Lockstep& world_;
  LockstepWire& out_;
  LockstepWire& in_;
  std::uint64_t wanted_ = 1;
  bool closed_ = false;
};

}  // namespace simhadr::testing
