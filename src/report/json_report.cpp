#include "simhadr/report/json_report.hpp"

#include <array>

#include "simhadr/enum_names.hpp"

#include "platform/output_file.hpp"
#include "simhadr/report/compression_json.hpp"
#include "simhadr/report/failure_report.hpp"
#include "simhadr/report/model_json.hpp"
#include "simhadr/report/timestamp.hpp"
#include "simhadr/shown.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>

namespace simhadr {

namespace {

using nlohmann::json;

constexpr std::array<EnumName<HistogramRow::Kind>, 3> kRowKindNames{{
    {HistogramRow::Kind::Exactly, "exactly"},
    {HistogramRow::Kind::Zeros, "zeros"},
    {HistogramRow::Kind::Range, "range"},
}};
static_assert(rows_follow_enum(kRowKindNames, HistogramRow::Kind::Range));

std::string_view kind_name(HistogramRow::Kind kind) {
  return row_for(kRowKindNames, kind).name;
}

json rows_json(const std::vector<HistogramRow>& rows) {
  json list = json::array();
  for (const HistogramRow& row : rows) {
    list.push_back({{"kind", kind_name(row.kind)},
                    {"low", row.low},
                    {"high", row.high},
                    {"count", row.count}});
  }
  return list;
}

json io_json(const IoTally& tally, Nanos elapsed) {
  return {{"bytes", tally.bytes},
          {"calls", tally.calls},
          {"mbytes_per_sec", mbytes_per_sec(tally.bytes, elapsed)},
          {"kbytes_per_call", kbytes_per_call(tally.bytes, tally.calls)}};
}

json disk_json(const RunResult& r) {
  if (!r.settings.disk && !r.settings.log_file) return nullptr;
  return {{"model", disk_model_json(r.settings.disk)},
          {"log_file", r.settings.log_file ? json(*r.settings.log_file) : json(nullptr)},
          {"bytes", r.disk.bytes},
          {"seconds", to_seconds(r.disk.time)},
          {"mbytes_per_sec", mbytes_per_sec(r.disk.bytes, r.disk.time)},
          {"writes", r.disk.calls},
          {"kbytes_per_write", kbytes_per_call(r.disk.bytes, r.disk.calls)},
          {"seconds_per_write", seconds_per_call(r.disk.time, r.disk.calls)}};
}

json target_json(const RunResult& r) {
  if (!r.target) return nullptr;
  const double seconds = to_seconds(r.elapsed);
  return {{"mbytes_per_sec", r.target->mbytes_per_sec},
          {"idle_seconds", to_seconds(r.target->idle)},
          {"idle_fraction", seconds > 0 ? to_seconds(r.target->idle) / seconds : 0.0}};
}

json lag_json(const StandbyLag& lag) {
  return {{"bytes", lag.bytes},
          {"queued_bytes", lag.queued_bytes},
          {"flushes", lag.flushes},
          {"log_seconds", to_seconds(lag.log_age)}};
}

json auxiliary_lag_json(const IntervalSample& s) {
  json lags = json::array();
  for (std::size_t i = 0; i < s.auxiliary_lag_bytes.size(); ++i) {
    lags.push_back({{"standby", i + 2},
                    {"bytes", s.auxiliary_lag_bytes[i]},
                    {"log_seconds", to_seconds(s.auxiliary_lag_age[i])}});
  }
  return lags;
}

json interval_json(const IntervalSample& s) {
  const bool shipped = s.shipped > 0;
  return {{"start_seconds", to_seconds(s.start)},
          {"end_seconds", to_seconds(s.end)},
          {"log_bytes", s.log_bytes},
          {"mbytes_per_sec", mbytes_per_sec(s.log_bytes, s.end - s.start)},
          {"flushes", s.flushes},
          {"ship_avg_seconds",
           shipped ? json(seconds_per_call(s.ship_total, s.shipped)) : json(nullptr)},
          {"ship_max_seconds", shipped ? json(to_seconds(s.ship_max)) : json(nullptr)},
          {"congestions", s.congestions},
          {"congestion_seconds", to_seconds(s.congestion_time)},
          {"buffer_used_fraction", optional_json(s.buffer_used_fraction)},
          {"buffer_full_seconds", to_seconds(s.buffer_full_time)},
          {"spool_bytes", optional_json(s.spool_bytes)},
          {"takeover_replay_seconds",
           s.takeover_replay ? json(to_seconds(*s.takeover_replay)) : json(nullptr)},
          {"stalled_seconds", to_seconds(s.stalled)},
          {"auxiliary_lag", auxiliary_lag_json(s)}};
}

json auxiliaries_json(const RunResult& r) {
  json streams = json::array();
  const std::uint64_t outbound = r.outbound_bytes();
  for (std::size_t i = 0; i < r.auxiliaries.size(); ++i) {
    const AuxiliaryStream& a = r.auxiliaries[i];
    streams.push_back(
        {{"standby", i + 2},
         {"host", a.listed.host},
         {"port", a.listed.port},
         {"bytes", a.sent_bytes},
         {"flushes", a.flushes.calls},
         {"mbytes_per_sec", mbytes_per_sec(a.sent_bytes, r.elapsed)},
         {"share_of_outbound", outbound > 0 ? static_cast<double>(a.sent_bytes) / outbound : 0.0},
         {"send_calls", a.sends.calls},
         {"congestion",
          {{"count", a.congestions.calls}, {"seconds", to_seconds(a.congestions.time)}}},
         {"lag_at_end", lag_json(a.lag)},
         {"worst_lag", lag_json(a.worst_lag)},
         {"failure", text_or_null(a.failure)}});
  }
  return streams;
}

json endpoint_json(const Endpoint& endpoint) {
  return {{"host", endpoint.host}, {"port", endpoint.port}};
}

json auxiliary_endpoints_json(const RunConfig& config) {
  json endpoints = json::array();
  for (const Endpoint& auxiliary : config.auxiliaries)
    endpoints.push_back(endpoint_json(auxiliary));
  return endpoints;
}

}  // namespace

nlohmann::json text_or_null(const std::string& text) {
  return text.empty() ? json(nullptr) : json(text);
}

json payload_json(const PayloadSpec& payload) {
  json files = json::array();
  for (const PayloadFile& file : payload.files) {
    files.push_back({{"path", file.path}, {"bytes", file.bytes}});
  }
  return {{"kind", payload_kind_name(payload.kind)},
          {"files", files},
          {"file_bytes", payload.file_bytes()},
          {"compression", compression_json(payload.compressibility)}};
}

json histogram_json(const Pow2Histogram& histogram, std::string_view unit) {
  const HistogramView view = histogram.view();
  return {{"unit", unit},
          {"count", view.count},
          {"sum", view.sum},
          {"min", view.min},
          {"max", view.max},
          {"avg", view.avg},
          {"rows", rows_json(view.rows)},
          {"buckets", rows_json(view.buckets)}};
}

json seconds_or_null(const std::optional<Nanos>& d) {
  return d ? json(to_seconds(*d)) : json(nullptr);
}

json cpu_json(const std::optional<CpuUsage>& cpu) {
  if (!cpu) return nullptr;
  return {{"user_seconds", to_seconds(cpu->user)},
          {"system_seconds", to_seconds(cpu->system)},
          {"wall_seconds", to_seconds(cpu->wall)},
          {"waiting_for_cpu_seconds", seconds_or_null(cpu->waiting_for_cpu)},
          {"cpu_bound", cpu_bound(*cpu)}};
}

json tcp_json(const std::optional<TcpStats>& tcp) {
  if (!tcp) return nullptr;
  return {{"watched_seconds", to_seconds(tcp->watched)},
          {"busy_seconds", to_seconds(tcp->busy)},
          {"receiver_limited_seconds", to_seconds(tcp->receiver_limited)},
          {"send_buffer_limited_seconds", to_seconds(tcp->send_buffer_limited)},
          {"bytes_acked", tcp->bytes_acked},
          {"bytes_retransmitted", tcp->bytes_retransmitted},
          {"bytes_sent", tcp->bytes_sent},
          {"retransmitted_share", tcp->retransmitted_share()},
          {"min_round_trip_seconds", to_seconds(tcp->min_round_trip)},
          {"path_mtu", tcp->path_mtu},
          {"max_segment_bytes", tcp->max_segment},
          {"same_host", tcp->same_host}};
}

json stalls_json(const RunResult& r) {
  if (!r.stalls) return nullptr;
  json episodes = json::array();
  for (const StallEpisode& e : r.stalls->episodes) {
    episodes.push_back(
        {{"start_seconds", to_seconds(e.start)}, {"duration_seconds", to_seconds(e.duration)}});
  }
  const StallEpisode* longest = r.stalls->longest();
  return {{"count", r.stalls->count()},
          {"longest_seconds", longest ? to_seconds(longest->duration) : 0.0},
          {"total_seconds", to_seconds(r.stalls->total())},
          {"bound_seconds", to_seconds(r.stalls->bound)},
          {"hadr_timeout_seconds", to_seconds(r.settings.hadr_timeout)},
          {"left_peer_state", longest && r.settings.hadr_timeout > Nanos{0} &&
                                  longest->duration > r.settings.hadr_timeout},
          {"episodes", episodes}};
}

json log_gap_json(const std::optional<LogGap>& gap) {
  if (!gap) return nullptr;
  return {{"worst_bytes", gap->worst_bytes},
          {"worst_seconds", to_seconds(gap->worst_age)},
          {"worst_at_seconds", to_seconds(gap->worst_at)},
          {"catch_up_seconds", seconds_or_null(gap->catch_up)},
          {"caught_up", gap->caught_up},
          {"behind_bytes", gap->behind_bytes},
          {"closing_mbytes_per_sec", gap->closing_bytes_per_sec / kBytesPerMByte},
          {"written_bytes", gap->written_bytes}};
}

json sleep_accuracy_json(const SleepAccuracy& s, Nanos elapsed) {
  if (s.waits == 0) return nullptr;
  return {{"waits", s.waits},
          {"late", s.late},
          {"requested_seconds", to_seconds(s.requested)},
          {"overshoot_seconds", to_seconds(s.overshoot)},
          {"late_overshoot_seconds", to_seconds(s.late_overshoot)},
          {"worst_seconds", to_seconds(s.worst)},
          {"share_of_run", share_of(s.overshoot, elapsed)}};
}

json percentiles_json(const LatencyPercentiles& p) {
  return {{"p50", p.percentile(0.5)},     {"p90", p.percentile(0.9)}, {"p99", p.percentile(0.99)},
          {"p99_9", p.percentile(0.999)}, {"max", p.max()},           {"count", p.count()}};
}

json tls_json(const RunResult& r) {
  if (r.tls) {
    return {{"version", r.tls->version},
            {"cipher", r.tls->cipher},
            {"peer_verified", r.tls->peer_verified},
            {"peer_subject", text_or_null(r.tls->peer_subject)},
            {"peer_issuer", text_or_null(r.tls->peer_issuer)},
            {"record_overhead_bytes", r.tls->record_overhead_bytes},
            {"cost_seconds_per_gb", nullptr},
            {"cost_source", nullptr}};
  }
  if (r.tls_cost) {
    return {{"version", text_or_null(r.tls_cost->version)},
            {"cipher", text_or_null(r.tls_cost->cipher)},
            {"peer_verified", nullptr},
            {"peer_subject", nullptr},
            {"peer_issuer", nullptr},
            {"record_overhead_bytes", nullptr},
            {"cost_seconds_per_gb", r.tls_cost->seconds_per_gb},
            {"cost_source", r.tls_cost->source == TlsCostSource::Given ? "given" : "measured"}};
  }
  return nullptr;
}

json side_json(const RunResult& r, const SideEnd& end,
               const std::optional<Bottleneck>& bottleneck) {
  json intervals = json::array();
  for (const IntervalSample& sample : r.intervals) intervals.push_back(interval_json(sample));
  const bool primary = r.settings.role == Role::Primary;
  return {
      {"role", role_name(r.settings.role)},
      {"end", end.end},
      {"failure", optional_json(end.failure)},
      {"sync_mode", to_string(r.settings.mode)},
      {"flush_pages", r.settings.flush_pages},
      {"flush_bytes", pages_to_bytes(r.settings.flush_pages)},
      {"elapsed_seconds", to_seconds(r.elapsed)},
      {"log",
       {{"bytes", r.flushes.bytes},
        {"flushes", r.flushes.calls},
        {"mbytes_per_sec", mbytes_per_sec(r.flushes.bytes, r.elapsed)},
        {"seconds_per_flush", seconds_per_call(r.busy_time(), r.flushes.calls)}}},
      {"target", target_json(r)},
      {"disk", disk_json(r)},
      {"send", io_json(r.sends, r.elapsed)},
      {"recv", io_json(r.recvs, r.elapsed)},
      {"congestion",
       {{"count", r.congestions.calls},
        {"seconds", to_seconds(r.congestions.time)},
        {"seconds_per_congestion", seconds_per_call(r.congestions.time, r.congestions.calls)}}},
      {"socket",
       {{"send_buffer", r.socket_send_buffer}, {"receive_buffer", r.socket_receive_buffer}}},
      {"receive_buffer_pages", primary ? json(nullptr) : json(r.settings.receive_buffer_pages)},
      {"distributions",
       {{"log_write_size", histogram_json(r.write_bytes, "byte")},
        {"log_shipping_time", histogram_json(r.ship_micros, "microsecond")},
        {"congestion_duration", histogram_json(r.congestion_micros, "microsecond")},
        {"send_size", histogram_json(r.send_bytes, "byte")},
        {"recv_size", histogram_json(r.recv_bytes, "byte")}}},
      {"shipping_time_percentiles_us",
       primary ? percentiles_json(r.ship_percentiles) : json(nullptr)},
      {"intervals", intervals},
      {"auxiliary_standbys", auxiliaries_json(r)},
      {"models", models_json(r)},
      {"bottleneck", bottleneck ? bottleneck_json(*bottleneck) : json()},
      {"cpu", cpu_json(r.cpu)},
      {"tcp", tcp_json(r.tcp)},
      {"stalls", stalls_json(r)},
      {"log_gap", log_gap_json(r.log_gap)},
      {"failure_costs", failure_costs_json(r)},
      {"tls", tls_json(r)},
      {"compression", compression_json(r.compression)},
      {"sleep_accuracy", sleep_accuracy_json(r.sleeps, r.elapsed)},
      {"payload", r.settings.payload ? payload_json(*r.settings.payload) : json(nullptr)},
  };
}

json run_document(const RunConfig& config, std::string_view kind,
                  std::chrono::system_clock::time_point started) {
  const auto zero_is_none = [](Nanos d) {
    return d > Nanos{0} ? json(to_seconds(d)) : json(nullptr);
  };
  return {
      {"schema_version", kJsonSchemaVersion},
      {"program", "simhadr"},
      {"version", SIMHADR_VERSION},
      {"kind", kind},
      {"start_time", utc_timestamp(started)},
      {"command_line", config.args},
      {"config",
       {{"sync_mode", to_string(config.effective_sync_mode())},
        {"flush_pages", config.effective_flush_pages()},
        {"run_seconds", optional_json(config.effective_run_seconds())},
        {"max_flushes", optional_json(config.max_flushes)},
        {"target_mbytes_per_sec", optional_json(config.target)},
        {"hadr_buf_pages", optional_json(config.standby_buffer_pages)},
        {"disk", disk_model_json(config.disk)},
        {"socket_send_buffer", optional_json(config.socket.send_buffer)},
        {"socket_receive_buffer", optional_json(config.socket.receive_buffer)},
        {"nagle", config.socket.nagle},
        {"blocking", config.socket.blocking},
        {"local", endpoint_json(config.local)},
        {"remote", endpoint_json(config.remote)},
        {"auxiliary_standbys", auxiliary_endpoints_json(config)},
        {"spool_limit_pages", spool_limit_json(config.spool_limit_pages)},
        {"interval_seconds", seconds_or_null(config.interval)},
        {"connect_timeout_seconds", zero_is_none(config.waits.connect)},
        {"stall_timeout_seconds", zero_is_none(config.waits.stall)},
        {"models", model_config_json(config)}}},
      {"runs", json::array()},
      {"error", nullptr},
  };
}

void write_json(const std::string& path, const json& doc, bool append_line) {
  const std::string text = (append_line ? doc.dump() : doc.dump(2)) + '\n';
  if (path == "-") {
    std::cout << text;
    std::cout.flush();
    return;
  }
  std::optional<OutputFile> file;
  try {
    file.emplace(path, append_line ? OutputMode::Append : OutputMode::Replace);
  } catch (const OsError& error) {
    throw std::runtime_error(
        fmt::format("cannot open -json file {}: {}", shown(path), error.what()));
  }
  try {
    file->write_all(text);
    file->close();
  } catch (const OsError& error) {
    throw std::runtime_error(
        fmt::format("cannot write -json file {}: {}", shown(path), error.what()));
  }
}

}  // namespace simhadr
