#include "simhadr/shown.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

TEST(Shown, QuotesAShortValueAsItIs) {
  EXPECT_EQ(shown("dr-site.example"), "'dr-site.example'");
  EXPECT_EQ(shown(""), "''");
  EXPECT_EQ(shown(std::string(kShownLimit, 'a')), "'" + std::string(kShownLimit, 'a') + "'");
}

TEST(Shown, CutsALongValueToItsStartAndGivesItsLength) {
  const std::string cut = shown(std::string(100000, 'a'));
  EXPECT_EQ(cut, "'" + std::string(60, 'a') + "...' (100000 characters)");
}

TEST(Shown, EscapesControlCharactersSoTheMessageStaysOneLine) {
  EXPECT_EQ(shown("a\nb\tc\x7f"), "'a\\x0ab\\x09c\\x7f'");
}

TEST(WithLongWordsCut, CutsOnlyTheWordsPastTheLimit) {
  const std::string message = "The following argument was not expected: " + std::string(500, 'z');
  EXPECT_EQ(with_long_words_cut(message), "The following argument was not expected: " +
                                              std::string(60, 'z') + "... (500 characters)");
  EXPECT_EQ(with_long_words_cut("-spoolLimit -2"), "-spoolLimit -2");
  EXPECT_EQ(with_long_words_cut("two  spaces "), "two  spaces ");
}

}  // namespace
}  // namespace simhadr
