#include "runs/calculate_run.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>

#include "platform/cpus.hpp"
#include "runs/ordered_jobs.hpp"
#include "simhadr/pipeline/shipping_plan.hpp"
#include "simhadr/report/calculator_text.hpp"
#include "virtual_time/interval_simulation.hpp"

namespace simhadr {

namespace {

std::vector<ScanLine> read_inputs(const std::vector<std::string>& files) {
  Db2LogscanReader reader;
  for (const std::string& file : files) {
    if (file == "-") {
      reader.read(std::cin, "stdin");
      continue;
    }
    std::ifstream in(file);
    if (!in) {
      throw WorkloadInputError(fmt::format("{}: cannot read it: {}", file, std::strerror(errno)));
    }
    reader.read(in, file);
  }
  return reader.take();
}

CalculatorLink link_of(const RunConfig& config) {
  const CalculateConfig& calculate = *config.as<CalculateConfig>();
  return {calculate.network.rate,        calculate.network.round_trip_seconds,
          calculate.disk.rate,           calculate.disk.overhead_seconds,
          calculate.network.compression, calculate.disk.caps};
}

// -calculate -model's failure what-ifs, when -netOutage or -replay asks for them.
std::optional<FailurePlan> failure_plan_of(const RunConfig& config) {
  if (!config.outages && !config.replay) return std::nullopt;
  const ShippingPlan shipping = shipping_plan_from(config);
  FailurePlan plan;
  plan.settings.hadr_timeout_seconds = config.hadr_timeout_seconds;
  plan.settings.peer_wait_limit_seconds = config.peer_wait_limit_seconds;
  plan.settings.peer_window_seconds = config.peer_window_seconds;
  if (config.outages) plan.settings.outage_seconds = config.outages->seconds;
  plan.replay = config.replay;
  // The receive buffer is the model's for the largest flush the log buffer lets through.
  const std::uint32_t largest =
      config.logger ? config.logger->buffer_pages : kDefaultLogBufferPages;
  const std::uint64_t spool = config.spool_limit_pages == kUnlimitedSpool
                                  ? std::numeric_limits<std::uint64_t>::max() / 2
                                  : pages_to_bytes(config.spool_limit_pages);
  plan.standby_holds_bytes = pages_to_bytes(shipping.standby_buffer_pages(largest)) + spool;
  plan.window_bytes = config.network_window_bytes();
  return plan;
}

class Annotator {
 public:
  Annotator(const RunConfig& config, const StopSource& stop, std::ostream& out)
      : stop_(stop), out_(out) {
    calc_.link = link_of(config);
    calc_.modes = config.as<CalculateConfig>()->modes;
    calc_.catchup = catchup_group(calc_.link);
    calc_.predicted_max_pages.assign(calc_.modes.size(), 0);
    calc_.workload_max_pages.assign(calc_.modes.size(), 0);
    if (config.virtual_time()) {
      calc_.pair =
          PairSettings{calc_.link,
                       config.network_window_bytes(),
                       config.logger ? config.logger->buffer_pages : kDefaultLogBufferPages,
                       config.replay,
                       config.spool_limit_pages,
                       config.standby_buffer_pages};
      simulator_.emplace(*calc_.pair, stop);
      calc_.failure_plan = failure_plan_of(config);
    }
  }

  void header(bool reads_stdin) {
    const CalculatorLink& link = calc_.link;
    fmt::print(out_, "simhadr: Network speed {} MB/s, {} second round trip time\n",
               link.network.value(), link.round_trip_seconds);
    if (link.compression != 1) {
      fmt::print(
          out_,
          "simhadr: Link compressed (-compress): the log crosses it {:g} times smaller, {:g} "
          "MB/s of log\n",
          link.compression, link.network.value() * link.compression);
    }
    fmt::print(out_, "simhadr: Disk speed {} MB/s, {} second overhead per write\n",
               link.disk.value(), link.disk_overhead_seconds);
    if (const DiskCaps& caps = link.disk_caps; caps.any()) {
      fmt::print(out_, "simhadr: Disk caps: {} IOPS, {} MB/s (0: none); each disk's own\n",
                 caps.iops.value_or(0),
                 caps.throughput ? rate_cast<MiBPerSec>(*caps.throughput).value() : 0.0);
    }
    out_ << '\n';
    if (calc_.pair) {
      fmt::print(out_,
                 "simhadr: Simulated pair: TCP window {} bytes, log buffer {} pages; "
                 "\"simulated\" lines follow each mode\n",
                 calc_.pair->window_bytes, calc_.pair->log_buffer_pages);
    }
    if (reads_stdin) fmt::print(out_, "simhadr: Reading from stdin.\n");
  }

  // Works out every interval of `lines` on `threads` threads; line() prints them in order.
  void start(const std::vector<ScanLine>& lines, unsigned threads) {
    for (const ScanLine& line : lines) {
      if (line.kind == ScanLine::Kind::Interval) intervals_.push_back(&line.interval);
    }
    jobs_.emplace(intervals_.size(), threads,
                  [this](std::size_t i) { return calculate(*intervals_[i]); });
  }

  void line(const ScanLine& line) {
    switch (line.kind) {
      case ScanLine::Kind::DistributionHeading:
        distribution_heading_ = true;
        out_ << line.text << '\n';
        break;
      case ScanLine::Kind::Other:
        out_ << line.text << '\n';
        if (!line.skipped.empty()) out_ << "Note: " << line.skipped << ": skipped\n";
        break;
      case ScanLine::Kind::AverageRate:
        calc_.average_mib_per_sec.push_back(line.average_rate.value());
        out_ << line.text << '\n' << average_rate_line(line.average_rate) << '\n';
        out_ << catchup_line(catchup_impact(line.average_rate, calc_.catchup), calc_.catchup)
             << '\n';
        break;
      case ScanLine::Kind::Interval:
        if (calc_.interrupted) break;
        if (std::optional<IntervalCalculation> calc = jobs_->take(taken_++)) {
          print(line, std::move(*calc));
        } else {
          calc_.interrupted = true;
        }
        break;
    }
  }

  Calculation finish() {
    // After Ctrl-C a worker may still be inside an interval, reading calc_'s
    // modes and link: it is stopped and joined before calc_ is handed over.
    jobs_.reset();
    if (calc_.interrupted) {
      out_ << "Interrupted: the intervals after this point were not calculated.\n";
    }
    // The calculator prints its own catch-up line only when the input had no
    // distribution heading at all, even one with no average after it.
    if (!distribution_heading_) {
      out_ << '\n' << catchup_line(Impact::None, calc_.catchup) << '\n';
    }
    out_ << '\n';
    for (std::size_t i = 0; i < calc_.modes.size(); ++i) {
      out_ << max_flush_line(calc_.modes[i], calc_.predicted_max_pages[i],
                             calc_.workload_max_pages[i])
           << '\n';
    }
    if (calc_.pair) {
      for (std::size_t i = 0; i < calc_.modes.size(); ++i) {
        std::vector<SimulatedMode> sims;
        for (const IntervalCalculation& interval : calc_.intervals) {
          sims.push_back(interval.simulated[i]);
        }
        out_ << shortfall_summary_line(calc_.modes[i], sims) << '\n';
      }
    }
    if (calc_.failure_plan && !calc_.intervals.empty()) {
      calc_.peak = std::ranges::max_element(calc_.intervals, {}, [](const IntervalCalculation& c) {
                     return c.interval.rate.value();
                   })->interval;
      for (const SyncMode mode : calc_.modes) {
        FailurePlan plan = *calc_.failure_plan;
        plan.settings.mode = mode;
        calc_.failures.push_back(failure_at_peak(plan, *calc_.peak));
        out_ << failure_line(plan, *calc_.peak, calc_.failures.back()) << '\n';
      }
    }
    out_.flush();
    return std::move(calc_);
  }

 private:
  // The whole interval is worked out before any of it is printed, so one that
  // Ctrl-C cut short is left out rather than shown with half-run figures.
  std::optional<IntervalCalculation> calculate(const WorkloadInterval& interval) {
    if (stop_.requested()) return std::nullopt;
    IntervalCalculation calc{interval, {}, {}};
    for (const SyncMode mode : calc_.modes) {
      calc.closed.push_back(estimate_mode(mode, interval, calc_.link));
      if (!simulator_) continue;
      std::optional<SimulatedMode> simulated = simulator_->simulate(interval, calc.closed.back());
      if (!simulated) return std::nullopt;
      calc.simulated.push_back(*simulated);
    }
    return calc;
  }

  void print(const ScanLine& line, IntervalCalculation calc) {
    out_ << '\n' << line.text << '\n' << actual_line(line.interval) << '\n';
    for (std::size_t i = 0; i < calc.closed.size(); ++i) {
      const ModeEstimate& closed = calc.closed[i];
      calc_.predicted_max_pages[i] = std::max(calc_.predicted_max_pages[i], closed.expected.pages);
      calc_.workload_max_pages[i] = std::max(calc_.workload_max_pages[i], closed.max.pages);
      out_ << estimate_line(to_string(closed.mode), closed.impact, closed.expected, closed.min,
                            closed.max)
           << '\n';
      if (!simulator_) continue;
      for (const std::string& text : simulated_lines(calc.simulated[i], *calc_.pair)) {
        out_ << text << '\n';
      }
    }
    out_.flush();
    calc_.intervals.push_back(std::move(calc));
  }

  const StopSource& stop_;
  std::ostream& out_;
  Calculation calc_;
  std::optional<PairSimulator> simulator_;
  std::vector<const WorkloadInterval*> intervals_;
  std::size_t taken_ = 0;
  bool distribution_heading_ = false;
  // Last: if finish() did not already, its threads stop and are joined before what they read goes.
  std::optional<OrderedJobs<IntervalCalculation>> jobs_;
};

}  // namespace

Calculation run_calculate(const RunConfig& config, const StopSource& stop, std::ostream& out) {
  const CalculateConfig& calculate = *config.as<CalculateConfig>();
  const std::vector<std::string>& files = calculate.files;
  const std::vector<ScanLine> lines = read_inputs(files);
  Annotator annotator(config, stop, out);
  annotator.header(std::ranges::find(files, "-") != files.end());
  annotator.start(lines, calculate.threads.value_or(usable_cpus()));
  for (const ScanLine& line : lines) annotator.line(line);
  return annotator.finish();
}

}  // namespace simhadr
