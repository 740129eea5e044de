// db2pd -db DB -logs, V9.7 to 11.5 and later: the header (with the date from
// V9.7 on some platforms, always from V10.1), "Logs:", a label and a value on
// each line, then a table of the log files. Only the position counts bytes:
// "Pages Written" is the current log file's, reset at each new file.
#include <fmt/format.h>

#include <cstdio>

#include "simhadr/monitor/log_runs.hpp"
#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/monitor/sample_builder.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

std::optional<std::int64_t> position_value(std::string_view text) {
  const auto value = parse_integer(text);
  if (!value || *value < 0) return std::nullopt;
  return value;
}

// "Database Member 1 -- ...", "Database Partition 0 -- ...": which member's log stream.
std::string member_of(std::string_view header) {
  int member = 0;
  const std::string text(trimmed(header));
  if (std::sscanf(text.c_str(), "Database Member %d", &member) == 1 ||
      std::sscanf(text.c_str(), "Database Partition %d", &member) == 1) {
    return std::to_string(member);
  }
  return {};
}

class Db2pdLogsReader {
 public:
  Db2pdLogsReader(const std::string& file) : file_(file) {}

  LogCounterFile read(const std::vector<TextLine>& lines) {
    for (const TextLine& line : lines) read_line(line);
    close_section();
    result_.samples = runs_.finish();
    if (!result_.samples.empty()) result_.format = "db2pd -logs";
    if (lsn_sections_ > 0) {
      result_.notes.push_back(
          "positions from Current LSN, which counted bytes up to V9.7 (from V10.1 Current LSO "
          "does)");
    }
    return std::move(result_);
  }

 private:
  void read_line(const TextLine& line) {
    const std::string_view text = trimmed(line.text);
    if (const auto header = parse_db2pd_header(text)) {
      close_section();
      header_ = *header;
      header_line_ = line.number;
      member_ = member_of(text);
      v10_ = text.starts_with("Database Member");
      return;
    }
    if (text == "Logs:") {
      close_section();
      section_.emplace();
      section_->sample.source = SourceLine{file_, line.number};
      section_->sample.source_name = "db2pd -logs";
      section_->sample.database = upper_case(header_.database);
      section_->key = member_;
      if (!header_.date.empty()) {
        if (const auto stamped = parse_stamped_time(header_.date)) {
          section_->sample.time = stamped->local;
        }
      }
      if (header_line_) result_.lines.push_back(*header_line_);
      result_.lines.push_back(line.number);
      return;
    }
    if (!section_) return;
    if (is_db2pd_field(text) || text == "HADR Information:") {  // db2pd -logs -hadr: HADR's now
      close_section();
      return;
    }
    result_.lines.push_back(line.number);
    for (const auto& [label, lso] : {std::pair{std::string_view("Current LSO"), true},
                                     std::pair{std::string_view("Current LSN"), false}}) {
      if (!text.starts_with(label)) continue;
      const std::string_view value = trimmed(text.substr(label.size()));
      const auto position = position_value(value);
      if (!position) {
        throw MonitorInputError(fmt::format("{}:{}: {} is {}, not a log position", file_,
                                            line.number, label, shown(value)));
      }
      (lso ? lso_ : lsn_) = *position;
    }
  }

  void close_section() {
    if (!section_) return;
    if (lso_) {
      section_->sample.counters.log_position = lso_;
    } else if (lsn_ && !v10_) {
      section_->sample.counters.log_position = lsn_;
      ++lsn_sections_;
    }
    runs_.add(std::move(*section_));
    section_.reset();
    lso_.reset();
    lsn_.reset();
  }

  const std::string& file_;
  LogCounterFile result_;
  LogRuns runs_{false};
  Db2pdHeader header_;
  std::optional<std::size_t> header_line_;
  std::string member_;
  bool v10_ = false;
  std::optional<LogRow> section_;
  std::optional<std::int64_t> lso_, lsn_;
  std::size_t lsn_sections_ = 0;
};

}  // namespace

LogCounterFile read_db2pd_logs(const std::vector<TextLine>& lines, const std::string& file) {
  return Db2pdLogsReader(file).read(lines);
}

}  // namespace simhadr
