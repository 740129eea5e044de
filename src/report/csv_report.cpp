#include "simhadr/report/csv_report.hpp"

#include <array>
#include <optional>
#include <stdexcept>

#include "platform/output_file.hpp"
#include "simhadr/report/disk_report.hpp"
#include "simhadr/report/timestamp.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

// New columns go at the end, so a file begun by an older version keeps its columns in place.
enum class Column : std::uint8_t {
  Time,
  Role,
  SyncMode,
  FlushPages,
  SockSndBuf,
  SockRcvBuf,
  StandbySockSndBuf,
  StandbySockRcvBuf,
  HadrBufPages,
  DiskMbytesPerSec,
  DiskOverheadSeconds,
  TargetMbytesPerSec,
  Seconds,
  MbytesPerSec,
  Flushes,
  SecondsPerFlush,
  ShipAvgSeconds,
  ShipP99Seconds,
  Congestions,
  CongestionSeconds,
  End,
  CpuUserSeconds,
  CpuSystemSeconds,
  CpuWaitSeconds,
  // Each auxiliary's three, standby 2's then standby 3's (auxiliary_columns relies on it).
  Standby2MbytesPerSec,
  Standby2WorstLagBytes,
  Standby2WorstLagSeconds,
  Standby3MbytesPerSec,
  Standby3WorstLagBytes,
  Standby3WorstLagSeconds,
  SpoolMaxBytes,
  StallCount,
  StallLongestSeconds,
  StallTotalSeconds,
  TlsVersion,
  TlsCipher,
  TlsPeerVerified,
  TlsOverheadBytes,
  TlsCostSecondsPerGb,
  SockSndBufRequested,
  SockRcvBufRequested,
  Payload,
  PayloadFileBytes,
  Compress,
  CompressRatio,
  CompressWireBytes,
  CompressCpuSecondsPerGb,
  DiskIopsCap,
  DiskCapMbytesPerSec,
  DiskLimit,
  Count,
};

constexpr std::size_t kColumnCount = static_cast<std::size_t>(Column::Count);

struct ColumnName {
  Column column;
  std::string_view name;
};

constexpr std::array<ColumnName, kColumnCount> kCsvColumns{{
    {Column::Time, "time"},
    {Column::Role, "role"},
    {Column::SyncMode, "sync_mode"},
    {Column::FlushPages, "flush_pages"},
    {Column::SockSndBuf, "sock_snd_buf"},
    {Column::SockRcvBuf, "sock_rcv_buf"},
    {Column::StandbySockSndBuf, "standby_sock_snd_buf"},
    {Column::StandbySockRcvBuf, "standby_sock_rcv_buf"},
    {Column::HadrBufPages, "hadr_buf_pages"},
    {Column::DiskMbytesPerSec, "disk_mbytes_per_sec"},
    {Column::DiskOverheadSeconds, "disk_overhead_seconds"},
    {Column::TargetMbytesPerSec, "target_mbytes_per_sec"},
    {Column::Seconds, "seconds"},
    {Column::MbytesPerSec, "mbytes_per_sec"},
    {Column::Flushes, "flushes"},
    {Column::SecondsPerFlush, "seconds_per_flush"},
    {Column::ShipAvgSeconds, "ship_avg_seconds"},
    {Column::ShipP99Seconds, "ship_p99_seconds"},
    {Column::Congestions, "congestions"},
    {Column::CongestionSeconds, "congestion_seconds"},
    {Column::End, "end"},
    {Column::CpuUserSeconds, "cpu_user_seconds"},
    {Column::CpuSystemSeconds, "cpu_system_seconds"},
    {Column::CpuWaitSeconds, "cpu_wait_seconds"},
    {Column::Standby2MbytesPerSec, "standby2_mbytes_per_sec"},
    {Column::Standby2WorstLagBytes, "standby2_worst_lag_bytes"},
    {Column::Standby2WorstLagSeconds, "standby2_worst_lag_seconds"},
    {Column::Standby3MbytesPerSec, "standby3_mbytes_per_sec"},
    {Column::Standby3WorstLagBytes, "standby3_worst_lag_bytes"},
    {Column::Standby3WorstLagSeconds, "standby3_worst_lag_seconds"},
    {Column::SpoolMaxBytes, "spool_max_bytes"},
    {Column::StallCount, "stall_count"},
    {Column::StallLongestSeconds, "stall_longest_seconds"},
    {Column::StallTotalSeconds, "stall_total_seconds"},
    {Column::TlsVersion, "tls_version"},
    {Column::TlsCipher, "tls_cipher"},
    {Column::TlsPeerVerified, "tls_peer_verified"},
    {Column::TlsOverheadBytes, "tls_overhead_bytes"},
    {Column::TlsCostSecondsPerGb, "tls_cost_seconds_per_gb"},
    {Column::SockSndBufRequested, "sock_snd_buf_requested"},
    {Column::SockRcvBufRequested, "sock_rcv_buf_requested"},
    {Column::Payload, "payload"},
    {Column::PayloadFileBytes, "payload_file_bytes"},
    {Column::Compress, "compress"},
    {Column::CompressRatio, "compress_ratio"},
    {Column::CompressWireBytes, "compress_wire_bytes"},
    {Column::CompressCpuSecondsPerGb, "compress_cpu_seconds_per_gb"},
    {Column::DiskIopsCap, "disk_iops_cap"},
    {Column::DiskCapMbytesPerSec, "disk_cap_mbytes_per_sec"},
    {Column::DiskLimit, "disk_limit"},
}};

// Every column named once, in the enum's order: a row cannot drift from the header.
constexpr bool columns_in_order() {
  for (std::size_t i = 0; i < kColumnCount; ++i) {
    if (static_cast<std::size_t>(kCsvColumns[i].column) != i || kCsvColumns[i].name.empty())
      return false;
  }
  return true;
}
static_assert(columns_in_order());

// One row's cells, set by column; a cell left unset is empty, which a
// spreadsheet or gnuplot reads as a missing value.
class Cells {
 public:
  template <typename T>
  void set(Column column, const T& value) {
    cells_[static_cast<std::size_t>(column)] = fmt::format("{}", value);
  }
  template <typename T>
  void set(Column column, const std::optional<T>& value) {
    if (value) set(column, *value);
  }
  void set_seconds(Column column, std::optional<double> seconds) {
    if (seconds) cells_[static_cast<std::size_t>(column)] = fmt::format("{:.6f}", *seconds);
  }
  std::string row() const { return fmt::format("{}", fmt::join(cells_, ",")); }

 private:
  std::array<std::string, kColumnCount> cells_;
};

constexpr std::size_t kColumnsPerAuxiliary = 3;

// Auxiliary i's (0 for standby 2) column `first + i * kColumnsPerAuxiliary`.
Column auxiliary_column(Column first, std::size_t i) {
  return static_cast<Column>(static_cast<std::size_t>(first) + i * kColumnsPerAuxiliary);
}

std::optional<double> seconds_of(const std::optional<Nanos>& duration) {
  return duration ? std::optional<double>(to_seconds(*duration)) : std::nullopt;
}

void set_payload(Cells& cells, const std::optional<PayloadSpec>& payload) {
  if (!payload) return;
  cells.set(Column::Payload, payload_kind_name(payload->kind));
  if (payload->kind == PayloadKind::Files)
    cells.set(Column::PayloadFileBytes, payload->file_bytes());
}

// -disk's caps, or a disk test's fit's: empty where there is none.
void set_disk_caps(Cells& cells, const DiskCaps& caps) {
  if (caps.iops) cells.set(Column::DiskIopsCap, *caps.iops);
  if (caps.throughput) cells.set(Column::DiskCapMbytesPerSec, caps.throughput->value());
}

}  // namespace

std::string csv_header() {
  std::string header;
  for (const ColumnName& column : kCsvColumns) {
    if (!header.empty()) header += ',';
    header += column.name;
  }
  return header;
}

namespace {

// The columns after the CPU's: auxiliary standbys, spool, stalls and TLS.
void set_connection_cells(const RunResult& r, Cells& cells) {
  for (std::size_t i = 0; i < r.auxiliaries.size(); ++i) {
    const AuxiliaryStream& auxiliary = r.auxiliaries[i];
    cells.set_seconds(auxiliary_column(Column::Standby2MbytesPerSec, i),
                      mbytes_per_sec(auxiliary.sent_bytes, r.elapsed));
    cells.set(auxiliary_column(Column::Standby2WorstLagBytes, i), auxiliary.worst_lag.bytes);
    cells.set_seconds(auxiliary_column(Column::Standby2WorstLagSeconds, i),
                      to_seconds(auxiliary.worst_lag.log_age));
  }
  if (r.spool) cells.set(Column::SpoolMaxBytes, r.spool->max_bytes);
  if (r.stalls) {
    const StallEpisode* longest = r.stalls->longest();
    cells.set(Column::StallCount, r.stalls->count());
    cells.set_seconds(Column::StallLongestSeconds, longest ? to_seconds(longest->duration) : 0.0);
    cells.set_seconds(Column::StallTotalSeconds, to_seconds(r.stalls->total()));
  }
  if (r.tls) {
    cells.set(Column::TlsVersion, r.tls->version);
    cells.set(Column::TlsCipher, r.tls->cipher);
    cells.set(Column::TlsPeerVerified, r.tls->peer_verified ? "yes" : "no");
    cells.set(Column::TlsOverheadBytes, r.tls->record_overhead_bytes);
  }
  if (r.tls_cost) cells.set_seconds(Column::TlsCostSecondsPerGb, r.tls_cost->seconds_per_gb);
  if (r.compression) {
    if (r.compression->choice) {
      cells.set(Column::Compress, compression_choice_text(*r.compression->choice));
    }
    cells.set(Column::CompressRatio, fmt::format("{:.4f}", r.compression->ratio()));
    cells.set(Column::CompressWireBytes, r.compression->wire_bytes);
    cells.set_seconds(Column::CompressCpuSecondsPerGb, r.compression->cpu_seconds_per_gb());
  }
}

}  // namespace

std::string csv_row(std::chrono::system_clock::time_point started, const RunConfig& config,
                    const RunResult& r, std::string_view end) {
  const bool primary = r.settings.role == Role::Primary;
  const StandbyRequest& asked = config.standby_request;
  Cells cells;
  cells.set(Column::Time, utc_timestamp(started));
  cells.set(Column::Role, role_name(r.settings.role));
  cells.set(Column::SyncMode, to_string(r.settings.mode));
  cells.set(Column::FlushPages, r.settings.flush_pages);
  cells.set(Column::SockSndBuf, r.socket_send_buffer);
  cells.set(Column::SockRcvBuf, r.socket_receive_buffer);
  // What was asked of the kernel, which on Linux reports twice that.
  cells.set(Column::SockSndBufRequested, r.settings.requested_send_buffer);
  cells.set(Column::SockRcvBufRequested, r.settings.requested_receive_buffer);
  set_payload(cells, r.settings.payload);
  if (primary) {
    cells.set(Column::StandbySockSndBuf, asked.send_buffer);
    cells.set(Column::StandbySockRcvBuf, asked.receive_buffer);
    cells.set(Column::HadrBufPages, asked.buffer_pages);
    cells.set_seconds(
        Column::ShipAvgSeconds,
        seconds_per_call(std::chrono::microseconds(r.ship_micros.sum()), r.ship_micros.count()));
    cells.set_seconds(Column::ShipP99Seconds,
                      static_cast<double>(r.ship_percentiles.percentile(0.99)) / 1e6);
  } else {
    cells.set(Column::HadrBufPages, r.settings.receive_buffer_pages);
  }
  if (r.settings.disk) {
    cells.set(Column::DiskMbytesPerSec, r.settings.disk->rate.value());
    cells.set(Column::DiskOverheadSeconds, r.settings.disk->overhead_seconds);
    set_disk_caps(cells, r.settings.disk->caps);
  }
  if (config.target) cells.set(Column::TargetMbytesPerSec, config.target->value());
  cells.set_seconds(Column::Seconds, to_seconds(r.elapsed));
  cells.set_seconds(Column::MbytesPerSec, mbytes_per_sec(r.flushes.bytes, r.elapsed));
  cells.set(Column::Flushes, r.flushes.calls);
  cells.set_seconds(Column::SecondsPerFlush, seconds_per_call(r.busy_time(), r.flushes.calls));
  cells.set(Column::Congestions, r.congestions.calls);
  cells.set_seconds(Column::CongestionSeconds, to_seconds(r.congestions.time));
  cells.set(Column::End, end);
  if (r.cpu) {
    cells.set_seconds(Column::CpuUserSeconds, to_seconds(r.cpu->user));
    cells.set_seconds(Column::CpuSystemSeconds, to_seconds(r.cpu->system));
    cells.set_seconds(Column::CpuWaitSeconds, seconds_of(r.cpu->waiting_for_cpu));
  }
  set_connection_cells(r, cells);
  return cells.row();
}

std::string csv_row(std::chrono::system_clock::time_point started, const DiskRow& row,
                    std::string_view end) {
  Cells cells;
  cells.set(Column::Time, utc_timestamp(started));
  cells.set(Column::Role, row.kind);
  cells.set(Column::FlushPages, row.pages);
  cells.set_seconds(Column::Seconds, row.seconds);
  cells.set_seconds(Column::MbytesPerSec, row.mbytes_per_sec);
  cells.set(Column::Flushes, row.ios);
  cells.set_seconds(Column::SecondsPerFlush, row.seconds_per_io);
  cells.set(Column::End, end);
  set_payload(cells, row.payload);
  if (row.fit) {
    cells.set(Column::DiskMbytesPerSec, row.fit->rate.value());
    cells.set(Column::DiskOverheadSeconds, row.fit->overhead_seconds);
    set_disk_caps(cells, row.fit->caps);
    cells.set(Column::DiskLimit, disk_limit_name(row.limit));
  }
  return cells.row();
}

void append_csv(const std::string& path, const std::vector<std::string>& rows) {
  std::optional<OutputFile> file;
  try {
    file.emplace(path, OutputMode::Append);
  } catch (const OsError& error) {
    throw std::runtime_error(
        fmt::format("cannot open -csv file {}: {}", shown(path), error.what()));
  }
  std::string text;
  if (file->empty()) text = csv_header() + '\n';
  for (const std::string& row : rows) text += row + '\n';
  try {
    file->write_all(text);
    file->close();
  } catch (const OsError& error) {
    throw std::runtime_error(
        fmt::format("cannot append to -csv file {}: {}", shown(path), error.what()));
  }
}

}  // namespace simhadr
