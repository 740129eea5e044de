#include "simhadr/report/text_report.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "simhadr/report/disk_report.hpp"
#include "simhadr/report/workload_text.hpp"

namespace simhadr {

namespace {

// How long a failover to this standby would take, replay first.
void write_takeover(std::ostream& out, const TakeoverCost& t, Nanos hadr_timeout) {
  std::string delay;
  if (t.replay_delay > Nanos{0}) {
    delay = fmt::format("; -replayDelay {:g} s held replay back, and a takeover replays it all",
                        to_seconds(t.replay_delay));
  }
  delay += fmt::format("; replay was at most {:.3f} s behind the log written",
                       to_seconds(t.most_behind));
  fmt::print(out,
             "Takeover: {:.6f} seconds of replay at worst ({} bytes written, not replayed, at "
             "{:.3f} s), {:.6f} seconds at the end ({} bytes){}; noticing a failed primary comes "
             "first: -hadrTimeout {:g} s, unless a cluster manager acts sooner\n",
             to_seconds(t.worst.replay), t.worst.bytes, to_seconds(t.worst_at),
             to_seconds(t.at_end.replay), t.at_end.bytes, delay, to_seconds(hadr_timeout));
}

// The what-if models' lines (docs/models.md): each only when its model is in use.
void write_model_lines(std::ostream& out, const RunResult& r) {
  bool any = false;
  if (r.settings.network) {
    fmt::print(out, "network model: one-way delay {:.6f} second, rate {}, window {} bytes\n",
               r.settings.network->one_way_delay_seconds,
               r.settings.network->rate
                   ? fmt::format("{:.6f} MBytes/sec", r.settings.network->rate->value())
                   : std::string("unlimited"),
               r.settings.network_window);
    any = true;
  }
  if (r.settings.replay) {
    fmt::print(out, "replay speed: {:.6f} MB/second, overhead: {:.6f} second/flush\n",
               r.settings.replay->rate.value(), r.settings.replay->overhead_seconds);
    fmt::print(out, "Total {} bytes replayed in {:.6f} seconds, {} flushes\n", r.replays.bytes,
               to_seconds(r.replays.time), r.replays.calls);
    if (r.replay_backlog.calls > 0) {
      fmt::print(out, "Still awaiting replay when the run ended: {} flushes, {} bytes\n",
                 r.replay_backlog.calls, r.replay_backlog.bytes);
    }
    any = true;
  }
  if (r.buffer_use) {
    const BufferUse& use = *r.buffer_use;
    fmt::print(out,
               "StandByRcvBufUsed: average {:.1f}%, max {:.1f}%, full {:.6f} seconds ({:.1f}% of "
               "the run)\n",
               use.average_fraction() * 100, use.max_fraction() * 100, to_seconds(use.full_time),
               share_of(use.full_time, r.elapsed) * 100);
    any = true;
  }
  if (r.spool) {
    const SpoolUse& spool = *r.spool;
    fmt::print(out,
               "Spool: limit {}; {} flushes ({} bytes) spooled, at most {} bytes ({} pages) at "
               "once, in use {:.6f} seconds ({:.1f}% of the run)\n",
               spool.limit_pages == kUnlimitedSpool ? std::string("unlimited")
                                                    : fmt::format("{} pages", spool.limit_pages),
               spool.flushes, spool.bytes, spool.max_bytes, spool.max_bytes / kPageBytes,
               to_seconds(spool.time_in_use), share_of(spool.time_in_use, r.elapsed) * 100);
    any = true;
  }
  if (r.takeover) write_takeover(out, *r.takeover, r.settings.hadr_timeout);
  if (r.commit_wait) {
    fmt::print(out,
               "Commit wait: average {:.6f} second, max {:.6f} second; workload blocked {:.6f} "
               "second on a full log buffer\n",
               r.commit_wait->avg_seconds, r.commit_wait->max_seconds,
               r.commit_wait->blocked_seconds);
    any = true;
  }
  if (any) out << '\n';
  if (!r.workload.empty()) write_workload_replay(out, r.workload);
}

// What was shipped: the one size, as the original says it, or where sizes
// varied (-flushSizes, -logRate) their mean beside the largest.
std::string flush_size_text(const RunResult& r) {
  const std::uint64_t largest = pages_to_bytes(r.settings.flush_pages);
  if (r.flushes.calls == 0 || r.flushes.bytes == r.flushes.calls * largest) {
    return fmt::format("{} pages ({} bytes)/flush", r.settings.flush_pages, largest);
  }
  const double mean = static_cast<double>(r.flushes.bytes) / static_cast<double>(r.flushes.calls);
  return fmt::format(
      "{:.1f} pages ({:.0f} bytes)/flush on average, the largest {} pages ({} bytes)",
      mean / kPageBytes, mean, r.settings.flush_pages, largest);
}

void write_summary(std::ostream& out, const RunResult& r) {
  const double seconds = to_seconds(r.elapsed);
  fmt::print(out, "{}: Total {} bytes in {:.6f} seconds, {:.6f} MBytes/sec\n",
             to_string(r.settings.mode), r.flushes.bytes, seconds,
             mbytes_per_sec(r.flushes.bytes, r.elapsed));
  if (r.target) {
    const auto idle_percent =
        seconds > 0 ? static_cast<unsigned>(to_seconds(r.target->idle) / seconds * 100) : 0U;
    fmt::print(out, "targetRate {:.6f} MBytes/sec, totalIdleTime {:.6f} second ({}% idle)\n",
               r.target->mbytes_per_sec, to_seconds(r.target->idle), idle_percent);
  }
  // Time spent idling for -target is not part of what a flush costs.
  fmt::print(out, "Total {} flushes, {:.6f} sec/flush, {}\n\n", r.flushes.calls,
             seconds_per_call(r.busy_time(), r.flushes.calls), flush_size_text(r));

  if (r.settings.disk || r.settings.log_file) {
    if (r.settings.disk) {
      fmt::print(out, "disk speed: {:.6f} MB/second, overhead: {:.6f} second/write\n",
                 r.settings.disk->rate.value(), r.settings.disk->overhead_seconds);
      write_disk_caps(out, r.settings.disk->caps);
    } else {
      fmt::print(out, "log file: {}, written synchronously around the page cache\n",
                 *r.settings.log_file);
    }
    fmt::print(out, "Total {} bytes written in {:.6f} seconds. {:.6f} MBytes/sec\n", r.disk.bytes,
               to_seconds(r.disk.time), mbytes_per_sec(r.disk.bytes, r.disk.time));
    fmt::print(out, "Total {} write calls, {:.3f} kBytes/write, {:.6f} sec/write\n\n", r.disk.calls,
               kbytes_per_call(r.disk.bytes, r.disk.calls),
               seconds_per_call(r.disk.time, r.disk.calls));
  }

  write_model_lines(out, r);

  fmt::print(out, "Total {} bytes sent in {:.6f} seconds. {:.6f} MBytes/sec\n", r.sends.bytes,
             seconds, mbytes_per_sec(r.sends.bytes, r.elapsed));
  fmt::print(out, "Total {} send calls, {:.3f} KBytes/send, \n", r.sends.calls,
             kbytes_per_call(r.sends.bytes, r.sends.calls));
  fmt::print(out, "Total {} congestions, {:.6f} seconds, {:.6f} second/congestion\n\n",
             r.congestions.calls, to_seconds(r.congestions.time),
             seconds_per_call(r.congestions.time, r.congestions.calls));

  fmt::print(out, "Total {} bytes recv in {:.6f} seconds. {:.6f} MBytes/sec\n", r.recvs.bytes,
             seconds, mbytes_per_sec(r.recvs.bytes, r.elapsed));
  fmt::print(out, "Total {} recv calls, {:.3f} KBytes/recv\n", r.recvs.calls,
             kbytes_per_call(r.recvs.bytes, r.recvs.calls));
}

}  // namespace

void write_distribution(std::ostream& out, std::string_view title, std::string_view unit,
                        const Pow2Histogram& histogram) {
  const HistogramView view = histogram.view();
  fmt::print(out, "Distribution of {} (unit is {}):\n", title, unit);
  fmt::print(out, "Total {} numbers, Sum {}, Min {}, Max {}, Avg {}\n", view.count, view.sum,
             view.min, view.max, view.avg);
  for (const HistogramRow& row : view.rows) {
    switch (row.kind) {
      case HistogramRow::Kind::Exactly:
        fmt::print(out, "Exactly {:>10} {:>11} numbers\n", row.low, row.count);
        break;
      case HistogramRow::Kind::Zeros:
        fmt::print(out, "{} zeros\n", row.count);
        break;
      case HistogramRow::Kind::Range:
        fmt::print(out, "{:<24}{:>12} numbers\n", fmt::format("From {} to {}", row.low, row.high),
                   row.count);
        break;
    }
  }
}

void write_text_report(std::ostream& out, const RunResult& result) {
  write_summary(out, result);
  struct Section {
    std::string_view title;
    std::string_view unit;
    const Pow2Histogram& histogram;
  };
  const Section sections[] = {
      {"flush size", "page", result.flush_page_counts},
      {"log write size", "byte", result.write_bytes},
      {"log shipping time", "microsecond", result.ship_micros},
      {"congestion duration", "microsecond", result.congestion_micros},
      {"send size", "byte", result.send_bytes},
      {"recv size", "byte", result.recv_bytes},
  };
  for (const Section& section : sections) {
    if (section.histogram.empty()) continue;
    out << '\n';
    write_distribution(out, section.title, section.unit, section.histogram);
  }
  out.flush();
}

}  // namespace simhadr
