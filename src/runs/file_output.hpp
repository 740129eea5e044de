#pragma once
// An output a run's record goes to after the run, besides the text report
// printed as it went: -json and -csv. A new format is one new source file
// with its class and maker, declared here, and one line in requested_outputs.
#include <memory>
#include <string>
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

// The one place a record is handed to every requested output. A file that
// cannot be written is warned about on stderr; the run's own status stands.
void record_run(const RunConfig& config, const RunRecord& record);

}  // namespace simhadr
