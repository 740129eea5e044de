#pragma once
// The outputs a run's record goes to when it ends, besides the text report
// printed as it went: -json and -csv. A new format is one new source file
// with its class and maker, declared here, and one line in RunReporters.
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "runs/reporter.hpp"
#include "runs/text_output.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

// One file, named on the command line, that each run's record is written to.
class FileOutput : public Reporter {
 public:
  FileOutput(const RunConfig& config, std::string path) : config_(config), path_(std::move(path)) {}
  // What a failed write loses, for the message: "the run's JSON document is lost".
  virtual std::string_view loss() const = 0;

 protected:
  const RunConfig& config_;
  std::string path_;
};

// -json FILE: one document per run (one line per run for a -loop standby).
std::unique_ptr<FileOutput> make_json_output(const RunConfig& config, std::string path);
// -csv FILE: a summary row per side, or per size of a disk test, appended.
std::unique_ptr<FileOutput> make_csv_output(const RunConfig& config, std::string path);

// Files that could not be written after the run: one line naming each and
// what it lost (the text report is out by then), and a failed run.
class OutputLost : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The reporters the command line asks for, fanned out from one place: the
// text report on `log`, then each requested file.
class RunReporters final : public Reporter {
 public:
  RunReporters(const RunConfig& config, RunLog& log);
  void started(const RunConfig& config) override;
  void interval(const IntervalSample& sample) override;
  void side_finished(const RoleOutcome& side) override;
  // Each file is tried. One that cannot be written is an OutputLost, or, when
  // the run already failed with an error of its own, a warning that leaves
  // that error to stand.
  void finished(const RunRecord& record) override;

 private:
  std::vector<Reporter*> all();

  TextReporter text_;
  std::vector<std::unique_ptr<FileOutput>> files_;
};

}  // namespace simhadr
