#include "simhadr/monitor/monitor_input.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>

#include "simhadr/monitor/sample_builder.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

bool holds_word(std::string_view line, std::string_view word) {
  const std::string text = upper_case(line);
  std::size_t at = 0;
  while ((at = text.find(word, at)) != std::string::npos) {
    const auto boundary = [&](std::size_t i) {
      return i >= text.size() ||
             !(std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_');
    };
    if ((at == 0 || boundary(at - 1)) && boundary(at + word.size())) return true;
    at += word.size();
  }
  return false;
}

MonitorFormat format_of(const std::vector<std::string>& lines, const std::string& name) {
  const auto first =
      std::ranges::find_if(lines, [](const std::string& line) { return !trimmed(line).empty(); });
  if (first == lines.end()) throw MonitorInputError(fmt::format("{}: holds no samples", name));
  const std::size_t number = static_cast<std::size_t>(first - lines.begin()) + 1;
  if (parse_db2pd_header(*first)) {
    const bool v97 = std::ranges::any_of(
        lines, [](const std::string& line) { return trimmed(line) == "HADR Information:"; });
    return v97 ? MonitorFormat::Db2pdV97 : MonitorFormat::Db2pd;
  }
  if (holds_word(*first, "HADR_ROLE")) {
    const auto next = std::find_if(first + 1, lines.end(),
                                   [](const std::string& line) { return !trimmed(line).empty(); });
    const bool dashes = next != lines.end() && trimmed(*next).starts_with("---");
    return dashes ? MonitorFormat::MonGetHadrTable : MonitorFormat::MonGetHadrCsv;
  }
  if (holds_word(*first, "PRIMARY") || holds_word(*first, "STANDBY")) {
    throw MonitorInputError(fmt::format(
        "{}:{}: MON_GET_HADR rows without their column names (db2 -x and EXPORT ... OF DEL "
        "leave them out): keep the header row, as docs/diagnose.md shows",
        name, number));
  }
  throw MonitorInputError(fmt::format("{}:{}: neither db2pd -hadr nor MON_GET_HADR output: {}",
                                      name, number, shown(trimmed(*first))));
}

void check_one_database(const MonitorFile& file) {
  const HadrSample* first = nullptr;
  for (const HadrSample& sample : file.samples) {
    if (sample.database.empty()) continue;
    if (!first) first = &sample;
    if (sample.database != first->database) {
      throw MonitorInputError(fmt::format(
          "{}: database {}, where this file's samples before were of database {} (line {}): "
          "give each database's samples their own file",
          sample.where(), sample.database, first->database, first->source.line));
    }
  }
}

// Each channel's series in the file must move forward: in time, and in the
// log, unless a takeover turned the roles round between two samples.
void check_series(const MonitorFile& file) {
  using Key = std::tuple<std::int64_t, std::string>;
  std::map<Key, const HadrSample*> last;
  for (const HadrSample& sample : file.samples) {
    const Key key{sample.log_stream_id.value_or(0), host_key(sample.standby_host)};
    const HadrSample*& before = last[key];
    if (before) {
      if (sample.time && before->time && *sample.time <= *before->time) {
        throw MonitorInputError(fmt::format(
            "{}: taken at {}, {} the sample of line {} ({}): samples must follow in time",
            sample.where(), time_of_day(sample),
            *sample.time == *before->time ? "the same time as" : "before", before->source.line,
            time_of_day(*before)));
      }
      if (sample.role == before->role) {
        using Pos = std::optional<std::int64_t> HadrSample::*;
        for (const auto& [member, field] :
             {std::pair<Pos, std::string_view>{&HadrSample::primary_pos, "PRIMARY_LOG_POS"},
              {&HadrSample::standby_pos, "STANDBY_LOG_POS"},
              {&HadrSample::replay_pos, "STANDBY_REPLAY_LOG_POS"}}) {
          const auto& now = sample.*member;
          const auto& then = before->*member;
          if (now && then && *now < *then) {
            throw MonitorInputError(
                fmt::format("{}: {} went back from {} (line {}) to {} with no change of role",
                            sample.where(), field, *then, before->source.line, *now));
          }
        }
      }
    }
    before = &sample;
  }
}

}  // namespace

bool is_inactive_notice(std::string_view line) {
  line = trimmed(line);
  return line.starts_with("Database ") && line.find(" not activated on database ") != line.npos;
}

MonitorFile read_monitor_file(std::istream& in, std::string name) {
  MonitorFile file{std::move(name), MonitorFormat::Db2pd, {}, {}};
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (is_inactive_notice(line)) {
      file.inactive_lines.push_back(lines.size() + 1);
      line.clear();
    }
    lines.push_back(std::move(line));
  }
  if (!file.inactive_lines.empty() &&
      std::ranges::all_of(lines, [](const std::string& line) { return trimmed(line).empty(); })) {
    throw MonitorInputError(
        fmt::format("{}: the database was not active in any of its {} samples: nothing to diagnose",
                    file.name, file.inactive_lines.size()));
  }
  file.format = format_of(lines, file.name);
  switch (file.format) {
    case MonitorFormat::Db2pd:
      file.samples = read_db2pd(lines, file.name);
      break;
    case MonitorFormat::Db2pdV97:
      file.samples = read_db2pd_v97(lines, file.name);
      break;
    case MonitorFormat::MonGetHadrCsv:
    case MonitorFormat::MonGetHadrTable:
      file.samples = read_mon_get_hadr(lines, file.name, file.format);
      break;
  }
  if (file.samples.empty()) {
    throw MonitorInputError(fmt::format("{}: holds no HADR sections", file.name));
  }
  check_one_database(file);
  check_series(file);
  return file;
}

}  // namespace simhadr
