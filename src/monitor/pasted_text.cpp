#include "simhadr/monitor/pasted_text.hpp"

#include <algorithm>
#include <cctype>

#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/monitor/sample_builder.hpp"
#include "simhadr/plain_spaces.hpp"

namespace simhadr {

namespace {

// Characters a line prefix is made of: comment and quote marks.
constexpr std::string_view kPrefixMarks = "#>|*;/";
constexpr std::string_view kEnDash = "\xE2\x80\x93";
constexpr std::string_view kEmDash = "\xE2\x80\x94";

bool blank(std::string_view line) {
  return trimmed(line).empty();
}

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  std::string replaced;
  replaced.reserve(text.size());
  std::size_t done = 0;
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, done)) {
    replaced.append(text, done, at - done);
    replaced.append(to);
    done = at + from.size();
  }
  replaced.append(text, done);
  text = std::move(replaced);
}

// Web pages set db2pd's "--" as an en or em dash; in a line of dashes (a CLP
// table's rule) each stands for one.
std::string with_plain_dashes(std::string line) {
  if (line.find("\xE2\x80") == std::string::npos) return line;
  std::string rule = line;
  replace_all(rule, kEnDash, "-");
  replace_all(rule, kEmDash, "-");
  const bool is_rule = trimmed(rule).find_first_not_of("- ") == std::string_view::npos;
  if (is_rule) return rule;
  replace_all(line, kEnDash, "--");
  replace_all(line, kEmDash, "--");
  return line;
}

// The marks ("#", ">", "//") that begin the first line of monitor output, when
// taken off every line that has them: a page's labels and prose around the
// output may lack them.
std::string shared_prefix(const std::vector<TextLine>& lines) {
  const auto first = std::ranges::find_if(lines, [](const TextLine& l) {
    const std::string_view text = l.text;
    const std::size_t start = text.find_first_not_of(kPrefixMarks);
    if (start == 0 || start == std::string_view::npos) return false;
    const std::string_view rest = trimmed(text.substr(start));
    return rest.starts_with("Database ") || rest.starts_with("HADR") ||
           rest.find("HADR_") != std::string_view::npos;
  });
  if (first == lines.end()) return {};
  return first->text.substr(0, first->text.find_first_not_of(kPrefixMarks));
}

// "Database Partition 0 -- Database HADRDB -- Active Standby" whose "-- Up ... -- Date ..."
// went onto the next line (or two), as pages and narrow terminals wrap it.
bool continues_header(std::string_view line) {
  line = trimmed(line);
  return line.starts_with("--") || line.starts_with("Date ") || line.starts_with("Up ");
}

// One pass: a day-long loop can wrap every one of thousands of headers.
void join_wrapped_headers(std::vector<TextLine>& lines) {
  std::vector<TextLine> joined;
  joined.reserve(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    joined.push_back(std::move(lines[i]));
    TextLine& header = joined.back();
    if (!parse_db2pd_header(header.text)) continue;
    for (int joins = 0; joins < 2 && header.text.find("-- Date ") == std::string::npos; ++joins) {
      std::size_t next = i + 1;
      while (next < lines.size() && blank(lines[next].text)) ++next;
      if (next >= lines.size() || !continues_header(lines[next].text)) break;
      std::string rest(trimmed(lines[next].text));
      if (rest.starts_with("Date ")) rest = "-- " + rest;
      header.text = std::string(trimmed(header.text)) + " " + rest;
      i = next;
    }
  }
  lines = std::move(joined);
}

// Tabs to the next multiple of eight columns, as a terminal shows them: an
// editor that turned a table's spaces into tabs keeps its columns. A column is
// a character, however many bytes UTF-8 gives it.
std::string with_tabs_expanded(std::string_view line) {
  constexpr std::size_t kTabStop = 8;
  std::string out;
  std::size_t column = 0;
  for (const char c : line) {
    if (c == '\t') {
      const std::size_t width = kTabStop - column % kTabStop;
      out.append(width, ' ');
      column += width;
      continue;
    }
    out += c;
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++column;
  }
  return out;
}

}  // namespace

bool is_inactive_notice(std::string_view line) {
  line = trimmed(line);
  return (line.starts_with("Database ") && line.find(" not activated on database") != line.npos) ||
         line.starts_with("Unable to attach to database manager on");
}

bool continues_inactive_notice(std::string_view line) {
  line = trimmed(line);
  return line.starts_with("Option -hadr requires") ||
         (line.find("local database directory") != line.npos && !line.starts_with("Database "));
}

bool is_elision(std::string_view line) {
  line = trimmed(line);
  if (line.size() >= 2 && std::string_view("[(<").find(line.front()) != std::string_view::npos &&
      std::string_view("])>").find(line.back()) != std::string_view::npos) {
    line = trimmed(line.substr(1, line.size() - 2));
  }
  if (line == "\xE2\x80\xA6") return true;  // U+2026, the ellipsis
  if (line.size() >= 2 && line.find_first_not_of('.') == std::string_view::npos) return true;
  std::string word(line);
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return word == "snip" || word == "snipped";
}

PastedText pasted_text(std::istream& in) {
  PastedText text;
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    text.lines.push_back(
        {++number, with_tabs_expanded(with_plain_dashes(with_plain_spaces(line)))});
  }
  text.prefix = shared_prefix(text.lines);
  if (!text.prefix.empty()) {
    for (TextLine& line : text.lines) {
      if (blank(line.text) || !line.text.starts_with(text.prefix)) continue;
      line.text.erase(0, text.prefix.size());
      if (line.text.starts_with(' ')) line.text.erase(0, 1);
    }
  }
  // A notice runs on to its second line, across the blank line db2pd prints
  // between them, and through db2pd's advice after "Unable to attach" ("Please
  // ensure the following are true: ..."), to a blank line, a header or a field.
  std::vector<TextLine> kept;
  kept.reserve(text.lines.size());
  bool in_notice = false;
  bool notice_before_blank = false;
  for (TextLine& line : text.lines) {
    if (is_inactive_notice(line.text)) {
      text.notice_lines.push_back(line.number);
      in_notice = true;
      continue;
    }
    if (continues_inactive_notice(line.text)) {
      // A second line alone is a notice of its own: db2pd found no active database.
      if (!in_notice && !notice_before_blank) text.notice_lines.push_back(line.number);
      in_notice = true;
      notice_before_blank = false;
      continue;
    }
    if (blank(line.text)) {
      notice_before_blank = in_notice || notice_before_blank;
      in_notice = false;
      kept.push_back(std::move(line));
      continue;
    }
    notice_before_blank = false;
    if (in_notice && !parse_db2pd_header(line.text) && line.text.find('=') == std::string::npos) {
      continue;
    }
    in_notice = false;
    if (is_elision(line.text)) {
      text.elision_lines.push_back(line.number);
      continue;
    }
    kept.push_back(std::move(line));
  }
  text.lines = std::move(kept);
  join_wrapped_headers(text.lines);
  return text;
}

}  // namespace simhadr
