#pragma once
// What a run of flushes is, for both engines: the sync mode, the limits, the
// pace, the disks, replay and the standby's buffer. One builder reads it from
// the command line (shipping_plan_from), and one builds the settings each side
// reports from it (side_settings); the real primary and standby and -model
// each add only what is theirs (sockets and the handshake; the modelled link).
#include <cstdint>
#include <optional>

#include "simhadr/config.hpp"
#include "simhadr/pipeline/flush_cycle.hpp"
#include "simhadr/pipeline/run_limits.hpp"
#include "simhadr/pipeline/standby_cycle.hpp"
#include "simhadr/side_settings.hpp"

namespace simhadr {

struct ShippingPlan {
  SyncMode mode = SyncMode::NearSync;
  std::optional<std::uint64_t> max_flushes;  // -n
  std::optional<Nanos> run_time;             // -t
  std::optional<MBytesPerSec> target;
  std::optional<OfferedLoad> offered;  // -target, -logRate, -workload: what the report weighs
  std::optional<DiskParams> disk;      // both sides
  std::optional<DiskParams> replay;
  std::uint64_t spool_limit_pages = 0;
  Nanos replay_delay{};                             // -replayDelay
  std::optional<std::uint32_t> buffer_pages;        // -hadrBufSize
  std::optional<std::uint32_t> asked_buffer_pages;  // -standbyHadrBufSize, the primary's
  Nanos hadr_timeout = from_seconds(kDefaultHadrTimeoutSeconds);
  Nanos peer_wait_limit{};               // -peerWaitLimit
  Nanos peer_window{};                   // -peerWindow
  std::optional<Nanos> max_commit_hold;  // -maxCommitHold
  std::optional<Nanos> interval;

  RunLimits limits() const { return {max_flushes, run_time}; }
  FailureSettings failure() const { return {hadr_timeout, peer_wait_limit, peer_window}; }
  FlushCyclePlan flush_cycle() const { return {mode, limits(), target, failure(), {}}; }
  // The standby's receive buffer (standby_buffer_pages) when the largest flush is known.
  std::uint32_t standby_buffer_pages(std::uint32_t largest_flush_pages) const;
  // The standby's rules for a primary in `mode`, with a buffer of `buffer_pages`.
  StandbyCyclePlan standby_cycle(SyncMode primarys_mode, std::uint32_t buffer_pages) const {
    return {rules_for(primarys_mode).standby_ack, buffer_pages, replay, spool_limit_pages,
            replay_delay};
  }
};

ShippingPlan shipping_plan_from(const RunConfig& config);

// What a side reports it ran with, as far as the plan says: with the largest
// flush known, its mode, flush size and (a standby's) receive buffer too; a
// real standby learns those from its primary's handshake.
SideSettings side_settings(const ShippingPlan& plan, Role role,
                           std::optional<std::uint32_t> largest_flush_pages);

// A real side's settings from its command line: side_settings, and the socket
// buffers asked for; a primary's link model and payload.
SideSettings settings_for(const RunConfig& config, Role role);

}  // namespace simhadr
