#pragma once
// Monitor output as people paste it, made ready for the format readers: every
// line with its number in the file, Unicode spaces plain, the prefix its output
// lines carry ("# " from a script's comments, "> " from a mail or Markdown
// quote) taken off, a db2pd header that wrapped joined again, and the lines
// that stand for no sample set aside and counted: db2pd's notice for a
// database that is not active (a collection loop running through an outage)
// and elision lines ("...") where an author cut something out.
#include <cstddef>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace simhadr {

struct TextLine {
  std::size_t number = 0;  // in the file, from 1
  std::string text;
};

struct PastedText {
  std::vector<TextLine> lines;             // blank lines kept: they end db2pd sections
  std::string prefix;                      // taken off every line that had it, if any
  std::vector<std::size_t> notice_lines;   // where each not-active notice starts
  std::vector<std::size_t> elision_lines;  // "...", "[...]", "<snip>"
};

PastedText pasted_text(std::istream& in);

// db2pd's "Database D not activated on database member 0 or ..." (V9.7: "...
// on database partition 0."), the first line of its notice.
bool is_inactive_notice(std::string_view line);
// The notice's second line, "Option -hadr requires -db <database> or -alldbs
// option and active database.", or its first line's wrapped end.
bool continues_inactive_notice(std::string_view line);
// A line where an author cut something out: dots or an ellipsis alone, in
// brackets or not, or "snip".
bool is_elision(std::string_view line);

}  // namespace simhadr
