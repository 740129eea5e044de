#include "simhadr/monitor/channel.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace simhadr {

namespace {

bool same_database(const std::string& a, const std::string& b) {
  return a.empty() || b.empty() || a == b;
}

bool belongs(const Channel& channel, const HadrSample& sample) {
  return channel.key.log_stream == sample.log_stream_id.value_or(0) &&
         channel.key.standby == standby_key(sample) &&
         same_database(channel.key.database, sample.database);
}

void add(std::vector<Channel>& channels, const HadrSample& sample) {
  auto channel =
      std::ranges::find_if(channels, [&](const Channel& c) { return belongs(c, sample); });
  if (channel == channels.end()) {
    Channel& added = channels.emplace_back();
    added.key = {sample.database, sample.log_stream_id.value_or(0), sample.standby_host,
                 standby_key(sample)};
    channel = channels.end() - 1;
  }
  if (channel->key.database.empty()) channel->key.database = sample.database;
  (sample.is_primary() ? channel->primary : channel->standby).push_back(sample);
}

// A channel seen only from the standby joins the one channel seen only from
// the primary that has its database and log stream, when there is exactly one.
void pair_lone_sides(std::vector<Channel>& channels) {
  for (std::size_t i = 0; i < channels.size(); ++i) {
    Channel& standby_only = channels[i];
    if (!standby_only.primary.empty() || standby_only.standby.empty()) continue;
    std::vector<std::size_t> candidates;
    for (std::size_t j = 0; j < channels.size(); ++j) {
      const Channel& c = channels[j];
      if (j != i && c.standby.empty() && !c.primary.empty() &&
          c.key.log_stream == standby_only.key.log_stream &&
          same_database(c.key.database, standby_only.key.database)) {
        candidates.push_back(j);
      }
    }
    if (candidates.size() != 1) continue;
    Channel& primary_only = channels[candidates.front()];
    primary_only.standby = std::move(standby_only.standby);
    if (primary_only.key.database.empty()) primary_only.key.database = standby_only.key.database;
    channels.erase(channels.begin() + static_cast<std::ptrdiff_t>(i));
    i = 0;
  }
}

bool all_timed_on(const std::vector<HadrSample>& samples, MonitorClock clock) {
  return std::ranges::all_of(samples,
                             [&](const HadrSample& s) { return s.time && s.clock == clock; });
}

template <typename Number>
std::optional<double> per_second(const std::optional<Number>& now,
                                 const std::optional<Number>& then, double seconds) {
  if (!now || !then || seconds <= 0) return std::nullopt;
  return static_cast<double>(*now - *then) / seconds;
}

class RowBuilder {
 public:
  explicit RowBuilder(const Channel& channel) : channel_(channel) {
    const std::vector<HadrSample>& lead = channel.lead();
    std::vector<double> steps;
    for (std::size_t i = 1; i < lead.size(); ++i) {
      if (lead[i].time && lead[i - 1].time) steps.push_back(*lead[i].time - *lead[i - 1].time);
    }
    if (!steps.empty()) {
      std::ranges::nth_element(steps,
                               steps.begin() + static_cast<std::ptrdiff_t>(steps.size() / 2));
      tolerance_ = std::max(1.0, steps[steps.size() / 2] / 2);
    }
  }

  ChannelRow row(std::size_t i) const {
    const std::vector<HadrSample>& lead = channel_.lead();
    ChannelRow row;
    row.sample = lead[i];
    const HadrSample& now = row.sample;
    if (const HadrSample* standby = nearest_standby(now.time)) row.standby = *standby;
    const HadrSample* before = i > 0 ? &lead[i - 1] : nullptr;
    if (before && (!now.time || !before->time || before->role != now.role)) before = nullptr;
    if (before) interval(row, *before);
    if (now.primary_pos && now.standby_pos) {
      row.gap = std::max<std::int64_t>(0, *now.primary_pos - *now.standby_pos);
    }
    const HadrSample& standby = row.standby_view();
    if (standby.standby_pos && standby.replay_pos) {
      row.receive_replay_gap =
          std::max<std::int64_t>(0, *standby.standby_pos - *standby.replay_pos);
    }
    row.buffer_percent = standby.receive_buffer_percent;
    row.spool_percent = standby.spool_percent;
    if (now.connect_status == "CONGESTED" && now.time && now.connect_status_time) {
      // IBM: the status time may come a little after the sample's; such a negative span is nil.
      row.congested_seconds = std::max(0.0, *now.time - *now.connect_status_time);
    }
    row.flags = now.flags;
    if (row.standby) {
      for (const std::string& flag : row.standby->flags) {
        if (!now.has_flag(flag)) row.flags.push_back(flag);
      }
    }
    return row;
  }

 private:
  void interval(ChannelRow& row, const HadrSample& before) const {
    const HadrSample& now = row.sample;
    const double seconds = *now.time - *before.time;
    row.seconds = seconds;
    row.log_rate = per_second(now.primary_pos, before.primary_pos, seconds);
    const HadrSample* standby_now = &now;
    const HadrSample* standby_before = &before;
    const HadrSample* earlier = row.standby ? nearest_standby(before.time) : nullptr;
    if (earlier && earlier->time < row.standby->time) {
      standby_now = &*row.standby;
      standby_before = earlier;
    }
    const double standby_seconds = *standby_now->time - *standby_before->time;
    row.ship_rate =
        per_second(standby_now->standby_pos, standby_before->standby_pos, standby_seconds);
    row.replay_rate =
        per_second(standby_now->replay_pos, standby_before->replay_pos, standby_seconds);
    if (now.wait_count && before.wait_count) {
      row.writes = *now.wait_count - *before.wait_count;
      if (*row.writes > 0 && now.wait_accumulated && before.wait_accumulated) {
        row.wait_per_write =
            (*now.wait_accumulated - *before.wait_accumulated) / static_cast<double>(*row.writes);
      }
      if (*row.writes > 0 && now.primary_pos && before.primary_pos) {
        row.flush_bytes = static_cast<double>(*now.primary_pos - *before.primary_pos) /
                          static_cast<double>(*row.writes);
      }
    }
  }

  // The standby's own sample nearest `time`, within the tolerance; null without one.
  // Aligned sides are all timed and sorted by time, so a binary search finds it.
  const HadrSample* nearest_standby(std::optional<double> time) const {
    if (!channel_.sides_aligned || !time || channel_.primary.empty()) return nullptr;
    const std::vector<HadrSample>& standby = channel_.standby;
    const auto first_at = [&](double t) {
      return std::ranges::lower_bound(standby, t, {}, [](const HadrSample& s) { return *s.time; });
    };
    const auto after = first_at(*time);
    const HadrSample* best = nullptr;
    const auto consider = [&](const HadrSample& s) {
      if (!best || std::abs(*s.time - *time) < std::abs(*best->time - *time)) best = &s;
    };
    // Of samples with one time, the first, as a scan from the start would choose.
    if (after != standby.begin()) consider(*first_at(*std::prev(after)->time));
    if (after != standby.end()) consider(*after);
    if (!best || std::abs(*best->time - *time) > tolerance_) return nullptr;
    return best;
  }

  const Channel& channel_;
  double tolerance_ = 30;
};

// A mean of `figure` over the rows that have it, each weighted by `weight`.
template <typename Figure, typename Weight>
std::optional<double> weighted_mean(const std::vector<ChannelRow>& rows, Figure figure,
                                    Weight weight) {
  double sum = 0, weights = 0;
  for (const ChannelRow& row : rows) {
    const std::optional<double> value = figure(row);
    const std::optional<double> w = weight(row);
    if (!value || !w || *w <= 0) continue;
    sum += *value * *w;
    weights += *w;
  }
  if (weights <= 0) return std::nullopt;
  return sum / weights;
}

ChannelSummary summarize(const std::vector<ChannelRow>& rows) {
  ChannelSummary s;
  const auto by_time = [](const ChannelRow& r) { return r.seconds; };
  const auto by_writes = [](const ChannelRow& r) -> std::optional<double> {
    if (!r.writes) return std::nullopt;
    return static_cast<double>(*r.writes);
  };
  s.log_rate = weighted_mean(
      rows, [](const ChannelRow& r) { return r.log_rate; }, by_time);
  s.ship_rate = weighted_mean(
      rows, [](const ChannelRow& r) { return r.ship_rate; }, by_time);
  s.replay_rate = weighted_mean(
      rows, [](const ChannelRow& r) { return r.replay_rate; }, by_time);
  s.wait_per_write = weighted_mean(
      rows, [](const ChannelRow& r) { return r.wait_per_write; }, by_writes);
  s.flush_bytes = weighted_mean(
      rows, [](const ChannelRow& r) { return r.flush_bytes; }, by_writes);
  s.writes_per_second = weighted_mean(
      rows, [](const ChannelRow& r) { return r.writes_per_second(); }, by_time);
  double seconds = 0;
  for (const ChannelRow& row : rows) seconds += row.seconds.value_or(0);
  if (seconds > 0) s.seconds = seconds;
  const ChannelRow* previous = nullptr;
  for (const ChannelRow& row : rows) {
    if (!row.gap) {
      previous = nullptr;
      continue;
    }
    if (!s.first_gap) s.first_gap = row.gap;
    s.last_gap = row.gap;
    s.largest_gap = std::max(s.largest_gap.value_or(0), *row.gap);
    if (previous) {
      ++s.gap_intervals;
      if (*row.gap > *previous->gap) ++s.gap_rises;
    }
    previous = &row;
  }
  return s;
}

}  // namespace

std::optional<double> ChannelRow::writes_per_second() const {
  if (!writes || !seconds || *seconds <= 0) return std::nullopt;
  return static_cast<double>(*writes) / *seconds;
}

bool Channel::has_intervals() const {
  return std::ranges::any_of(rows, [](const ChannelRow& row) { return row.seconds.has_value(); });
}

std::vector<Channel> channels_of(const std::vector<MonitorFile>& files) {
  std::vector<Channel> channels;
  for (const MonitorFile& file : files) {
    for (const HadrSample& sample : file.samples) add(channels, sample);
  }
  pair_lone_sides(channels);
  for (Channel& channel : channels) {
    for (auto* side : {&channel.primary, &channel.standby}) {
      std::ranges::stable_sort(*side, [](const HadrSample& a, const HadrSample& b) {
        return a.time.value_or(0) < b.time.value_or(0);
      });
    }
    channel.sides_aligned = !channel.primary.empty() && !channel.standby.empty() &&
                            ((all_timed_on(channel.primary, MonitorClock::Utc) &&
                              all_timed_on(channel.standby, MonitorClock::Utc)) ||
                             (all_timed_on(channel.primary, MonitorClock::Local) &&
                              all_timed_on(channel.standby, MonitorClock::Local)));
    const RowBuilder builder(channel);
    for (std::size_t i = 0; i < channel.lead().size(); ++i) channel.rows.push_back(builder.row(i));
    channel.summary = summarize(channel.rows);
  }
  return channels;
}

}  // namespace simhadr
