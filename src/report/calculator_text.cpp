#include "simhadr/report/calculator_text.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace simhadr {

namespace {

// Whole pages, cut toward zero as printf's %d cuts the calculator's fractions.
long long whole_pages(double pages) {
  return static_cast<long long>(pages);
}

}  // namespace

std::string group_text(const FlushGroup& group) {
  return fmt::format("{:7.3f} MB/s@ {:3d} pg/f {:.6f} s/f", group.rate.value(),
                     whole_pages(group.pages), group.seconds);
}

std::string actual_line(const WorkloadInterval& interval) {
  return fmt::format("{:<10} {} {}", "actual", impact_mark(Impact::None),
                     group_text({interval.flush_pages, interval.flush_seconds, interval.rate}));
}

std::string estimate_line(std::string_view label, Impact impact, const FlushGroup& expected,
                          const FlushGroup& min, const FlushGroup& max) {
  return fmt::format("{:<10} {} {}, min {}, max {}", label, impact_mark(impact),
                     group_text(expected), group_text(min), group_text(max));
}

std::vector<std::string> simulated_lines(const SimulatedMode& sim, const PairSettings& pair) {
  std::vector<std::string> lines{
      fmt::format("{}, commit wait avg {:.6f} s max {:.6f} s",
                  estimate_line("simulated", sim.impact, sim.expected, sim.min, sim.max),
                  sim.commit.avg_seconds, sim.commit.max_seconds)};
  constexpr std::string_view indent = "           why: ";
  switch (sim.shortfall) {
    case Shortfall::None:
      break;
    case Shortfall::Window:
      lines.push_back(fmt::format(
          "{}a TCP window of {} bytes over a {:.6f} s round trip carries at most {:.3f} MB/s; "
          "set DB2_HADR_SOSNDBUF and DB2_HADR_SORCVBUF to at least {} bytes",
          indent, pair.window_bytes, pair.link.round_trip_seconds, sim.window_limit.value(),
          sim.window_needed_bytes));
      if (sim.log_buffer_needed_pages > 0) {
        lines.back() += fmt::format(
            ", and LOGBUFSZ to at least {} pages: its {} pages cap a flush below what the closed "
            "form's rate needs",
            sim.log_buffer_needed_pages, pair.log_buffer_pages);
      }
      break;
    case Shortfall::LogBuffer:
      lines.push_back(fmt::format(
          "{}the log buffer (LOGBUFSZ {} pages) caps a flush below the {} pages the closed "
          "form's rate needs; set LOGBUFSZ to at least {} pages",
          indent, pair.log_buffer_pages, sim.log_buffer_needed_pages, sim.log_buffer_needed_pages));
      break;
    case Shortfall::Other:
      lines.push_back(fmt::format("{}the simulated pair is held back by the {}", indent,
                                  resource_name(sim.resource)));
      break;
  }
  if (sim.shortfall != Shortfall::None) {
    lines.back() += fmt::format("; meanwhile a commit waits {:.6f} s on average, {:.6f} s at most",
                                sim.commit.avg_seconds, sim.commit.max_seconds);
  }
  return lines;
}

std::string average_rate_line(MiBPerSec average) {
  return fmt::format("Average rate   {} {:7.3f} MB/s", impact_mark(Impact::None), average.value());
}

std::string catchup_line(Impact impact, const FlushGroup& catchup) {
  return fmt::format("REMOTE CATCHUP {} {}", impact_mark(impact), group_text(catchup));
}

std::string max_flush_line(SyncMode mode, double predicted_pages, double workload_pages) {
  return fmt::format("{:<10} Max flush size: predicted {:3d} pages, workload max {:3d} pages",
                     to_string(mode), whole_pages(predicted_pages), whole_pages(workload_pages));
}

std::string shortfall_summary_line(SyncMode mode, std::span<const SimulatedMode> intervals) {
  std::size_t window = 0;
  std::size_t window_and_log_buffer = 0;
  std::size_t log_buffer = 0;
  std::size_t other = 0;
  std::uint64_t socket_buffer = 0;
  std::uint64_t log_buffer_pages = 0;
  for (const SimulatedMode& sim : intervals) {
    switch (sim.shortfall) {
      case Shortfall::None:
        break;
      case Shortfall::Window:
        ++window;
        socket_buffer = std::max(socket_buffer, sim.window_needed_bytes);
        if (sim.log_buffer_needed_pages > 0) {
          ++window_and_log_buffer;
          log_buffer_pages = std::max(log_buffer_pages, sim.log_buffer_needed_pages);
        }
        break;
      case Shortfall::LogBuffer:
        ++log_buffer;
        log_buffer_pages = std::max(log_buffer_pages, sim.log_buffer_needed_pages);
        break;
      case Shortfall::Other:
        ++other;
        break;
    }
  }
  std::string line = fmt::format("{:<10} Simulated: short of the closed form in {} of {} intervals",
                                 to_string(mode), window + log_buffer + other, intervals.size());
  if (window > 0 && window_and_log_buffer == 0) {
    line +=
        fmt::format("; window {} (socket buffers of {} bytes restore them)", window, socket_buffer);
  } else if (window > 0 && window_and_log_buffer == window) {
    line += fmt::format(
        "; window {} (socket buffers of {} bytes and LOGBUFSZ {} pages restore them: the log "
        "buffer holds them back too)",
        window, socket_buffer, log_buffer_pages);
  } else if (window > 0) {
    line += fmt::format(
        "; window {} (socket buffers of {} bytes restore {} of them; the other {} need LOGBUFSZ "
        "{} pages too)",
        window, socket_buffer, window - window_and_log_buffer, window_and_log_buffer,
        log_buffer_pages);
  }
  if (log_buffer > 0) {
    line += fmt::format("; log buffer {} (LOGBUFSZ {} pages restores them)", log_buffer,
                        log_buffer_pages);
  }
  if (other > 0) line += fmt::format("; other {}", other);
  return line;
}

std::string failure_line(const FailurePlan& plan, const WorkloadInterval& peak,
                         const ModeFailure& failure) {
  const SyncMode mode = plan.settings.mode;
  std::string line = fmt::format("{:<10} Failure at the peak ({}, {:.3f} MB/s):", to_string(mode),
                                 peak.timestamp, peak.rate.value());
  if (failure.hold_seconds) {
    const std::string why =
        mode == SyncMode::SuperAsync       ? "SUPERASYNC's commits never wait for the standby"
        : failure.hold_bounded_by_settings ? "the settings give up on the standby first"
                                           : "the link is back before the settings give up";
    line += fmt::format(" a {:g} s outage holds commits {:.3f} s ({})",
                        *plan.settings.outage_seconds, *failure.hold_seconds, why);
  }
  if (failure.takeover_seconds) {
    // MB as the calculator's lines count them: 2^20 bytes.
    line += fmt::format("{} a takeover at its end replays {:.3f} s ({:.3f} MB behind)",
                        failure.hold_seconds ? ";" : "", *failure.takeover_seconds,
                        static_cast<double>(failure.takeover_bytes) / (1 << 20));
  }
  return line;
}

}  // namespace simhadr
