// db2pd -hadr of V10.1 and later: a header per database and member, then one
// "FIELD = value" section per standby (per log stream in pureScale), each
// starting with HADR_ROLE. A section pasted without its header is read too:
// it has no database name and no time.
#include <fmt/format.h>

#include <cstdio>
#include <set>

#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/monitor/sample_builder.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t at = 0;
  while (true) {
    const std::size_t end = text.find(separator, at);
    parts.push_back(trimmed(text.substr(at, end - at)));
    if (end == std::string_view::npos) return parts;
    at = end + 1;
  }
}

class Db2pdReader {
 public:
  Db2pdReader(const std::string& name, std::vector<std::size_t>& other_lines)
      : name_(name), other_lines_(other_lines) {}

  std::vector<HadrSample> read(const std::vector<TextLine>& lines) {
    for (const TextLine& line : lines) read_line(line.text, line.number);
    close_section();
    return finish_all(std::move(builders_));
  }

 private:
  [[noreturn]] void refuse(std::size_t number, std::string_view why) const {
    throw MonitorInputError(fmt::format("{}:{}: {}", name_, number, why));
  }

  void read_line(std::string_view text, std::size_t number) {
    if (trimmed(text).empty()) {
      after_blank_ = true;
      return;
    }
    if (const auto header = parse_db2pd_header(text)) {
      close_section();
      database_ = upper_case(header->database);
      up_seconds_ = header->up_seconds;
      taken_at_.reset();
      ++run_;
      if (!header->date.empty()) {
        const auto stamped = parse_stamped_time(header->date);
        if (!stamped)
          refuse(number, fmt::format("the header's date {} is not a time", shown(header->date)));
        taken_at_ = stamped->local;
      }
      return;
    }
    if (!is_db2pd_field(text)) {
      other_lines_.push_back(number);
      return;
    }
    const std::size_t equals = text.find('=');
    std::string_view value = text.substr(equals + 1);
    // "= Y   #replay only window is active": an author's note after the value.
    if (const std::size_t note = value.find(" #"); note != std::string_view::npos) {
      value = value.substr(0, note);
    }
    field(trimmed(text.substr(0, equals)), value, number);
    after_blank_ = false;
  }

  // "PRIMARY_LOG_FILE,PAGE,POS = S0000009.LOG, 1, 49262315" is three fields,
  // PRIMARY_LOG_FILE, PRIMARY_LOG_PAGE and PRIMARY_LOG_POS; "(bytes)" and the
  // like say the unit, which the name already implies. A section starts at
  // HADR_ROLE, or where a field comes again after a blank line (a page that
  // put blank lines between fields, or an author who cut HADR_ROLE, still
  // reads right).
  void field(std::string_view label, std::string_view value, std::size_t number) {
    if (const std::size_t unit = label.find('('); unit != std::string_view::npos) {
      label = trimmed(label.substr(0, unit));
    }
    const std::vector<std::string_view> names = split(label, ',');
    if (section_ && (names.front() == "HADR_ROLE" ||
                     (after_blank_ && seen_.contains(std::string(names.front()))))) {
      close_section();
    }
    if (!section_) {
      section_.emplace(SourceLine{name_, number}, MonitorFormat::Db2pd, 1.0);
      section_->taken_at(taken_at_);
      section_->database(database_);
      section_->activated_for(up_seconds_);
      section_->run(run_);
    }
    seen_.emplace(names.front());
    if (names.size() == 1) {
      section_->field(names.front(), value, number);
      return;
    }
    const std::vector<std::string_view> values = split(value, ',');
    if (values.size() != names.size()) {
      refuse(number, fmt::format("{} needs {} values, has {}", label, names.size(), values.size()));
    }
    const std::string_view first = names.front();
    const std::string_view prefix = first.substr(0, first.rfind('_') + 1);
    section_->field(first, values.front(), number);
    for (std::size_t i = 1; i < names.size(); ++i) {
      section_->field(fmt::format("{}{}", prefix, names[i]), values[i], number);
    }
  }

  void close_section() {
    if (section_) builders_.push_back(std::move(*section_));
    section_.reset();
    seen_.clear();
  }

  const std::string& name_;
  std::vector<std::size_t>& other_lines_;
  std::string database_;
  std::optional<double> taken_at_;
  std::optional<double> up_seconds_;
  std::size_t run_ = 0;
  std::optional<SampleBuilder> section_;
  std::set<std::string> seen_;  // the section's fields so far
  bool after_blank_ = false;
  std::vector<SampleBuilder> builders_;
};

}  // namespace

std::optional<Db2pdHeader> parse_db2pd_header(std::string_view line) {
  line = trimmed(line);
  if (!line.starts_with("Database Member ") && !line.starts_with("Database Partition ")) {
    return std::nullopt;
  }
  constexpr std::string_view kDatabase = "-- Database ";
  const std::size_t at = line.find(kDatabase);
  if (at == std::string_view::npos) return std::nullopt;
  Db2pdHeader header;
  std::string_view rest = line.substr(at + kDatabase.size());
  header.database = std::string(trimmed(rest.substr(0, rest.find(" --"))));
  int days = 0, hours = 0, minutes = 0, seconds = 0;
  if (const std::size_t up = line.find("-- Up ");
      up != std::string_view::npos &&
      std::sscanf(std::string(line.substr(up)).c_str(), "-- Up %d days %d:%d:%d", &days, &hours,
                  &minutes, &seconds) == 4) {
    header.up_seconds = days * 86400.0 + hours * 3600.0 + minutes * 60.0 + seconds;
  }
  constexpr std::string_view kDate = "-- Date ";
  if (const std::size_t date = line.find(kDate); date != std::string_view::npos) {
    header.date = std::string(trimmed(line.substr(date + kDate.size())));
  }
  return header;
}

std::vector<HadrSample> read_db2pd(const std::vector<TextLine>& lines, MonitorFile& file) {
  return Db2pdReader(file.name, file.other_lines).read(lines);
}

}  // namespace simhadr
