#pragma once
// Reading a file of monitor samples: its format found from its text, each
// reader's samples, and the checks every series must pass before anything is
// derived from it (time moving on, positions moving forward).
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "simhadr/monitor/hadr_sample.hpp"
#include "simhadr/monitor/log_sample.hpp"
#include "simhadr/monitor/pasted_text.hpp"
#include "simhadr/monitor/select_list.hpp"

namespace simhadr {

struct MonitorFile {
  std::string name;
  MonitorFormat format = MonitorFormat::Db2pd;
  std::vector<HadrSample> samples;  // one per channel and run
  std::size_t runs = 0;             // db2pd calls or queries: the file's samples in time
  // Lines where db2pd found the database not active ("Database D not activated on
  // database member 0 ..."): a loop that ran through an outage.
  std::vector<std::size_t> inactive_lines;
  std::vector<std::size_t> elision_lines;   // "...": something cut out there
  std::vector<std::size_t> preamble_lines;  // before the first sample: a command, a query, prose
  // Among the samples, lines of no monitor output (a prompt, a label, a Markdown
  // fence, a line cut short): left out, and listed in a note.
  std::vector<std::size_t> other_lines;
  std::string prefix;  // taken off every line
  // What the reader could not get from this file, and what that leaves out.
  std::vector<std::string> notes;
  // Its log and commit counters (db2pd -logs, MON_GET_TRANSACTION_LOG, ...), if any.
  LogCounterFile logs;
};

// Throws MonitorInputError, naming the file and the line, for text that is
// neither HADR monitor output (db2pd -hadr, MON_GET_HADR) nor log counters
// (db2pd -logs, MON_GET_TRANSACTION_LOG, MON_GET_WORKLOAD, MON_GET_DATABASE),
// or a series that cannot be true.
MonitorFile read_monitor_file(std::istream& in, std::string name);

// Each format's reader, given the file's lines from its first sample on;
// `file.other_lines` gains the lines it left out (and, for MON_GET_HADR,
// `file.notes` what the columns leave out).
std::vector<HadrSample> read_db2pd(const std::vector<TextLine>& lines, MonitorFile& file);
std::vector<HadrSample> read_db2pd_v97(const std::vector<TextLine>& lines, MonitorFile& file);
// `headings`: what the query's select list says each heading shows.
std::vector<HadrSample> read_mon_get_hadr(const std::vector<TextLine>& lines, MonitorFile& file,
                                          const ColumnHeadings& headings);

// A MON_GET_HADR column's name (db2pd names its fields the same).
bool is_mon_get_hadr_column(std::string_view name);
// "HADR_ROLE = PRIMARY", "PRIMARY_LOG_FILE,PAGE,POS = ...": a db2pd field of HADR,
// not any line with an equals sign ("export DB2INSTANCE=...", a Markdown "====").
bool is_db2pd_field(std::string_view line);

// The line's "Database Member 0 -- Database HADRDB -- ..." header, if it is one:
// the database's name and what follows "-- Date ", if anything.
struct Db2pdHeader {
  std::string database;
  std::string date;
  std::optional<double> up_seconds;  // "-- Up 0 days 00:23:17": since activation
};
std::optional<Db2pdHeader> parse_db2pd_header(std::string_view line);

}  // namespace simhadr
