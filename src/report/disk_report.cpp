#include "simhadr/report/disk_report.hpp"

#include "simhadr/models/capped_disk.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "simhadr/report/text_report.hpp"

namespace simhadr {

namespace {

const char* noun(DiskAccess access) {
  return access == DiskAccess::Read ? "read" : "write";
}
const char* past(DiskAccess access) {
  return access == DiskAccess::Read ? "read" : "written";
}

void write_percentiles(std::ostream& out, std::string_view what, const LatencyPercentiles& p) {
  fmt::print(
      out, "Percentiles of {} time (microsecond): p50 {}, p90 {}, p99 {}, p99.9 {}, max {}\n", what,
      p.percentile(0.5), p.percentile(0.9), p.percentile(0.99), p.percentile(0.999), p.max());
}

}  // namespace

void write_disk_report(std::ostream& out, DiskAccess access, std::uint32_t pages,
                       const DiskIoResult& total) {
  const double seconds = to_seconds(total.elapsed);
  fmt::print(out, "Total {} {}s in {:.6f} seconds, {:.6f} sec/{}, {} pages/{}\n\n", total.ios,
             noun(access), seconds, seconds_per_call(total.io_time, total.ios), noun(access), pages,
             noun(access));
  fmt::print(out, "Total {:.6f} MBytes {} in {:.6f} seconds. {:.6f} MBytes/sec\n",
             static_cast<double>(total.bytes) / kBytesPerMByte, past(access), seconds,
             mbytes_per_sec(total.bytes, total.elapsed));
  if (total.micros.empty()) return;
  out << '\n';
  const std::string title = fmt::format("{} time", noun(access));
  write_distribution(out, title, "microsecond", total.micros);
  write_percentiles(out, noun(access), total.percentiles);
}

void write_disk_caps(std::ostream& out, const DiskCaps& caps) {
  if (!caps.any()) return;
  std::string text = "disk caps:";
  if (caps.iops) text += fmt::format(" {:g} IOPS", *caps.iops);
  if (caps.iops && caps.throughput) text += ",";
  if (caps.throughput) text += fmt::format(" {:.6f} MB/second", caps.throughput->value());
  fmt::print(out, "{}; each metered by a bucket of {:g} second of it\n", text,
             to_seconds(kCapBurstSeconds));
}

void write_writer_line(std::ostream& out, std::size_t number, const std::string& path,
                       const DiskIoResult& result) {
  fmt::print(
      out, "Writer {} ({}): {} writes, {:.6f} sec/write, {:.6f} MBytes/sec, p99 {} microseconds\n",
      number, path, result.ios, seconds_per_call(result.io_time, result.ios),
      mbytes_per_sec(result.bytes, result.elapsed), result.percentiles.percentile(0.99));
}

void write_fit_table(std::ostream& out, std::span<const FitRow> rows,
                     const std::optional<DiskParams>& fitted) {
  fmt::print(out, "{:>7} {:>10} {:>12} {:>12} {:>10}\n", "pages", "writes", "sec/write", "MB/s",
             "p99 us");
  for (const FitRow& row : rows) {
    fmt::print(out, "{:>7} {:>10} {:>12.6f} {:>12.3f} {:>10}\n", row.pages, row.result.ios,
               seconds_per_call(row.result.io_time, row.result.ios),
               mbytes_per_sec(row.result.bytes, row.result.io_time),
               row.result.percentiles.percentile(0.99));
  }
  out << '\n';
  if (!fitted) {
    out << "The write times did not rise with the write size, so no disk model fits them;\n"
           "run longer (-t) or on a quieter disk.\n";
    return;
  }
  fmt::print(out, "Fitted: time per write = {:.6f} second + bytes / ({:.3f} x 10^6 bytes/second)\n",
             fitted->overhead_seconds, fitted->rate.value());
  fmt::print(out, "Suggested option: -disk {:.3f} {:.6f}\n", fitted->rate.value(),
             fitted->overhead_seconds);
  // Its IOs are sleeps: whether this host sleeps that exactly is worth a look first.
  fmt::print(out,
             "This host's sleeps at its lengths: simhadr -testSleep {:.6f} -disk {:.3f} {:.6f}\n",
             to_seconds(LinearDisk(*fitted).io_time(kPageBytes)), fitted->rate.value(),
             fitted->overhead_seconds);
}

}  // namespace simhadr
