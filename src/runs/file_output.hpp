#pragma once
// An output a run's record goes to after the run, besides the text report
// printed as it went: -json and -csv, one file each. A new format is one new
// class here and one line in requested_outputs.
#include <memory>
#include <vector>

#include "runs/run_record.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

class FileOutput {
 public:
  virtual ~FileOutput() = default;
  virtual void write(const RunRecord& record) = 0;
};

// The outputs the command line asked for.
std::vector<std::unique_ptr<FileOutput>> requested_outputs(const RunConfig& config);

// The one place a record is handed to every requested output. A file that
// cannot be written is warned about on stderr; the run's own status stands.
void record_run(const RunConfig& config, const RunRecord& record);

}  // namespace simhadr
