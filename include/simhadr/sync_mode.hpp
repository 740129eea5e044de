#pragma once
// The four HADR sync modes differ only in when a flush counts as done; that
// difference is one table row per mode, so the roles need no per-mode loops.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace simhadr {

enum class SyncMode : std::uint8_t { Sync, NearSync, Async, SuperAsync };

enum class AckPoint : std::uint8_t {
  None,        // no ack travels back
  OnReceipt,   // the standby acks once the whole flush is in its buffer
  AfterWrite,  // the standby acks once the whole flush is on its disk
};

struct ModeRules {
  bool primary_reads;   // SUPERASYNC / remote catch-up: the primary reads its log instead
  bool io_before_send;  // SYNC: the local write completes before shipping starts
  AckPoint standby_ack;
};

inline constexpr std::array<ModeRules, 4> kModeRules{{
    {false, true, AckPoint::AfterWrite},  // SYNC
    {false, false, AckPoint::OnReceipt},  // NEARSYNC
    {false, false, AckPoint::None},       // ASYNC
    {true, false, AckPoint::None},        // SUPERASYNC
}};

constexpr const ModeRules& rules_for(SyncMode mode) {
  return kModeRules[static_cast<std::size_t>(mode)];
}

constexpr bool expects_ack(SyncMode mode) {
  return rules_for(mode).standby_ack != AckPoint::None;
}

// HADR_PEER_WINDOW holds commits in these modes only; Db2 ignores it in ASYNC and SUPERASYNC.
constexpr bool keeps_peer_window(SyncMode mode) {
  return mode == SyncMode::Sync || mode == SyncMode::NearSync;
}

// Upper-case name, as it travels in the handshake and heads the report.
std::string_view to_string(SyncMode mode);

// Case-insensitive; nullopt for anything else.
std::optional<SyncMode> parse_sync_mode(std::string_view text);

}  // namespace simhadr
