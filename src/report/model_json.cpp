#include "simhadr/report/model_json.hpp"

#include "simhadr/report/bottleneck_text.hpp"
#include "simhadr/report/evidence_text.hpp"
#include "simhadr/report/json_report.hpp"

namespace simhadr {

namespace {

using nlohmann::json;

json network_json(const std::optional<NetworkParams>& network, std::uint64_t window) {
  if (!network) return nullptr;
  return {{"one_way_delay_seconds", network->one_way_delay_seconds},
          {"mbytes_per_sec", optional_json(network->rate)},
          {"window_bytes", window}};
}

json stall_figures_json(const std::optional<StallFigures>& stalls) {
  if (!stalls) return nullptr;
  return {{"count", stalls->count},
          {"longest_seconds", stalls->longest_seconds},
          {"longest_at_seconds", stalls->longest_at_seconds},
          {"total_seconds", stalls->total_seconds},
          {"share_of_run", stalls->share_of_run},
          {"absorbed_by_target", stalls->absorbed_by_target}};
}

// The figures the evidence sentence is written from; null where its form has none.
json evidence_figures_json(const Evidence& e) {
  return {
      {"form", evidence_form_name(e.form)},
      {"write_seconds", optional_json(e.write_seconds)},
      {"standby_write_seconds", optional_json(e.standby_write_seconds)},
      {"cap_interval_seconds", optional_json(e.cap_interval_seconds)},
      {"disk_iops_cap", optional_json(e.disk_iops_cap)},
      {"disk_cap_mbytes_per_sec", optional_json(e.disk_cap_mbytes_per_sec)},
      {"uncapped_mbytes_per_sec", optional_json(e.uncapped_mbytes_per_sec)},
      {"send_seconds", optional_json(e.send_seconds)},
      {"round_trip_seconds", optional_json(e.round_trip_seconds)},
      {"replay_seconds", optional_json(e.replay_seconds)},
      {"replay_delay_seconds", optional_json(e.replay_delay_seconds)},
      {"replay_held_bytes", optional_json(e.replay_held_bytes)},
      {"cipher_seconds", optional_json(e.cipher_seconds)},
      {"tcp_seconds", optional_json(e.tcp_seconds)},
      {"compress_seconds", optional_json(e.compress_seconds)},
      {"compression_ratio", optional_json(e.compression_ratio)},
      {"link_mbytes_per_sec", optional_json(e.link_mbytes_per_sec)},
      {"modelled_link_mbytes_per_sec", optional_json(e.modelled_link_mbytes_per_sec)},
      {"sender_pace", e.sender_pace ? json(sender_pace_name(*e.sender_pace)) : json()},
      {"tcp_mbytes_per_sec", optional_json(e.tcp_mbytes_per_sec)},
      {"window_bytes", optional_json(e.window_bytes)},
      {"window_mbytes_per_sec", optional_json(e.window_mbytes_per_sec)},
      {"send_buffer_bytes", optional_json(e.send_buffer_bytes)},
      {"held_back_share", optional_json(e.held_back_share)},
      {"uplink_mbytes_per_sec", optional_json(e.uplink_mbytes_per_sec)},
      {"uplink_payload_mbytes_per_sec", optional_json(e.uplink_payload_mbytes_per_sec)},
      {"outbound_mbytes_per_sec", optional_json(e.outbound_mbytes_per_sec)},
      {"principal_mbytes_per_sec", optional_json(e.principal_mbytes_per_sec)},
      {"cpu_wait_share", optional_json(e.cpu_wait_share)},
      {"log_mbytes_per_sec", optional_json(e.log_mbytes_per_sec)},
      {"allowed_mbytes_per_sec", optional_json(e.allowed_mbytes_per_sec)},
      {"retransmitted_share", optional_json(e.retransmitted_share)},
      {"retransmitted_bytes", optional_json(e.retransmitted_bytes)},
      {"tcp_sent_bytes", optional_json(e.tcp_sent_bytes)},
      {"wire_mbytes_per_sec", optional_json(e.wire_mbytes_per_sec)},
      {"buffer_full_share", optional_json(e.buffer_full_share)},
      {"buffer_average_fraction", optional_json(e.buffer_average_fraction)},
      {"link_outside_stalls_mbytes_per_sec", optional_json(e.link_outside_stalls_mbytes_per_sec)},
      {"stalls", stall_figures_json(e.stalls)},
      {"offered_mbytes_per_sec", optional_json(e.offered_mbytes_per_sec)},
      {"workload_intervals", optional_json(e.workload_intervals)},
      {"commit_wait_seconds", optional_json(e.commit_wait_seconds)},
      {"commit_wait_max_seconds", optional_json(e.commit_wait_max_seconds)},
      {"capacity_mbytes_per_sec", optional_json(e.capacity_mbytes_per_sec)},
      {"replayed_bytes", optional_json(e.replayed_bytes)},
      {"replayed_seconds", optional_json(e.replayed_seconds)},
      {"replayed_mbytes_per_sec", optional_json(e.replayed_mbytes_per_sec)}};
}

json compression_what_if_json(const std::optional<CompressionWhatIf>& w) {
  if (!w) return nullptr;
  const std::optional<CompressorFigures>& c = w->compressor;
  return {{"codec", c ? json(compressor_name(c->compressor)) : json(nullptr)},
          {"level", c ? json(c->level) : json(nullptr)},
          {"ratio", c ? json(c->ratio) : json(nullptr)},
          {"compress_cpu_seconds_per_gb", c ? json(c->compress_seconds_per_gb) : json(nullptr)},
          {"decompress_cpu_seconds_per_gb", c ? json(c->decompress_seconds_per_gb) : json(nullptr)},
          {"mode", to_string(w->mode)},
          {"payload", payload_kind_name(w->payload)},
          {"mbytes_per_sec", finite_json(w->mbytes_per_sec)},
          {"uncompressed_mbytes_per_sec", finite_json(w->uncompressed_mbytes_per_sec)},
          {"helps", w->helps()},
          {"link_mbytes_per_sec", finite_json(w->link_mbytes_per_sec)},
          {"limited_by", resource_name(w->limited_by)}};
}

}  // namespace

json spool_limit_json(std::uint64_t pages) {
  return pages == kUnlimitedSpool ? json("unlimited") : json(pages);
}

json linear_cost_json(const std::optional<DiskParams>& params) {
  if (!params) return nullptr;
  return {{"mbytes_per_sec", params->rate.value()}, {"overhead_seconds", params->overhead_seconds}};
}

json disk_caps_json(const DiskCaps& caps) {
  return {{"iops_cap", caps.iops ? json(*caps.iops) : json(nullptr)},
          {"cap_mbytes_per_sec", caps.throughput ? json(caps.throughput->value()) : json(nullptr)}};
}

json disk_model_json(const std::optional<DiskParams>& params) {
  json model = linear_cost_json(params);
  if (params) model.update(disk_caps_json(params->caps));
  return model;
}

json takeover_json(const RunResult& r) {
  if (!r.takeover) return nullptr;
  const TakeoverCost& t = *r.takeover;
  return {{"worst_replay_seconds", to_seconds(t.worst.replay)},
          {"worst_bytes", t.worst.bytes},
          {"worst_at_seconds", to_seconds(t.worst_at)},
          {"end_replay_seconds", to_seconds(t.at_end.replay)},
          {"end_bytes", t.at_end.bytes},
          {"replay_delay_seconds", to_seconds(t.replay_delay)},
          {"most_behind_seconds", to_seconds(t.most_behind)},
          {"detection_seconds", to_seconds(r.settings.hadr_timeout)}};
}

json models_json(const RunResult& r) {
  json replay = nullptr;
  if (r.settings.replay) {
    replay = {{"model", linear_cost_json(r.settings.replay)},
              {"bytes", r.replays.bytes},
              {"flushes", r.replays.calls},
              {"seconds", to_seconds(r.replays.time)},
              {"awaiting_flushes", r.replay_backlog.calls},
              {"awaiting_bytes", r.replay_backlog.bytes},
              {"takeover", takeover_json(r)}};
  }
  json buffer = nullptr;
  if (r.buffer_use) {
    buffer = {{"capacity_bytes", r.buffer_use->capacity_bytes},
              {"average_fraction", r.buffer_use->average_fraction()},
              {"max_fraction", r.buffer_use->max_fraction()},
              {"full_seconds", to_seconds(r.buffer_use->full_time)}};
  }
  json spool = nullptr;
  if (r.spool) {
    spool = {{"limit_pages", spool_limit_json(r.spool->limit_pages)},
             {"flushes", r.spool->flushes},
             {"bytes", r.spool->bytes},
             {"max_bytes", r.spool->max_bytes},
             {"in_use_seconds", to_seconds(r.spool->time_in_use)}};
  }
  json commit = nullptr;
  if (r.commit_wait) {
    commit = {{"avg_seconds", r.commit_wait->avg_seconds},
              {"max_seconds", r.commit_wait->max_seconds},
              {"blocked_seconds", r.commit_wait->blocked_seconds}};
  }
  json workload = nullptr;
  if (!r.workload.empty()) {
    workload = json::array();
    for (const WorkloadStepTally& step : r.workload) {
      const auto rate = [&](double bytes) { return step.seconds > 0 ? bytes / step.seconds : 0.0; };
      workload.push_back({{"timestamp", step.label},
                          {"seconds", step.seconds},
                          {"offered_bytes_per_sec", rate(step.offered_bytes)},
                          {"written_bytes_per_sec", rate(step.written_bytes)},
                          {"shipped_bytes_per_sec", rate(step.shipped_bytes)},
                          {"log_buffer_full_seconds", step.blocked_seconds},
                          {"sustained", step.sustained()}});
    }
  }
  return {{"virtual_time", r.settings.modelled},
          {"network", network_json(r.settings.network, r.settings.network_window)},
          {"replay", replay},
          {"receive_buffer_use", buffer},
          {"spool", spool},
          {"tcp_cost_seconds_per_gb", optional_json(r.settings.tcp_cost_seconds_per_gb())},
          {"commit_wait", commit},
          {"workload_replay", workload},
          {"flush_size_pages",
           r.flush_page_counts.empty() ? json() : histogram_json(r.flush_page_counts, "page")}};
}

json bottleneck_json(const Bottleneck& b) {
  json limits = json::array();
  for (const ResourceLimit& limit : b.limits) {
    limits.push_back({{"resource", resource_name(limit.resource)},
                      {"mbytes_per_sec", finite_json(limit.mbytes_per_sec)}});
  }
  json modes = nullptr;
  if (!b.modes.empty()) {
    modes = json::object();
    for (const ModeForecast& f : b.modes) {
      modes[std::string(to_string(f.mode))] = finite_json(f.mbytes_per_sec);
    }
  }
  return {{"resource", resource_name(b.resource)},
          {"evidence", verdict_text(b)},
          {"evidence_figures", evidence_figures_json(b.evidence)},
          {"nearest_limit",
           b.nearest ? json{{"resource", resource_name(b.nearest->resource)},
                            {"evidence", evidence_sentence(b.nearest->evidence)},
                            {"evidence_figures", evidence_figures_json(b.nearest->evidence)}}
                     : json()},
          {"measured_mbytes_per_sec", b.measured_mbytes_per_sec},
          {"flush_bytes", b.flush_bytes},
          {"costs_seconds",
           {{"write", b.costs.write},
            {"send", b.costs.send},
            {"standby_write", b.costs.standby_write},
            {"round_trip", b.costs.round_trip},
            {"sender_cpu", b.costs.sender_cpu()},
            {"receiver_cpu", b.costs.receiver_cpu()},
            {"ship", b.costs.ship()},
            {"send_cycle", b.costs.send_cycle()}}},
          {"limits", limits},
          {"mode_forecasts_mbytes_per_sec", modes},
          {"covering_socket_buffer_bytes", optional_json(b.covering_socket_buffer)},
          {"compression_what_if", compression_what_if_json(b.compression_what_if)},
          {"standby_disk_assumed", b.standby_disk_assumed}};
}

json model_config_json(const RunConfig& config) {
  json logger = nullptr;
  if (config.logger) {
    logger = {{"mbytes_per_sec", config.logger->rate.value()},
              {"buffer_pages", config.logger->buffer_pages}};
  }
  return {
      {"virtual_time", config.virtual_time()},
      {"network", network_json(config.network, config.network_window_bytes())},
      {"replay", linear_cost_json(config.replay)},
      {"logger", logger},
      {"flush_sizes_file", config.flush_size_list ? json(config.flush_size_list->path) : json()}};
}

}  // namespace simhadr
