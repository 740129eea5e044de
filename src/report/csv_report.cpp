#include "simhadr/report/csv_report.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "simhadr/report/timestamp.hpp"

namespace simhadr {

namespace {

// New columns go at the end, so a file begun by an older version keeps its columns in place.
constexpr std::array<std::string_view, 24> kColumns{"time",
                                                    "role",
                                                    "sync_mode",
                                                    "flush_pages",
                                                    "sock_snd_buf",
                                                    "sock_rcv_buf",
                                                    "standby_sock_snd_buf",
                                                    "standby_sock_rcv_buf",
                                                    "hadr_buf_pages",
                                                    "disk_mbytes_per_sec",
                                                    "disk_overhead_seconds",
                                                    "target_mbytes_per_sec",
                                                    "seconds",
                                                    "mbytes_per_sec",
                                                    "flushes",
                                                    "seconds_per_flush",
                                                    "ship_avg_seconds",
                                                    "ship_p99_seconds",
                                                    "congestions",
                                                    "congestion_seconds",
                                                    "end",
                                                    "cpu_user_seconds",
                                                    "cpu_system_seconds",
                                                    "cpu_wait_seconds"};

// Empty when absent, so a spreadsheet or gnuplot sees a missing value.
template <typename T>
std::string maybe(const std::optional<T>& value) {
  return value ? fmt::format("{}", *value) : std::string();
}

std::string seconds_text(double seconds) {
  return fmt::format("{:.6f}", seconds);
}

}  // namespace

std::string csv_header() {
  return fmt::format("{}", fmt::join(kColumns, ","));
}

std::string csv_row(std::chrono::system_clock::time_point started, const RunConfig& config,
                    const RunResult& r, std::string_view end) {
  const bool primary = r.role == Role::Primary;
  const StandbyRequest& asked = config.standby_request;
  const std::optional<std::uint32_t> hadr_buf =
      primary ? asked.buffer_pages : std::optional<std::uint32_t>(r.receive_buffer_pages);
  const std::optional<double> ship_avg =
      primary ? std::optional<double>(seconds_per_call(
                    std::chrono::microseconds(r.ship_micros.sum()), r.ship_micros.count()))
              : std::nullopt;
  const std::optional<double> ship_p99 =
      primary
          ? std::optional<double>(static_cast<double>(r.ship_percentiles.percentile(0.99)) / 1e6)
          : std::nullopt;
  const auto fixed6 = [](const std::optional<double>& v) {
    return v ? seconds_text(*v) : std::string();
  };
  return fmt::format(
      "{},{},{},{},{},{},{},{},{},{},{},{},{:.6f},{:.6f},{},{:.6f},{},{},{},{:.6f},{},{},{},{}",
      utc_timestamp(started), primary ? "primary" : "standby", to_string(r.mode), r.flush_pages,
      r.socket_send_buffer, r.socket_receive_buffer,
      primary ? maybe(asked.send_buffer) : std::string(),
      primary ? maybe(asked.receive_buffer) : std::string(), maybe(hadr_buf),
      r.disk_model ? fmt::format("{}", r.disk_model->mbytes_per_sec) : std::string(),
      r.disk_model ? fmt::format("{}", r.disk_model->overhead_seconds) : std::string(),
      maybe(config.target_mbytes_per_sec), to_seconds(r.elapsed),
      mbytes_per_sec(r.flushes.bytes, r.elapsed), r.flushes.calls,
      seconds_per_call(r.busy_time(), r.flushes.calls), fixed6(ship_avg), fixed6(ship_p99),
      r.congestions.calls, to_seconds(r.congestions.time), end,
      r.cpu ? seconds_text(to_seconds(r.cpu->user)) : std::string(),
      r.cpu ? seconds_text(to_seconds(r.cpu->system)) : std::string(),
      r.cpu && r.cpu->waiting_for_cpu ? seconds_text(to_seconds(*r.cpu->waiting_for_cpu))
                                      : std::string());
}

std::string csv_row(std::chrono::system_clock::time_point started, const DiskRow& row,
                    std::string_view end) {
  return fmt::format("{},{},,{},,,,,,,,,{:.6f},{:.6f},{},{:.6f},,,,,{},,,", utc_timestamp(started),
                     row.kind, row.pages, row.seconds, row.mbytes_per_sec, row.ios,
                     row.seconds_per_io, end);
}

void append_csv(const std::string& path, const std::vector<std::string>& rows) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    throw std::runtime_error(
        fmt::format("cannot open -csv file '{}': {}", path, std::strerror(errno)));
  }
  struct stat facts {};
  std::string text;
  if (::fstat(fd, &facts) == 0 && facts.st_size == 0) text = csv_header() + '\n';
  for (const std::string& row : rows) text += row + '\n';
  // One write, so rows of processes appending to the same file do not interleave.
  const ssize_t written = ::write(fd, text.data(), text.size());
  const int error = errno;
  ::close(fd);
  if (written != static_cast<ssize_t>(text.size())) {
    throw std::runtime_error(
        fmt::format("cannot append to -csv file '{}': {}", path, std::strerror(error)));
  }
}

}  // namespace simhadr
