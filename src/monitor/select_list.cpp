#include "simhadr/monitor/select_list.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "simhadr/monitor/log_sample.hpp"
#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/monitor/sample_builder.hpp"

namespace simhadr {

namespace {

// SNAPHADR's names; its hosts are local and remote, which the reader sorts by role.
constexpr std::array<std::pair<std::string_view, std::string_view>, 9> kSnapshotNames{{
    {"HADR_CONNECT_TIME", "HADR_CONNECT_STATUS_TIME"},
    {"HADR_HEARTBEAT", "HEARTBEAT_MISSED"},
    {"HADR_PRIMARY_LOG_FILE", "PRIMARY_LOG_FILE"},
    {"HADR_PRIMARY_LOG_PAGE", "PRIMARY_LOG_PAGE"},
    {"HADR_PRIMARY_LOG_LSN", "PRIMARY_LOG_POS"},
    {"HADR_STANDBY_LOG_FILE", "STANDBY_LOG_FILE"},
    {"HADR_STANDBY_LOG_PAGE", "STANDBY_LOG_PAGE"},
    {"HADR_STANDBY_LOG_LSN", "STANDBY_LOG_POS"},
    {"HADR_PEER_WINDOW", "PEER_WINDOW"},
}};

// Special registers a query selects for the time or the database.
constexpr std::array<std::pair<std::string_view, std::string_view>, 4> kRegisters{{
    {"CURRENT TIMESTAMP", "CURRENT_TIMESTAMP"},
    {"CURRENT TIME", "CURRENT_TIME"},
    {"CURRENT SERVER", "CURRENT_SERVER"},
    {"CURRENT_TIMESTAMP", "CURRENT_TIMESTAMP"},
}};

bool identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Where `word` stands alone in `text` (upper case), outside parentheses, from `from` on.
std::size_t find_word(std::string_view text, std::string_view word, std::size_t from = 0) {
  int depth = 0;
  for (std::size_t i = from; i + word.size() <= text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')') --depth;
    if (depth != 0 || text.substr(i, word.size()) != word) continue;
    const bool starts = i == 0 || !identifier_char(text[i - 1]);
    const bool ends = i + word.size() == text.size() || !identifier_char(text[i + word.size()]);
    if (starts && ends) return i;
  }
  return std::string_view::npos;
}

std::vector<std::string_view> top_level_items(std::string_view list) {
  std::vector<std::string_view> items;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= list.size(); ++i) {
    if (i < list.size() && list[i] == '(') ++depth;
    if (i < list.size() && list[i] == ')') --depth;
    if (i == list.size() || (list[i] == ',' && depth == 0)) {
      items.push_back(trimmed(list.substr(start, i - start)));
      start = i + 1;
    }
  }
  return items;
}

// The monitor column an expression shows: a register, or its first
// identifier that names a column ("SUBSTR(H.HADR_ROLE,1,10)" -> HADR_ROLE).
std::string column_of(std::string_view expression) {
  for (const auto& [text, column] : kRegisters) {
    if (expression == text) return std::string(column);
  }
  std::size_t at = 0;
  while (at < expression.size()) {
    while (at < expression.size() && !identifier_char(expression[at])) ++at;
    std::size_t end = at;
    while (end < expression.size() && identifier_char(expression[end])) ++end;
    const std::string word(expression.substr(at, end - at));
    if (is_mon_get_hadr_column(word) || is_log_counter_column(word) || word == "DB_NAME" ||
        word == "SNAPSHOT_TIMESTAMP" || word == "MEMBER" || word == "WORKLOAD_NAME") {
      return word;
    }
    at = end;
  }
  return {};
}

// The heading the CLP prints for an item: its alias, its column's own name
// ("H.HADR_STATE" -> HADR_STATE), or its position.
std::string heading_of(std::string_view item, std::string_view expression, std::size_t position) {
  if (expression.size() < item.size()) {
    std::string_view alias = trimmed(item.substr(expression.size()));
    alias = trimmed(alias.substr(alias.find(' ') + 1));  // past AS
    if (alias.size() >= 2 && alias.front() == '"') alias = alias.substr(1, alias.size() - 2);
    return std::string(alias);
  }
  const std::size_t dot = expression.rfind('.');
  const std::string_view name =
      dot == std::string_view::npos ? expression : expression.substr(dot + 1);
  if (!name.empty() && std::ranges::all_of(name, identifier_char)) return std::string(name);
  return std::to_string(position);
}

// Adds the statement's renamed headings to `headings` and its items, in order, to `lists`.
void add_select(std::string_view statement, std::size_t line, ColumnHeadings& headings,
                std::vector<SelectList>& lists) {
  const std::size_t select = find_word(statement, "SELECT");
  if (select == std::string_view::npos) return;
  const std::size_t from = find_word(statement, "FROM", select);
  if (from == std::string_view::npos) return;
  const std::vector<std::string_view> items =
      top_level_items(statement.substr(select + 6, from - select - 6));
  std::vector<std::string>& list = lists.emplace_back(SelectList{line, {}}).columns;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string_view item = items[i];
    const std::size_t as = find_word(item, "AS");
    const std::string_view expression = trimmed(item.substr(0, as));
    const std::string column = column_of(expression);
    const std::string heading = heading_of(item, expression, i + 1);
    if (!column.empty() && heading != column) headings[heading] = column;
    list.push_back(column.empty() ? heading : column);
  }
}

struct SelectLists {
  ColumnHeadings headings;
  std::vector<SelectList> lists;
};

SelectLists read_selects(const std::vector<TextLine>& lines) {
  SelectLists read;
  std::string statement;
  for (const TextLine& line : lines) {
    std::string text = upper_case(trimmed(line.text));
    if (statement.empty() && find_word(text, "SELECT") == std::string::npos) continue;
    // A shell's continuation and quotes are not the statement's.
    if (text.ends_with('\\')) text.pop_back();
    std::ranges::replace(text, '"', ' ');
    statement += text + ' ';
    if (find_word(statement, "FROM", find_word(statement, "SELECT")) != std::string::npos) {
      add_select(statement, line.number, read.headings, read.lists);
      statement.clear();
    }
  }
  return read;
}

}  // namespace

ColumnHeadings select_list_columns(const std::vector<TextLine>& lines) {
  return read_selects(lines).headings;
}

std::vector<SelectList> select_lists(const std::vector<TextLine>& lines) {
  return read_selects(lines).lists;
}

std::string_view mon_get_hadr_name(std::string_view name) {
  const auto snapshot = std::ranges::find(kSnapshotNames, name,
                                          &std::pair<std::string_view, std::string_view>::first);
  return snapshot == kSnapshotNames.end() ? name : snapshot->second;
}

std::string column_named(const std::string& heading, const ColumnHeadings& headings) {
  const auto shown = headings.find(heading);
  return std::string(mon_get_hadr_name(shown == headings.end() ? heading : shown->second));
}

}  // namespace simhadr
