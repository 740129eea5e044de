#include "simhadr/monitor/monitor_input.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <tuple>

#include "simhadr/monitor/log_sample.hpp"
#include "simhadr/monitor/query_table.hpp"
#include "simhadr/monitor/sample_builder.hpp"
#include "simhadr/monitor/select_list.hpp"
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

bool blank(const TextLine& line) {
  return trimmed(line.text).empty();
}

bool is_identifier(std::string_view word) {
  if (word.size() >= 2 && word.front() == '"' && word.back() == '"') {
    word = word.substr(1, word.size() - 2);
  }
  return !word.empty() && std::ranges::all_of(word, [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

// A row of column names: each word a name, one of them MON_GET_HADR's
// (or SNAPHADR's) by itself or by the query's select list.
bool names_columns(const std::vector<std::string_view>& words, const ColumnHeadings& headings) {
  if (words.empty() || !std::ranges::all_of(words, is_identifier)) return false;
  std::vector<std::string> columns;
  for (std::string_view word : words) {
    if (word.front() == '"') word = word.substr(1, word.size() - 2);
    columns.push_back(column_named(upper_case(word), headings));
  }
  return !names_log_counters(columns) && std::ranges::any_of(columns, [](const std::string& c) {
    return is_mon_get_hadr_column(c);
  });
}

bool is_rule(std::string_view line) {
  line = trimmed(line);
  return line.starts_with("---") && line.find_first_not_of("- ") == std::string_view::npos;
}

// "PRIMARY,PEER,NEARSYNC,...": three or more fields of a word each, as CSV rows are.
bool is_csv_row(std::string_view line) {
  if (line.find('=') != std::string_view::npos) return false;
  const std::vector<std::string_view> fields = split_on(line, ",");
  return fields.size() >= 3 && std::ranges::none_of(fields, [](std::string_view field) {
           return field.find(' ') != std::string_view::npos;
         });
}

bool is_v97_table_header(std::string_view line) {
  const std::vector<std::string_view> words = split_on(line, " \t");
  return words.size() >= 3 && words[0] == "Role" && words[1] == "State" && words[2] == "SyncMode";
}

struct Start {
  MonitorFormat format;
  std::size_t index;  // of the first line that belongs to a sample
};

// Where the samples start and in which format; what comes before is a
// command, a query or prose, left out. None: no sample anywhere.
std::optional<Start> start_of(const std::vector<TextLine>& lines, const std::string& name,
                              const ColumnHeadings& headings) {
  const auto next_text = [&](std::size_t i) -> const TextLine* {
    while (++i < lines.size()) {
      if (!blank(lines[i])) return &lines[i];
    }
    return nullptr;
  };
  const bool v97 = std::ranges::any_of(lines, [](const TextLine& line) {
    return trimmed(line.text) == "HADR Information:" || is_v97_table_header(line.text);
  });
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view text = trimmed(lines[i].text);
    if (text.empty()) continue;
    if (parse_db2pd_header(text) || text == "HADR Information:" || is_v97_table_header(text)) {
      return Start{v97 ? MonitorFormat::Db2pdV97 : MonitorFormat::Db2pd, i};
    }
    if (is_db2pd_field(text)) return Start{MonitorFormat::Db2pd, i};
    const TextLine* next = next_text(i);
    if (next && is_rule(next->text) && names_columns(split_on(text, " \t"), headings)) {
      return Start{MonitorFormat::MonGetHadrTable, i};
    }
    if (names_columns(split_on(text, ","), headings)) return Start{MonitorFormat::MonGetHadrCsv, i};
    if (is_csv_row(text) && (holds_word(text, "PRIMARY") || holds_word(text, "STANDBY"))) {
      throw MonitorInputError(fmt::format(
          "{}:{}: MON_GET_HADR rows without their column names (db2 -x and EXPORT ... OF DEL "
          "leave them out): keep the header row, as docs/diagnose.md shows",
          name, lines[i].number));
    }
  }
  return std::nullopt;
}

// Both sides' samples may share a file (a page showing each side's output),
// and several databases (db2pd -alldbs).
using SeriesKey = std::tuple<std::string, std::int64_t, std::string, std::string>;

SeriesKey series_key(const HadrSample& sample) {
  return {sample.database, sample.log_stream_id.value_or(0), standby_key(sample), sample.role};
}

// A run is one call of the monitor: it starts where the reader says (a db2pd
// header, a query's table), where the time changes, or where a channel the run
// already holds comes again (sections pasted without their headers).
void count_runs(MonitorFile& file) {
  std::size_t run = 0;
  std::optional<std::size_t> group;
  std::optional<double> time;
  std::set<SeriesKey> seen;
  for (HadrSample& sample : file.samples) {
    const SeriesKey key = series_key(sample);
    if (group && (sample.run != *group || sample.time != time || seen.contains(key))) {
      ++run;
      seen.clear();
    }
    group = sample.run;
    time = sample.time;
    seen.insert(key);
    sample.run = run;
  }
  file.runs = file.samples.empty() ? 0 : run + 1;
}

// Each channel's series of one side in the file must move forward: in time,
// and in the log.
void check_series(const MonitorFile& file) {
  std::map<SeriesKey, const HadrSample*> last;
  for (const HadrSample& sample : file.samples) {
    const HadrSample*& before = last[series_key(sample)];
    if (before) {
      if (sample.time && before->time && *sample.time <= *before->time) {
        throw MonitorInputError(fmt::format(
            "{}: taken at {}, {} the sample of line {} ({}): samples must follow in time",
            sample.where(), time_of_day(sample),
            *sample.time == *before->time ? "the same time as" : "before", before->source.line,
            time_of_day(*before)));
      }
      {
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

bool is_db2pd_field(std::string_view line) {
  const std::size_t equals = line.find('=');
  if (equals == std::string_view::npos) return false;
  std::string_view name = trimmed(line.substr(0, equals));
  name = trimmed(name.substr(0, name.find_first_of("(,")));
  return is_identifier(name) && is_mon_get_hadr_column(upper_case(name));
}

namespace {

// Why a file with no monitor output in it is refused: what it is instead, if known.
MonitorInputError not_monitor_output(const std::vector<TextLine>& lines, const std::string& name) {
  const auto snapshot = std::ranges::find_if(lines, [](const TextLine& l) {
    return trimmed(l.text) == "HADR Status" || trimmed(l.text).starts_with("HADR Status ");
  });
  if (snapshot != lines.end()) {
    return MonitorInputError(fmt::format(
        "{}:{}: the HADR section of a database snapshot (db2 get snapshot), whose fields "
        "-diagnose does not read: collect db2pd -db DB -hadr instead",
        name, snapshot->number));
  }
  const auto query = std::ranges::find_if(lines, [](const TextLine& l) {
    const std::string text = upper_case(l.text);
    return text.find("MON_GET_TRANSACTION_LOG") != std::string::npos ||
           text.find("MON_GET_WORKLOAD") != std::string::npos ||
           text.find("MON_GET_DATABASE") != std::string::npos;
  });
  if (query != lines.end()) {
    return MonitorInputError(fmt::format(
        "{}:{}: a query of the log or commit counters that selects none -diagnose reads: select "
        "LOG_WRITES, LOG_WRITE_TIME, NUM_LOG_WRITE_IO, LOG_HADR_WAIT_TIME, LOG_HADR_WAITS_TOTAL "
        "and CURRENT_LSO (MON_GET_TRANSACTION_LOG), or TOTAL_APP_COMMITS, TOTAL_COMMIT_TIME and "
        "LOG_DISK_WAIT_TIME (MON_GET_WORKLOAD), as docs/diagnose.md shows",
        name, query->number));
  }
  const auto first = std::ranges::find_if(lines, [](const TextLine& l) { return !blank(l); });
  if (first == lines.end()) return MonitorInputError(fmt::format("{}: holds no samples", name));
  return MonitorInputError(fmt::format(
      "{}:{}: neither HADR monitor output (db2pd -hadr, MON_GET_HADR) nor log counters (db2pd "
      "-logs, MON_GET_TRANSACTION_LOG, MON_GET_WORKLOAD): no db2pd header, field or monitor "
      "column names anywhere: {}",
      name, first->number, shown(trimmed(first->text))));
}

}  // namespace

namespace {

MonitorInputError never_active(const MonitorFile& file) {
  return MonitorInputError(fmt::format(
      "{}: the database was not active (or its member not started) in {}: nothing to diagnose",
      file.name,
      file.inactive_lines.size() == 1
          ? std::string("its one sample")
          : fmt::format("all {} of its samples", file.inactive_lines.size())));
}

// The HADR samples from `start` on, by the format's reader; the lines before
// it that no log counter took are the preamble.
void read_hadr_samples(std::vector<TextLine> lines, const Start& start,
                       const ColumnHeadings& headings, MonitorFile& file) {
  std::ranges::sort(file.logs.lines);
  const auto log_line = [&](std::size_t number) {
    return std::ranges::binary_search(file.logs.lines, number);
  };
  for (std::size_t i = 0; i < start.index; ++i) {
    if (!blank(lines[i]) && !log_line(lines[i].number)) {
      file.preamble_lines.push_back(lines[i].number);
    }
  }
  lines.erase(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(start.index));
  file.format = start.format;
  switch (file.format) {
    case MonitorFormat::Db2pd:
      file.samples = read_db2pd(lines, file);
      break;
    case MonitorFormat::Db2pdV97:
      file.samples = read_db2pd_v97(lines, file);
      break;
    case MonitorFormat::MonGetHadrCsv:
    case MonitorFormat::MonGetHadrTable:
      file.samples = read_mon_get_hadr(lines, file, headings);
      break;
  }
  std::erase_if(file.other_lines, log_line);
  if (file.samples.empty() && file.logs.samples.empty()) {
    throw MonitorInputError(fmt::format(
        "{}:{}: a db2pd header with no HADR field after it: nothing to diagnose (the fields were "
        "cut out, or HADR is not set up on this database)",
        file.name, lines.front().number));
  }
}

}  // namespace

MonitorFile read_monitor_file(std::istream& in, std::string name) {
  PastedText text = pasted_text(in);
  MonitorFile file;
  file.name = std::move(name);
  file.inactive_lines = std::move(text.notice_lines);
  file.elision_lines = std::move(text.elision_lines);
  file.prefix = std::move(text.prefix);
  if (!file.inactive_lines.empty() && std::ranges::all_of(text.lines, blank)) {
    throw never_active(file);
  }
  const ColumnHeadings headings = select_list_columns(text.lines);
  file.logs = read_log_counters(text.lines, file.name, headings);
  const std::optional<Start> found = start_of(text.lines, file.name, headings);
  if (!found) {
    if (!file.logs.samples.empty()) return file;
    if (!file.inactive_lines.empty()) throw never_active(file);
    throw not_monitor_output(text.lines, file.name);
  }
  read_hadr_samples(std::move(text.lines), *found, headings, file);
  if (file.samples.empty()) return file;  // log counters only
  count_runs(file);
  check_series(file);
  return file;
}

}  // namespace simhadr
