// db2pd -hadr of V9.7 and earlier: a header (pasted_text joins it where it
// wrapped), "HADR Information:", then tables of a header row and a value row,
// values in mixed case (Primary, RemoteCatchup), positions as hex LSNs.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/monitor/sample_builder.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

struct Column {
  std::string name;
  std::size_t start = 0;
};

struct Word {
  std::string_view text;
  std::size_t start = 0;
};

std::vector<Word> placed_words(std::string_view line) {
  std::vector<Word> words;
  std::size_t at = 0;
  while ((at = line.find_first_not_of(" \t\r", at)) != std::string_view::npos) {
    const std::size_t end = std::min(line.find_first_of(" \t\r", at), line.size());
    words.push_back({line.substr(at, end - at), at});
    at = end;
  }
  return words;
}

// "LogGapRunAvg (bytes)" is one column: a unit in parentheses joins the name before it.
std::vector<Column> columns_of(std::string_view header) {
  std::vector<Column> columns;
  for (const Word& word : placed_words(header)) {
    if (word.text.starts_with('(') && !columns.empty()) continue;
    columns.push_back({std::string(word.text), word.start});
  }
  return columns;
}

// A time as V9.7 prints it, and how many words it takes from `words[at]` on:
// "Null (0)", or up to "Mon Sep 05 14:05:09 2006 (1158008709)".
std::size_t time_words(const std::vector<Word>& words, std::size_t at) {
  if (at + 1 < words.size() && is_null_value(words[at].text) && words[at + 1].text == "(0)") {
    return 2;
  }
  for (std::size_t span = std::min<std::size_t>(6, words.size() - at); span >= 2; --span) {
    const Word& last = words[at + span - 1];
    const std::string_view text(words[at].text.data(),
                                last.text.data() + last.text.size() - words[at].text.data());
    if (parse_stamped_time(text)) return span;
  }
  return 1;
}

// Each value under its column: in order when there are as many words as
// columns; else a time (which spans words) taken whole where a column's value
// starts with one, when that fills the columns exactly (text whose spacing a
// page collapsed); else by where each word starts.
std::vector<std::string> values_of(const std::vector<Column>& columns, std::string_view row) {
  const std::vector<Word> words = placed_words(row);
  std::vector<std::string> values(columns.size());
  if (words.size() == columns.size()) {
    for (std::size_t i = 0; i < words.size(); ++i) values[i] = std::string(words[i].text);
    return values;
  }
  std::size_t at = 0;
  for (std::size_t column = 0; column < columns.size() && at < words.size(); ++column) {
    const std::size_t span = time_words(words, at);
    const Word& last = words[at + span - 1];
    values[column] = std::string(words[at].text.data(),
                                 last.text.data() + last.text.size() - words[at].text.data());
    at += span;
  }
  if (at == words.size() && !values.back().empty()) return values;
  std::ranges::fill(values, std::string());
  for (const Word& word : words) {
    std::size_t column = 0;
    while (column + 1 < columns.size() && columns[column + 1].start <= word.start) ++column;
    if (!values[column].empty()) values[column] += ' ';
    values[column] += word.text;
  }
  return values;
}

// "RemoteCatchupPending" -> "REMOTE_CATCHUP_PENDING", as V10.1 spells states.
std::string v10_spelling(std::string_view value) {
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto c = static_cast<unsigned char>(value[i]);
    if (i > 0 && std::isupper(c) && std::islower(static_cast<unsigned char>(value[i - 1]))) {
      out += '_';
    }
    out += static_cast<char>(std::toupper(c));
  }
  return out;
}

struct ColumnField {
  std::string_view column;
  std::string_view field;
  bool words = false;  // a mixed-case word to spell as V10.1 does
};
constexpr std::array kColumnFields{
    ColumnField{"Role", "HADR_ROLE", true},
    ColumnField{"State", "HADR_STATE", true},
    ColumnField{"SyncMode", "HADR_SYNCMODE", true},
    ColumnField{"HeartBeatsMissed", "HEARTBEAT_MISSED"},
    ColumnField{"LogGapRunAvg", "HADR_LOG_GAP"},
    ColumnField{"ConnectStatus", "HADR_CONNECT_STATUS", true},
    ColumnField{"ConnectTime", "HADR_CONNECT_STATUS_TIME"},
    ColumnField{"Timeout", "HADR_TIMEOUT"},
    ColumnField{"PeerWindowEnd", "PEER_WINDOW_END"},
    ColumnField{"PeerWindow", "PEER_WINDOW"},
    ColumnField{"PrimaryPg", "PRIMARY_LOG_PAGE"},
    ColumnField{"PrimaryLSN", "PRIMARY_LOG_POS"},
    ColumnField{"StandByPg", "STANDBY_LOG_PAGE"},
    ColumnField{"StandByLSN", "STANDBY_LOG_POS"},
    ColumnField{"StandByRcvBufUsed", "STANDBY_RECV_BUF_PERCENT"},
};

// Columns that are V9.7's but hold nothing -diagnose judges by (files, services,
// the replay-only window) or that it reads apart (the hosts): known, so their
// tables are not taken for prose.
constexpr std::array<std::string_view, 7> kOtherColumns{
    "LocalHost",     "RemoteHost",   "PrimaryFile",           "StandByFile",
    "RemoteService", "LocalService", "ReplayOnlyWindowStatus"};

class Db2pdV97Reader {
 public:
  Db2pdV97Reader(const std::string& name, std::vector<std::size_t>& other_lines)
      : name_(name), other_lines_(other_lines) {}

  std::vector<HadrSample> read(const std::vector<TextLine>& lines) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string_view text = trimmed(lines[i].text);
      if (text.empty()) continue;
      const std::size_t number = lines[i].number;
      if (const auto header = parse_db2pd_header(text)) {
        close_block();
        ++run_;
        open_block(header->database, header->date, number);
        block_->activated_for(header->up_seconds);
        continue;
      }
      if (text == "HADR Information:") {
        // Pasted without the database's header: no name, no time.
        if (!block_ || block_->has_role()) {
          close_block();
          ++run_;
          open_block("", "", number);
        }
        continue;
      }
      if (!is_table_header(text)) {
        other_lines_.push_back(number);
        continue;
      }
      std::size_t row = i + 1;
      while (row < lines.size() && trimmed(lines[row].text).empty()) ++row;
      if (row >= lines.size() || is_table_header(lines[row].text) ||
          parse_db2pd_header(lines[row].text)) {
        refuse(number, fmt::format("a table header without its row of values: {}", shown(text)));
      }
      if (!block_) open_block("", "", number);
      table(lines[i].text, lines[row].text, lines[row].number);
      i = row;
    }
    close_block();
    return finish_all(std::move(builders_));
  }

 private:
  [[noreturn]] void refuse(std::size_t number, std::string_view why) const {
    throw MonitorInputError(fmt::format("{}:{}: {}", name_, number, why));
  }

  // A row of V9.7's column names: its first word one of them.
  static bool is_table_header(std::string_view line) {
    const std::vector<Word> words = placed_words(line);
    return !words.empty() &&
           (std::ranges::find(kColumnFields, words.front().text, &ColumnField::column) !=
                kColumnFields.end() ||
            std::ranges::find(kOtherColumns, words.front().text) != kOtherColumns.end());
  }

  void open_block(const std::string& database, const std::string& date, std::size_t number) {
    block_.emplace(SourceLine{name_, number}, MonitorFormat::Db2pdV97, 1.0);
    block_->database(upper_case(database));
    block_->run(run_);
    if (!date.empty()) {
      const auto stamped = parse_stamped_time(date);
      if (!stamped) refuse(number, fmt::format("the header's date {} is not a time", shown(date)));
      block_->taken_at(stamped->local);
    }
    block_line_ = number;
    local_host_.clear();
    remote_host_.clear();
  }

  void table(std::string_view header, std::string_view row, std::size_t number) {
    const std::vector<Column> columns = columns_of(header);
    const std::vector<std::string> values = values_of(columns, row);
    for (std::size_t i = 0; i < columns.size(); ++i) {
      const std::string& column = columns[i].name;
      if (column == "LocalHost") local_host_ = values[i];
      if (column == "RemoteHost") remote_host_ = values[i];
      // V9.7's one standby position is where replay stands (IBM's monitoring page).
      if (column == "StandByLSN") block_->field("STANDBY_REPLAY_LOG_POS", values[i], number);
      const auto known = std::ranges::find(kColumnFields, column, &ColumnField::column);
      if (known == kColumnFields.end()) continue;
      block_->field(known->field, known->words ? v10_spelling(values[i]) : values[i], number);
    }
  }

  // The hosts are this database's and its partner's; which is the standby
  // follows from the role.
  void close_block() {
    if (!block_) return;
    if (!block_->has_role()) refuse(block_line_, "a database without its Role row");
    const bool primary = block_->role() == "PRIMARY";
    block_->field("PRIMARY_MEMBER_HOST", primary ? local_host_ : remote_host_, block_line_);
    block_->field("STANDBY_MEMBER_HOST", primary ? remote_host_ : local_host_, block_line_);
    builders_.push_back(std::move(*block_));
    block_.reset();
  }

  const std::string& name_;
  std::vector<std::size_t>& other_lines_;
  std::optional<SampleBuilder> block_;
  std::size_t block_line_ = 0;
  std::size_t run_ = 0;
  std::string local_host_, remote_host_;
  std::vector<SampleBuilder> builders_;
};

}  // namespace

std::vector<HadrSample> read_db2pd_v97(const std::vector<TextLine>& lines, MonitorFile& file) {
  return Db2pdV97Reader(file.name, file.other_lines).read(lines);
}

}  // namespace simhadr
