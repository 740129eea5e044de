// The option table against everything else that lists options: -h (held to
// its golden text), the bash completion, the man page and the options table of
// docs/guide/options.md.
#include "cli/option_table.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "cli/help_text.hpp"

namespace simhadr {
namespace {

std::string read_source_file(const std::string& relative) {
  std::ifstream in(std::string(SIMHADR_SOURCE_DIR) + "/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::set<std::string> table_names() {
  std::set<std::string> names;
  for (const OptionSpec& option : option_specs()) names.emplace(option.name);
  return names;
}

// Each -name (or \-name in roff) in `text`.
std::set<std::string> dashed_names(const std::string& text, const std::string& dash) {
  std::set<std::string> names;
  const std::regex name(dash + R"(([A-Za-z]\w*))");
  for (std::sregex_iterator it(text.begin(), text.end(), name), end; it != end; ++it) {
    names.insert((*it)[1]);
  }
  return names;
}

TEST(OptionTable, HelpIsTheGoldenText) {
  EXPECT_EQ(help_text(), read_source_file("tests/golden/help.txt"));
}

// Not a static_assert: under -fsanitize=address GCC cannot compare the
// address of a function defined in another file with null at compile time.
TEST(OptionTable, EachRowStoresItsValue) {
  for (const OptionSpec& option : option_specs()) EXPECT_NE(option.store, nullptr) << option.name;
}

TEST(OptionTable, EachNameOnce) {
  EXPECT_EQ(table_names().size(), option_specs().size());
}

TEST(OptionTable, TheCompletionScriptOffersExactlyTheTablesOptions) {
  const std::string script = read_source_file("tools/completion/simhadr");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(script, m, std::regex(R"(local options="([^"]*)\")")));
  EXPECT_EQ(dashed_names(m[1], "-"), table_names());
}

TEST(OptionTable, TheManPageDescribesExactlyTheTablesOptions) {
  // The synopsis, and the first line of each .TP item.
  const std::string page = read_source_file("docs/simhadr.1");
  const std::size_t synopsis = page.find(".SH SYNOPSIS");
  const std::size_t description = page.find(".SH DESCRIPTION");
  ASSERT_NE(description, std::string::npos);
  std::string described = page.substr(synopsis, description - synopsis);
  std::istringstream lines(page);
  for (std::string line, previous; std::getline(lines, line); previous = line) {
    if (previous == ".TP") described += line + '\n';
  }
  EXPECT_EQ(dashed_names(described, R"(\\-)"), table_names());
}

TEST(OptionTable, TheGuidesTableListsExactlyTheTablesOptions) {
  const std::string page = read_source_file("docs/guide/options.md");
  ASSERT_NE(page.find("# Options"), std::string::npos);
  std::istringstream lines(page);
  std::string first_column;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("| `-")) first_column += line.substr(0, line.find(" | ", 2)) + '\n';
  }
  EXPECT_EQ(dashed_names(first_column, "-"), table_names());
}

}  // namespace
}  // namespace simhadr
