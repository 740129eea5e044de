#pragma once
// db2logscan's output as the HADR calculator reads it: one rate line per
// sampled interval, and the average rate on the line after "Distribution of
// log write rate". Every other line is kept as text, to be echoed. Rates are
// db2logscan's "MB/s": MiB (2^20 bytes) per second, as the calculator uses them.
#include <cstdint>
#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "simhadr/rate.hpp"

namespace simhadr {

// One sampled interval: the rate line's eight figures.
struct WorkloadInterval {
  std::string timestamp;           // "2013-02-26 15:32:09"
  MiBPerSec rate;                  // log written
  double seconds = 0;              // the interval's length
  double flush_pages = 0;          // pg/f: pages per log flush
  double flush_seconds = 0;        // sec/f
  double transaction_pages = 0;    // pg/tr
  double transaction_seconds = 0;  // sec/tr
  double commit_seconds = 0;       // sec/cmt: time between commits
  double open_transactions = 0;    // nOpenTrans
};

struct ScanLine {
  // DistributionHeading: "Distribution of log write rate", which the average follows.
  enum class Kind : std::uint8_t { Other, Interval, DistributionHeading, AverageRate };
  Kind kind = Kind::Other;
  std::string text;           // as read, without its newline
  WorkloadInterval interval;  // Kind::Interval
  MiBPerSec average_rate;     // Kind::AverageRate: the line's last figure
  // Kind::Other: why a rate or average line that is damaged (cut short, a
  // figure that is no number) was passed over, naming file and line; empty
  // for any other line.
  std::string skipped;
};

// A line the calculator would misread: names the file and the line.
class WorkloadInputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads one file after another as a single stream (as the calculator does),
// so an average-rate line may follow its heading across a file boundary.
// Unicode spaces read as spaces. A damaged line is kept as text, with the
// reason it was skipped: the intervals before and after it still count.
class Db2LogscanReader {
 public:
  void read(std::istream& in, std::string_view name);
  // Throws WorkloadInputError when no file held a rate line.
  std::vector<ScanLine> take();
  // The first damaged line's reason, if any.
  const std::string* first_skipped() const;

 private:
  std::vector<ScanLine> lines_;
  bool after_distribution_heading_ = false;
  bool any_interval_ = false;
  std::vector<std::string> names_;
};

// The rate line's figures, or nullopt when `line` is not a rate line. Throws
// WorkloadInputError (naming `where`) for a rate line with a missing or bad field.
std::optional<WorkloadInterval> parse_rate_line(std::string_view line, std::string_view where);

}  // namespace simhadr
