#include "simhadr/pipeline/hadr_states.hpp"

#include <algorithm>

namespace simhadr {

HadrStates::HadrStates(SyncMode mode, FailureSettings settings)
    : mode_(mode),
      settings_(settings),
      connected_state_(mode == SyncMode::SuperAsync ? HadrState::RemoteCatchup : HadrState::Peer),
      state_(connected_state_) {}

std::optional<double> longest_hold_seconds(SyncMode mode, double hadr_timeout,
                                           double peer_wait_limit, double peer_window) {
  if (mode == SyncMode::SuperAsync) return 0.0;
  std::optional<double> give_up;
  for (const double limit : {peer_wait_limit, hadr_timeout}) {
    if (limit > 0) give_up = give_up ? std::min(*give_up, limit) : limit;
  }
  if (!give_up) return std::nullopt;
  return *give_up + (keeps_peer_window(mode) ? peer_window : 0.0);
}

std::optional<Nanos> HadrStates::gives_up_at(std::optional<Nanos> blocked_since,
                                             std::optional<Nanos> silent_since) const {
  if (state_ != HadrState::Peer && state_ != HadrState::RemoteCatchup) return std::nullopt;
  std::optional<Nanos> at;
  if (blocked_since && state_ == HadrState::Peer && settings_.peer_wait_limit > Nanos{0}) {
    at = *blocked_since + settings_.peer_wait_limit;
  }
  if (silent_since && settings_.hadr_timeout > Nanos{0}) {
    const Nanos timeout = *silent_since + settings_.hadr_timeout;
    at = at ? std::min(*at, timeout) : timeout;
  }
  return at;
}

StateCause HadrStates::why_given_up(Nanos now, std::optional<Nanos> silent_since) const {
  const bool timed_out = silent_since && settings_.hadr_timeout > Nanos{0} &&
                         *silent_since + settings_.hadr_timeout <= now;
  return timed_out ? StateCause::HadrTimeout : StateCause::PeerWaitLimit;
}

std::optional<Nanos> HadrStates::lost(Nanos now, StateCause why) {
  const bool window =
      state_ == HadrState::Peer && settings_.peer_window > Nanos{0} && keeps_peer_window(mode_);
  if (window) {
    window_end_ = now + settings_.peer_window;
    change(now, HadrState::DisconnectedPeer, why);
  } else {
    change(now, HadrState::RemoteCatchupPending, why);
  }
  return window_end_;
}

void HadrStates::window_ended(Nanos now) {
  window_end_.reset();
  change(now, HadrState::RemoteCatchupPending, StateCause::PeerWindow);
}

void HadrStates::standby_back(Nanos now) {
  window_end_.reset();
  change(now, HadrState::RemoteCatchup, StateCause::StandbyBack);
}

void HadrStates::caught_up(Nanos now) {
  if (state_ == HadrState::RemoteCatchup && connected_state_ == HadrState::Peer) {
    change(now, HadrState::Peer, StateCause::CaughtUp);
  }
}

void HadrStates::change(Nanos now, HadrState to, StateCause why) {
  if (to == state_) return;
  changes_.push_back({now, state_, to, why});
  state_ = to;
}

}  // namespace simhadr
