#pragma once
// A channel: one standby (one log stream of it, in pureScale) of one
// database, with the samples each side took of it, and what follows from
// them between samples. Primary figures (the log rate, the waits) come from
// the primary's samples and standby figures (shipping, replay, the buffer,
// the flags) from the standby's, as IBM advises; where one side's files are
// missing, from the other side's view of it, which lags by up to a heartbeat.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "simhadr/monitor/hadr_sample.hpp"
#include "simhadr/monitor/monitor_input.hpp"

namespace simhadr {

inline constexpr double kLogPageBytes = 4096;

struct ChannelKey {
  std::string database;  // empty: no file named it
  std::int64_t log_stream = 0;
  std::string standby_host;  // as the first sample wrote it
  std::string standby;       // standby_key(): how samples are matched to it
};

// What happened between the previous row's sample and this one's. Rates are
// bytes a second; an empty figure is one the samples cannot give.
struct ChannelRow {
  HadrSample sample;                     // the lead side's (the primary's when there is one)
  std::optional<HadrSample> standby;     // the standby's own sample nearest in time, if any
  std::optional<double> seconds;         // since the previous row
  std::optional<double> log_rate;        // ΔPRIMARY_LOG_POS / Δt
  std::optional<double> ship_rate;       // ΔSTANDBY_LOG_POS / Δt
  std::optional<double> replay_rate;     // ΔSTANDBY_REPLAY_LOG_POS / Δt
  std::optional<std::int64_t> writes;    // ΔLOG_HADR_WAIT_COUNT: log writes in peer state
  std::optional<double> wait_per_write;  // ΔLOG_HADR_WAIT_ACCUMULATED / ΔLOG_HADR_WAIT_COUNT
  std::optional<double> flush_bytes;     // ΔPRIMARY_LOG_POS / ΔLOG_HADR_WAIT_COUNT
  std::optional<std::int64_t> gap;       // PRIMARY_LOG_POS - STANDBY_LOG_POS now
  std::optional<std::int64_t> receive_replay_gap;  // STANDBY_LOG_POS - STANDBY_REPLAY_LOG_POS
  std::optional<double> buffer_percent, spool_percent;
  std::optional<double> congested_seconds;  // CONGESTED since HADR_CONNECT_STATUS_TIME
  std::vector<std::string> flags;           // both sides' HADR_FLAGS

  // The sample standby figures come from: the standby's own, else the lead's view.
  const HadrSample& standby_view() const { return standby ? *standby : sample; }
  std::optional<double> writes_per_second() const;
};

// Over the whole series: rates and means weighted by time (waits and flush
// sizes by the writes), and how the gap moved.
struct ChannelSummary {
  std::optional<double> seconds;
  std::optional<double> log_rate, ship_rate, replay_rate;
  std::optional<double> wait_per_write, flush_bytes, writes_per_second;
  std::optional<std::int64_t> first_gap, last_gap, largest_gap;
  std::size_t gap_intervals = 0;  // intervals with a gap at both ends
  std::size_t gap_rises = 0;      // of them, those where it grew
};

struct Channel {
  ChannelKey key;
  std::vector<HadrSample> primary, standby;  // each side's own samples, in file order
  // Whether the two sides' samples could be set side by side in time.
  bool sides_aligned = false;
  std::vector<ChannelRow> rows;
  ChannelSummary summary;

  const std::vector<HadrSample>& lead() const { return primary.empty() ? standby : primary; }
  // The standby's samples of itself when there are any, else the primary's view of it.
  const std::vector<HadrSample>& standby_side() const { return standby.empty() ? lead() : standby; }
  std::size_t sample_count() const { return primary.size() + standby.size(); }
  // The timed intervals a trend needs: two samples of one side with times.
  bool has_intervals() const;
};

// The channels of every sample, the two sides of a standby paired by
// database, log stream and standby host (a lone standby-side channel joins
// the lone primary-side channel of its database and stream when its host is
// spelled another way), each with its rows and summary.
std::vector<Channel> channels_of(const std::vector<MonitorFile>& files);

}  // namespace simhadr
