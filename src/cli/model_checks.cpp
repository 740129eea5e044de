#include "cli/model_checks.hpp"

#include <fmt/format.h>

#include "cli/option_table.hpp"
#include "cli/usage_error.hpp"

namespace simhadr {

namespace {

// How much longer than an outage the standby may go unheard: the round trips
// around it.
constexpr double kOutageMargin = 1.0;

}  // namespace

void check_flush_sizes(const RunConfig& config) {
  if (config.logger) {
    if (config.logger->rate <= MBytesPerSec{}) {
      throw UsageError(fmt::format("{} needs {} (the workload's MB/s of log)", OptionId::LogBufSize,
                                   OptionId::LogRate));
    }
    if (config.logger->buffer_pages == 0) {
      throw UsageError(fmt::format("{} needs {} (the log buffer in pages)", OptionId::LogRate,
                                   OptionId::LogBufSize));
    }
    if (config.target) {
      throw UsageError(fmt::format("{} sets the pace of the workload; leave out {}",
                                   OptionId::LogRate, OptionId::Target));
    }
  }
  const int models =
      (config.logger ? 1 : 0) + (config.flush_size_list ? 1 : 0) + (config.flush_pages ? 1 : 0);
  if (models > 1) {
    throw UsageError(fmt::format("give only one of {}, {} and {}", OptionId::FlushSize,
                                 OptionId::FlushSizes, OptionId::LogRate));
  }
  const std::uint32_t largest = config.largest_flush_pages();
  const auto check = [&](OptionId option, const std::optional<std::uint32_t>& pages,
                         bool flush_known) {
    if (!pages || !flush_known || *pages >= largest) return;
    throw UsageError(
        fmt::format("-{} {} pages is smaller than the largest flush ({} pages); give at least {}",
                    option_name(option), *pages, largest, largest));
  };
  // The standby learns the flush size only from the handshake, and checks it
  // then; a command line that gives both is checked at once.
  check(OptionId::HadrBufSize, config.standby_buffer_pages,
        config.flush_pages || config.logger || config.flush_size_list);
  // The primary knows its flushes, given or not, when it asks the standby for a buffer.
  check(OptionId::StandbyHadrBufSize, config.standby_request.buffer_pages, true);
}

void check_outages(const RunConfig& config) {
  if (!config.outages) return;
  const OutagePlan& plan = *config.outages;
  if (plan.seconds <= 0) {
    throw UsageError(fmt::format("{} needs {} SECONDS (how long each outage lasts)",
                                 OptionId::NetOutageEvery, OptionId::NetOutage));
  }
  if (plan.every_seconds && *plan.every_seconds <= plan.seconds) {
    throw UsageError(
        fmt::format("{} {:g} s leaves no time between outages of {:g} s; give more than {:g}",
                    OptionId::NetOutageEvery, *plan.every_seconds, plan.seconds, plan.seconds));
  }
  if (!plan.every_seconds && !config.run_seconds) {
    throw UsageError(fmt::format("{} alone comes in the middle of the run: give {} SECONDS, or {}",
                                 OptionId::NetOutage, OptionId::T, OptionId::NetOutageEvery));
  }
  if (!plan.every_seconds && *config.run_seconds <= plan.seconds) {
    throw UsageError(fmt::format(
        "{} {:g} s comes in the middle of the run, which {} {:g} s leaves no room for: give a "
        "longer {}",
        OptionId::NetOutage, plan.seconds, OptionId::T, *config.run_seconds, OptionId::T));
  }
  // Once peer state ends, nothing the link does holds the primary back: only
  // a pace of its own gives the log it writes meanwhile a rate. Without one it
  // would write without end in no time. The outage's round trips lengthen the
  // wait, so a limit about as long as the outage may end peer state too.
  // SUPERASYNC is never in peer state, so its wait limit never applies. What
  // this misses, the simulation refuses once the unpaced flushes pile up.
  const double unheard = plan.seconds + kOutageMargin;
  const bool peer_wait_ends_peer = config.effective_sync_mode() != SyncMode::SuperAsync &&
                                   config.peer_wait_limit_seconds > 0 &&
                                   config.peer_wait_limit_seconds < unheard;
  const bool may_leave_peer = peer_wait_ends_peer || config.hadr_timeout_seconds < unheard;
  const bool paced = config.target || config.logger || config.disk;
  if (may_leave_peer && !paced) {
    throw UsageError(fmt::format(
        "{} {:g} s may end peer state, and the primary then writes on unpaced: give {}, {}, {} "
        "or {} so that its log has a rate",
        OptionId::NetOutage, plan.seconds, OptionId::Target, OptionId::LogRate, OptionId::Workload,
        OptionId::Disk));
  }
}

void require_something_takes_time(const RunConfig& config) {
  // A network of zero delay and no rate adds no time, and nor would the run.
  const bool network_takes_time =
      config.network && (config.network->one_way_delay_seconds > 0 || config.network->rate);
  const ModelledCompression* compression =
      config.modelled_compression ? &*config.modelled_compression : nullptr;
  const bool compressing_takes_time =
      compression && (compression->probed || compression->compress_seconds_per_gb > 0 ||
                      compression->decompress_seconds_per_gb > 0);
  // Replay holds the primary back only once the standby's buffer and spool are
  // full: an unlimited spool never is.
  const bool replay_holds_back = config.replay && config.spool_limit_pages != kUnlimitedSpool;
  const bool takes_time = config.disk || network_takes_time || config.target || config.logger ||
                          replay_holds_back || config.uplink || config.tls ||
                          (config.tcp_cost && config.tcp_cost->charges()) || compressing_takes_time;
  if (!takes_time) {
    throw UsageError(
        fmt::format("{} needs something that takes time ({}, {}, {}, {}, "
                    "{}, {}, {}, {}, {} or {}'s costs; {} only with a spool that "
                    "fills); without it every flush takes no time",
                    OptionId::Model, OptionId::Disk, OptionId::NetRate, OptionId::NetDelay,
                    OptionId::UplinkRate, OptionId::Replay, OptionId::Target, OptionId::LogRate,
                    OptionId::Tls, OptionId::TcpCost, OptionId::Compress, OptionId::Replay));
  }
}

// HADR_REPLAY_DELAY is SUPERASYNC's alone; a real standby learns the mode from its primary.
void check_replay_delay(const RunConfig& config, Action action) {
  if (!config.replay) {
    throw UsageError(fmt::format("{} holds replay back, so it needs {} MB/S", OptionId::ReplayDelay,
                                 OptionId::Replay));
  }
  const SyncMode mode = config.effective_sync_mode();
  if ((action == Action::Model || action == Action::Demo) && mode != SyncMode::SuperAsync) {
    throw UsageError(
        fmt::format("{} is for SUPERASYNC, as Db2's HADR_REPLAY_DELAY is; this run is {}",
                    OptionId::ReplayDelay, to_string(mode)));
  }
}

void check_real_log_writes(const RunConfig& config, Action action) {
  if (!config.log_dir) return;
  if (config.disk) {
    throw UsageError(fmt::format("{} writes the log for real and {} models its time: give one",
                                 OptionId::LogDir, OptionId::Disk));
  }
  if (action == Action::Model) {
    throw UsageError(
        fmt::format("{} runs in virtual time and writes nothing: {} models the log disk ({} "
                    "fits it)",
                    OptionId::Model, OptionId::Disk, OptionId::TestDisk));
  }
  if (action != Action::Primary && action != Action::Standby && action != Action::Demo) {
    throw UsageError(
        fmt::format("{} writes a shipping run's log; this run ships none", OptionId::LogDir));
  }
  const SyncMode mode = config.effective_sync_mode();
  if (action != Action::Standby && mode != SyncMode::Sync) {
    throw UsageError(fmt::format(
        "{} on a primary writes each flush before shipping it, as SYNC does; in {} the write "
        "runs beside shipping: give the primary {} ({} fits it), the standby {}",
        OptionId::LogDir, to_string(mode), OptionId::Disk, OptionId::TestDisk, OptionId::LogDir));
  }
}

}  // namespace simhadr
