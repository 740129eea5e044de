#pragma once
// Reading a file of monitor samples: its format found from its text, each
// reader's samples, and the checks every series must pass before anything is
// derived from it (one database, time moving on, positions moving forward).
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "simhadr/monitor/hadr_sample.hpp"

namespace simhadr {

struct MonitorFile {
  std::string name;
  MonitorFormat format = MonitorFormat::Db2pd;
  std::vector<HadrSample> samples;
  // Lines where db2pd found the database not active ("Database D not activated on
  // database member 0 ..."): a loop that ran through an outage.
  std::vector<std::size_t> inactive_lines;
};

// db2pd's line for a database that is not active, which takes a sample's place.
bool is_inactive_notice(std::string_view line);

// Throws MonitorInputError, naming the file and the line, for text that is
// not db2pd -hadr or MON_GET_HADR output, or a series that cannot be true.
MonitorFile read_monitor_file(std::istream& in, std::string name);

// Each format's reader, given the file's lines (without their newlines).
std::vector<HadrSample> read_db2pd(const std::vector<std::string>& lines, const std::string& name);
std::vector<HadrSample> read_db2pd_v97(const std::vector<std::string>& lines,
                                       const std::string& name);
std::vector<HadrSample> read_mon_get_hadr(const std::vector<std::string>& lines,
                                          const std::string& name, MonitorFormat format);

// The line's "Database Member 0 -- Database HADRDB -- ..." header, if it is one:
// the database's name and what follows "-- Date ", if anything.
struct Db2pdHeader {
  std::string database;
  std::string date;
};
std::optional<Db2pdHeader> parse_db2pd_header(std::string_view line);

}  // namespace simhadr
