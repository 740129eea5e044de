#pragma once
// What the three monitor readers share: the fields of one section or row,
// named as MON_GET_HADR names them (db2pd's composites split first), turned
// into a HadrSample with one unit per figure and one clock per file.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "simhadr/monitor/hadr_sample.hpp"

namespace simhadr {

// A time as the monitor prints it: the host's wall clock (read as if UTC) and,
// where db2pd adds it in parentheses, the epoch.
struct StampedTime {
  double local = 0;
  std::optional<double> epoch;
};

// "06/08/2011 13:38:10.199479 (1307565490)", "2019-02-06-15.35.28.505451",
// "2013-09-13 11:30:55", "Mon Sep 05 14:05:09 2006 (1158008709)"; none for
// anything else.
std::optional<StampedTime> parse_stamped_time(std::string_view text);

// "NULL", "-" (the CLP's NULL) or nothing: the monitor has no figure.
bool is_null_value(std::string_view value);

std::string_view trimmed(std::string_view text);

// A decimal as the host's locale prints it: "0.250", or "0,250" where the comma is the decimal
// mark.
std::optional<double> parse_decimal(std::string_view text);
// A whole number, decimal or with 0x in hex (db2pd's LSNs).
std::optional<std::int64_t> parse_integer(std::string_view text);
std::string upper_case(std::string_view text);

class SampleBuilder {
 public:
  // Durations come in seconds from db2pd and in milliseconds from MON_GET_HADR.
  SampleBuilder(SourceLine source, MonitorFormat format, double seconds_per_duration_unit);

  // The moment the sample was taken, on the host's wall clock.
  void taken_at(std::optional<double> local) { taken_local_ = local; }
  void database(std::string name) { sample_.database = std::move(name); }
  // How long the database had been active, from db2pd's header.
  void activated_for(std::optional<double> seconds) { sample_.up_seconds = seconds; }
  // The reader's run: a db2pd header, a query's table.
  void run(std::size_t run) { sample_.run = run; }
  // One field by its MON_GET_HADR name; names this reader has no use for are
  // skipped. Throws MonitorInputError naming `line` when a value is not what
  // the field holds (a number, a percentage, a time).
  void field(std::string_view name, std::string_view value, std::size_t line);
  bool has_role() const { return !sample_.role.empty(); }
  const std::string& role() const { return sample_.role; }
  // The latest of the time fields that come before the sample (the connection's,
  // the last log records'), on the host's wall clock.
  std::optional<double> latest_time_field() const;
  // The offset of the host's wall clock from UTC that this section's own
  // epochs show, if any.
  std::optional<double> clock_offset() const { return offset_; }
  // The sample, its times put on UTC with this section's offset or, failing
  // that, `file_offset` (another section's); on the wall clock with neither.
  HadrSample finish(std::optional<double> file_offset) &&;

 private:
  HadrSample sample_;
  double duration_unit_;
  std::optional<double> taken_local_;
  std::vector<std::pair<std::string_view, StampedTime>> times_;  // time fields by name
  std::optional<double> offset_;
};

// Builders finished with one clock per file: the first offset any section showed
// serves the sections that show none.
std::vector<HadrSample> finish_all(std::vector<SampleBuilder> builders);

}  // namespace simhadr
