#include "simhadr/report/diagnosis_report.hpp"
#include "simhadr/report/json_report.hpp"

namespace simhadr {

namespace {

using nlohmann::json;

std::string_view side_name(const HadrSample& s) {
  if (s.role_unknown()) return "unknown";
  return s.is_primary() ? "primary" : "standby";
}

json row_json(const ChannelRow& row) {
  const HadrSample& s = row.sample;
  const bool utc = s.time && s.clock == MonitorClock::Utc;
  const HadrSample& standby = row.standby_view();
  return {{"time", s.local_time ? json(wall_clock_text(*s.local_time)) : json(nullptr)},
          {"time_utc", utc ? json(wall_clock_text(*s.time) + "Z") : json(nullptr)},
          {"epoch_seconds", utc ? json(*s.time) : json(nullptr)},
          {"side", side_name(s)},
          {"source", s.where()},
          {"standby_source", row.standby ? json(row.standby->where()) : json(nullptr)},
          {"state", text_or_null(s.state)},
          {"connect_status", text_or_null(s.connect_status)},
          {"seconds", optional_json(row.seconds)},
          {"log_mbytes_per_sec", scaled_json(row.log_rate, 1e-6)},
          {"ship_mbytes_per_sec", scaled_json(row.ship_rate, 1e-6)},
          {"replay_mbytes_per_sec", scaled_json(row.replay_rate, 1e-6)},
          {"gap_bytes", optional_json(row.gap)},
          {"receive_replay_gap_bytes", optional_json(row.receive_replay_gap)},
          {"buffer_percent", optional_json(row.buffer_percent)},
          {"spool_percent", optional_json(row.spool_percent)},
          {"writes", optional_json(row.writes)},
          {"writes_per_sec", optional_json(row.writes_per_second())},
          {"wait_seconds_per_write", optional_json(row.wait_per_write)},
          {"flush_bytes", optional_json(row.flush_bytes)},
          {"congested_seconds", optional_json(row.congested_seconds)},
          {"replay_lag_seconds", optional_json(standby.replay_lag())},
          {"replay_delay_seconds", optional_json(standby.replay_delay)},
          {"time_since_last_recv_seconds", optional_json(s.time_since_last_recv)},
          {"log_gap_running_avg_bytes", optional_json(s.log_gap_average)},
          {"recv_replay_gap_running_avg_bytes", optional_json(standby.recv_replay_gap_average)},
          {"wait_recent_avg_seconds", optional_json(s.wait_recent_avg)},
          {"flags", row.flags}};
}

// The totals the last sample holds since the database was activated.
json since_activation_json(const HadrSample& s) {
  std::optional<double> per_write;
  if (s.wait_accumulated && s.wait_count && *s.wait_count > 0) {
    per_write = *s.wait_accumulated / static_cast<double>(*s.wait_count);
  }
  return {{"source", s.where()},
          {"wait_seconds", optional_json(s.wait_accumulated)},
          {"waits", optional_json(s.wait_count)},
          {"wait_seconds_per_write", optional_json(per_write)},
          {"heartbeats_missed", optional_json(s.heartbeats_missed)},
          {"heartbeats_expected", optional_json(s.heartbeats_expected)}};
}

json summary_json(const ChannelSummary& s) {
  return {{"seconds", optional_json(s.seconds)},
          {"log_mbytes_per_sec", scaled_json(s.log_rate, 1e-6)},
          {"ship_mbytes_per_sec", scaled_json(s.ship_rate, 1e-6)},
          {"replay_mbytes_per_sec", scaled_json(s.replay_rate, 1e-6)},
          {"writes_per_sec", optional_json(s.writes_per_second)},
          {"flush_bytes", optional_json(s.flush_bytes)},
          {"wait_seconds_per_write", optional_json(s.wait_per_write)},
          {"first_gap_bytes", optional_json(s.first_gap)},
          {"last_gap_bytes", optional_json(s.last_gap)},
          {"largest_gap_bytes", optional_json(s.largest_gap)},
          {"gap_intervals", s.gap_intervals},
          {"gap_rises", s.gap_rises}};
}

json verdict_json(const ChannelDiagnosis& d) {
  if (!d.verdict) return nullptr;
  return verdict_name(*d.verdict);
}

// What a channel's diagnosis and the pair's share.
void add_diagnosis(json& out, const ChannelDiagnosis& d) {
  out["verdict"] = verdict_json(d);
  out["evidence"] = d.evidence;
  out["findings"] = d.findings;
  out["static_only"] = d.static_only;
  out["confirm_command"] = text_or_null(d.plan.model_command);
  out["confirm_notes"] = d.plan.notes;
  out["host_commands"] = d.plan.host_commands;
  out["changes"] = d.plan.changes;
}

json failure_costs_json(const FailureCostsDiagnosis& costs) {
  json takeover = nullptr;
  if (const auto& t = costs.takeover) {
    takeover = {{"replay_mbytes_per_sec", t->replay_rate * 1e-6},
                {"last_bytes", t->last_bytes},
                {"last_replay_seconds", t->last_seconds()},
                {"worst_bytes", t->worst_bytes},
                {"worst_replay_seconds", t->worst_seconds()},
                {"worst_at", t->worst_at},
                {"detection_seconds", optional_json(t->detection_seconds)}};
  }
  json hold = nullptr;
  if (const auto& h = costs.commit_hold) {
    hold = {{"seconds", optional_json(h->seconds)}, {"why", h->why}};
  }
  return {{"takeover", takeover}, {"commit_hold", hold}};
}

json channel_json(const Channel& channel, const ChannelDiagnosis& d) {
  const HadrSample& last = channel.lead().back();
  json rows = json::array();
  for (const ChannelRow& row : channel.rows) rows.push_back(row_json(row));
  json out = {{"database", text_or_null(channel.key.database)},
              {"log_stream", channel.key.log_stream},
              {"primary_host", text_or_null(last.primary_host)},
              {"standby_host", text_or_null(channel.key.standby_host)},
              {"sync_mode", text_or_null(last.sync_mode)},
              {"primary_samples", channel.primary.size()},
              {"standby_samples", channel.standby.size()},
              {"sides_aligned", channel.sides_aligned},
              {"summary", summary_json(channel.summary)},
              {"since_activation", since_activation_json(last)},
              {"rows", rows},
              {"failure_costs", failure_costs_json(d.failure_costs)}};
  add_diagnosis(out, d);
  return out;
}

}  // namespace

json diagnosis_json(const PairDiagnosis& pair) {
  json inputs = json::array();
  for (const MonitorFile& file : pair.files) {
    inputs.push_back({{"file", file.name},
                      {"format", monitor_format_name(file.format)},
                      {"samples", file.runs},
                      {"inactive_lines", file.inactive_lines},
                      {"elision_lines", file.elision_lines},
                      {"preamble_lines", file.preamble_lines},
                      {"other_lines", file.other_lines},
                      {"prefix", text_or_null(file.prefix)},
                      {"notes", file.notes},
                      {"log_format", text_or_null(file.logs.format)},
                      {"log_samples", file.logs.samples.size()},
                      {"log_notes", file.logs.notes}});
  }
  json channels = json::array();
  for (std::size_t i = 0; i < pair.channels.size(); ++i) {
    channels.push_back(channel_json(pair.channels[i], pair.diagnoses[i]));
  }
  json out = {{"inputs", inputs},
              {"channel", pair.channels.empty() ? json(nullptr) : json(pair.worst)}};
  add_diagnosis(out, pair.headline());
  out["channels"] = channels;
  json logs = json::array();
  for (std::size_t i = 0; i < pair.logs.size(); ++i) {
    json log = log_series_json(pair.logs[i]);
    const auto& own = pair.log_diagnoses[i];
    log["verdict"] = own ? verdict_json(*own) : json(nullptr);
    log["evidence"] = own ? json(own->evidence) : json(nullptr);
    log["confirm_command"] = own ? text_or_null(own->plan.model_command) : json(nullptr);
    logs.push_back(log);
  }
  out["logs"] = logs;
  return out;
}

}  // namespace simhadr
