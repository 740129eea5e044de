#include "simhadr/report/disk_report.hpp"

#include "simhadr/models/capped_disk.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cmath>

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

std::string_view disk_limit_name(DiskLimit limit) {
  switch (limit) {
    case DiskLimit::IopsCap:
      return "IOPS cap";
    case DiskLimit::ThroughputCap:
      return "MB/s cap";
    case DiskLimit::Line:
      break;
  }
  return "line";
}

namespace {

// What the caps are and where each binds; nothing for a disk without caps.
void write_caps_found(std::ostream& out, const DiskCapFit& fit) {
  const DiskCaps& caps = fit.disk.caps;
  if (fit.knee_bytes) {
    fmt::print(out,
               "Caps: {:.0f} IOPS and {:.3f} MB/s, meeting at writes of {:.1f} KB ({:.1f} pages): "
               "the IOPS cap binds below, the MB/s cap above.\n",
               *caps.iops, caps.throughput->value(), *fit.knee_bytes / 1000,
               *fit.knee_bytes / kPageBytes);
  } else if (caps.iops) {
    fmt::print(out, "Cap: {:.0f} IOPS, holding the small writes to it.\n", *caps.iops);
  } else if (caps.throughput) {
    fmt::print(out, "Cap: {:.3f} MB/s, holding the large writes to it.\n",
               caps.throughput->value());
  }
  if (fit.line_hidden) {
    out << "The caps set every size's time, hiding the disk's own: its line is fitted to each\n"
           "size's fastest tenth of writes (p10), which the caps' buckets let through.\n";
  }
}

std::string suggested_disk(const DiskParams& d) {
  std::string text = fmt::format("-disk {:.3f} {:.6f}", d.rate.value(), d.overhead_seconds);
  if (!d.caps.any()) return text;
  text += fmt::format(" {:.0f}", d.caps.iops.value_or(0));
  if (d.caps.throughput) text += fmt::format(" {:.3f}", d.caps.throughput->value());
  return text;
}

}  // namespace

void write_fit_table(std::ostream& out, std::span<const FitRow> rows,
                     const std::optional<DiskCapFit>& fitted, std::size_t planned_sizes) {
  fmt::print(out, "{:>7} {:>10} {:>12} {:>12} {:>10} {:>10}  {}\n", "pages", "writes", "sec/write",
             "MB/s", "p10 us", "p99 us", fitted ? "limit" : "");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const DiskIoResult& r = rows[i].result;
    const bool named = fitted && i < fitted->limits.size();
    fmt::print(out, "{:>7} {:>10} {:>12.6f} {:>12.3f} {:>10} {:>10}  {}\n", rows[i].pages, r.ios,
               seconds_per_call(r.io_time, r.ios), mbytes_per_sec(r.bytes, r.io_time),
               r.percentiles.percentile(0.1), r.percentiles.percentile(0.99),
               named ? disk_limit_name(fitted->limits[i]) : "");
  }
  out << '\n';
  if (!fitted) {
    out << "The write times did not rise with the write size, so no disk model fits them;\n"
           "run longer (-t) or on a quieter disk.\n";
    return;
  }
  write_caps_found(out, *fitted);
  if (fitted->too_short_for_caps_seconds) {
    fmt::print(out,
               "Note: no IOPS or MB/s cap showed, but a size ran only {:.3f} s, too short to tell: "
               "a cap's meter lets its first tenth of a second through at once, and the line "
               "below may hold a cap as latency. Run -t {:.0f} or more ({:.0f} s a size) to look "
               "for caps.\n",
               *fitted->too_short_for_caps_seconds,
               std::ceil(kCapVisibleSeconds * static_cast<double>(planned_sizes)),
               kCapVisibleSeconds);
  }
  const DiskParams& line = fitted->disk;
  fmt::print(out, "Fitted: time per write = {:.6f} second + bytes / ({:.3f} x 10^6 bytes/second)\n",
             line.overhead_seconds, line.rate.value());
  fmt::print(out, "Suggested option: {}\n", suggested_disk(line));
  // Its IOs are sleeps: whether this host sleeps that exactly is worth a look first.
  fmt::print(
      out, "This host's sleeps at its lengths: simhadr -testSleep {:.6f} -disk {:.3f} {:.6f}\n",
      to_seconds(LinearDisk(line).io_time(kPageBytes)), line.rate.value(), line.overhead_seconds);
}

}  // namespace simhadr
