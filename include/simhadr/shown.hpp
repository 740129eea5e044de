#pragma once
// A value from the user or a peer, quoted for a one-line message: control
// characters escaped, and past kShownLimit characters only its start, with
// its length, so a mistyped 100 kB argument still gives one readable line.
#include <cstddef>
#include <string>
#include <string_view>

namespace simhadr {

inline constexpr std::size_t kShownLimit = 80;

std::string shown(std::string_view value);

// A message from a library that embeds values unquoted: each word past
// kShownLimit characters cut as shown() cuts a value, without the quotes.
std::string with_long_words_cut(std::string_view message);

}  // namespace simhadr
