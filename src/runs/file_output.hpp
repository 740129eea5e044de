#pragma once
// An output a run's record goes to after the run, besides the text report
// printed as it went: -json and -csv. A new format is one new source file
// with its class and maker, declared here, and one line in requested_outputs.
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "runs/run_record.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

// One file, named on the command line, that each run's record is written to.
class FileOutput {
 public:
  FileOutput(const RunConfig& config, std::string path) : config_(config), path_(std::move(path)) {}
  virtual ~FileOutput() = default;
  virtual void write(const RunRecord& record) = 0;
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

// The outputs the command line asked for.
std::vector<std::unique_ptr<FileOutput>> requested_outputs(const RunConfig& config);

// Files that could not be written after the run: one line naming each and
// what it lost (the text report is out by then), and a failed run.
class OutputLost : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The one place a record is handed to every requested output; each is tried.
// A file that cannot be written is an OutputLost, or, when the run already
// failed with an error of its own, a warning that leaves that error to stand.
void record_run(const RunConfig& config, const RunRecord& record);

}  // namespace simhadr
