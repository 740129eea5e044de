#pragma once
// What a failure of the standby's link did on the primary: the HADR states it
// went through (Db2's, as db2pd -hadr names them) and how long its commits
// were held waiting for the standby. Times are since the start of the run.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "simhadr/units.hpp"

namespace simhadr {

enum class HadrState : std::uint8_t { Peer, DisconnectedPeer, RemoteCatchupPending, RemoteCatchup };

// Why the state changed, and what ended a commit's wait for the standby.
enum class StateCause : std::uint8_t {
  Shipped,        // (a wait only) the flush was shipped: its send returned, its ack came
  PeerWaitLimit,  // logging waited on the standby for -peerWaitLimit
  HadrTimeout,    // nothing came from the standby for -hadrTimeout
  PeerWindow,     // disconnected peer lasted -peerWindow
  StandbyBack,    // the link carries again: the standby reconnects
  CaughtUp,       // the standby has every byte of log the primary wrote
  RunEnded,       // (a wait only) the run ended with the flush still waiting
};

// HADR_STATE as db2pd prints it: PEER, DISCONNECTED_PEER, ...
std::string_view db2_name(HadrState state);
// Our words for a cause, as report lines name it.
std::string_view describe(StateCause cause);

struct StateChange {
  Nanos at{};
  HadrState from = HadrState::Peer;
  HadrState to = HadrState::Peer;
  StateCause why = StateCause::Shipped;
};

// One commit's wait: the flush whose log waited on the standby.
struct CommitHold {
  Nanos at{};  // when its shipping began
  Nanos duration{};
  StateCause ended_by = StateCause::Shipped;
  // A failure ended it: from `at` to the failure's detection, and what detected it.
  std::optional<Nanos> detected_after;
  StateCause detected_by = StateCause::Shipped;
};

struct FailureRecord {
  std::vector<StateChange> changes;
  bool commits_wait = true;  // false in SUPERASYNC, whose commits never wait for the standby
  CommitHold longest;
  Nanos held{};  // every flush's wait, in all

  void note_hold(const CommitHold& hold) {
    held += hold.duration;
    if (hold.duration > longest.duration) longest = hold;
  }
};

}  // namespace simhadr
