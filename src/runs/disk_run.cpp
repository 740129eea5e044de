#include "runs/disk_run.hpp"

#include <array>
#include <cstdio>
#include <latch>
#include <thread>
#include <vector>

#include "disk/disk_io_loop.hpp"
#include "simhadr/models/disk_cap_fit.hpp"
#include "simhadr/report/disk_report.hpp"
#include "simhadr/report/payload_text.hpp"

namespace simhadr {

namespace {

constexpr std::uint64_t kPreallocatedBytes = std::uint64_t{64} << 20;
constexpr std::array<std::uint32_t, 9> kFitPages{1, 2, 4, 8, 16, 32, 64, 128, 256};
// The fastest tenth of a size's writes: what a cap's bucket lets through at the disk's own pace.
constexpr double kFastShare = 0.1;

// -testDisk's files go away however the test ends.
class TemporaryFiles {
 public:
  explicit TemporaryFiles(std::vector<std::string> paths) : paths_(std::move(paths)) {}
  ~TemporaryFiles() {
    for (const auto& path : paths_) std::remove(path.c_str());
  }
  TemporaryFiles(const TemporaryFiles&) = delete;
  TemporaryFiles& operator=(const TemporaryFiles&) = delete;

 private:
  std::vector<std::string> paths_;
};

std::vector<std::string> file_paths(const DiskTestConfig& test) {
  const std::string base =
      test.kind == DiskTestKind::Directory ? test.path + "/simhadr.tmp" : test.path;
  if (test.threads == 1) return {base};
  std::vector<std::string> paths;
  for (std::uint32_t k = 1; k <= test.threads; ++k) paths.push_back(fmt::format("{}.{}", base, k));
  return paths;
}

struct Workers {
  DiskIoResult total;
  std::vector<DiskIoResult> each;
};

// One writer (or reader) per file, all started together.
Workers run_workers(const std::vector<std::string>& paths, DiskAccess access,
                    const DiskIoPlan& plan, bool cache, const StopSource& stop, RunLog& log) {
  std::vector<DiskFile> files;
  for (const auto& path : paths) files.emplace_back(path, access, cache);
  Workers workers;
  workers.each.resize(files.size());
  std::latch start(static_cast<std::ptrdiff_t>(files.size()));
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < files.size(); ++i) {
    threads.emplace_back([&, i] {
      start.arrive_and_wait();
      workers.each[i] = run_disk_io(files[i], access, plan, stop, log);
    });
  }
  for (auto& thread : threads) thread.join();
  for (const auto& result : workers.each) workers.total.merge(result);
  return workers;
}

void run_one_size(const RunConfig& config, const std::vector<std::string>& paths,
                  const DiskIoPlan& plan, const StopSource& stop, RunLog& log,
                  DiskTestOutcome& outcome) {
  const DiskAccess access = outcome.access;
  const DiskTestConfig& test = *config.as<DiskTestConfig>();
  const char* verb = access == DiskAccess::Read ? "Reading from" : "Writing to";
  if (paths.size() == 1) {
    log.line("{} file {}", verb, paths.front());
  } else {
    log.line("{} {} files at once, one writer each: {}", verb, paths.size(), fmt::join(paths, " "));
  }
  if (access != DiskAccess::Read) log.line("{}", payload_line(plan.payload));
  log.line("Press Ctrl-C to stop.");
  log.flush();
  const Workers workers = run_workers(paths, access, plan, test.cache, stop, log);
  if (workers.total.end_of_file) log.line("End of file reached");
  log.blank();
  if (paths.size() > 1) {
    for (std::size_t i = 0; i < paths.size(); ++i) {
      write_writer_line(log.stream(), i + 1, paths[i], workers.each[i]);
    }
    log.blank();
  }
  write_disk_report(log.stream(), access, plan.pages, workers.total);
  log.flush();
  outcome.sizes.push_back({plan.pages, workers.total});
  if (paths.size() > 1) outcome.writers = workers.each;
  outcome.failure = workers.total.failure;
}

void run_fit(const RunConfig& config, const std::vector<std::string>& paths, DiskIoPlan plan,
             const StopSource& stop, RunLog& log, DiskTestOutcome& outcome) {
  if (plan.run_time) {
    plan.run_time = *plan.run_time / static_cast<Nanos::rep>(kFitPages.size());
    log.line("Fitting the disk model: writes of {} to {} pages, {:.3f} seconds each.",
             kFitPages.front(), kFitPages.back(), to_seconds(*plan.run_time));
  } else {
    log.line("Fitting the disk model: writes of {} to {} pages, {} writes each.", kFitPages.front(),
             kFitPages.back(), *plan.max_ios);
  }
  log.line("{}", payload_line(plan.payload));
  log.line("Press Ctrl-C to stop.");
  log.blank();
  log.flush();
  std::vector<DiskSizePoint> points;
  for (const std::uint32_t pages : kFitPages) {
    if (stop.requested()) break;
    plan.pages = pages;
    const Workers workers =
        run_workers(paths, outcome.access, plan, config.as<DiskTestConfig>()->cache, stop, log);
    outcome.failure = workers.total.failure;
    if (workers.total.ios == 0) break;
    outcome.sizes.push_back({pages, workers.total});
    points.push_back({static_cast<double>(pages_to_bytes(pages)),
                      seconds_per_call(workers.total.io_time, workers.total.ios),
                      static_cast<double>(workers.total.percentiles.percentile(kFastShare)) / 1e6,
                      seconds_per_call(workers.total.paced, workers.total.ios),
                      to_seconds(workers.total.elapsed)});
    if (outcome.failure) break;
  }
  outcome.fitted = fit_disk_caps(points);
  write_fit_table(log.stream(), outcome.sizes, outcome.fitted, kFitPages.size());
  log.flush();
}

}  // namespace

DiskTestOutcome run_disk_test(const RunConfig& config, const StopSource& stop, RunLog& log) {
  const DiskTestConfig& test = *config.as<DiskTestConfig>();
  log.line("use file system cache = {}", test.cache);
  log.line("write behind caching = false");
  log.blank();

  const std::vector<std::string> paths = file_paths(test);
  std::optional<TemporaryFiles> temporary;
  if (test.kind == DiskTestKind::Directory) temporary.emplace(paths);

  DiskTestOutcome outcome;
  outcome.access = DiskAccess::Read;
  DiskIoPlan plan;
  plan.pages = config.effective_flush_pages();
  plan.max_ios = config.max_flushes;
  plan.payload = config.payload;
  if (const auto seconds = config.effective_run_seconds()) plan.run_time = from_seconds(*seconds);
  try {
    if (test.kind != DiskTestKind::ReadFile) {
      outcome.access = DiskAccess::Append;
      if (test.preallocate) {
        const auto start = std::chrono::steady_clock::now();
        for (const auto& path : paths) preallocate(path, kPreallocatedBytes);
        log.line("Preallocated {:.3f} MBytes in each file in {:.3f} seconds.",
                 static_cast<double>(kPreallocatedBytes) / kBytesPerMByte,
                 to_seconds(std::chrono::steady_clock::now() - start));
        outcome.access = DiskAccess::Overwrite;
        plan.wrap_bytes = kPreallocatedBytes;
      }
    }
    if (test.kind == DiskTestKind::Directory && !config.flush_pages) {
      run_fit(config, paths, plan, stop, log, outcome);
    } else {
      run_one_size(config, paths, plan, stop, log, outcome);
    }
  } catch (const DiskError& error) {
    log.flush();
    outcome.failure = error.what();
  }
  return outcome;
}

}  // namespace simhadr
