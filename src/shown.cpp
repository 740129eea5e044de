#include "simhadr/shown.hpp"

#include <fmt/format.h>

namespace simhadr {

namespace {

constexpr std::size_t kShownStart = 60;

void append_escaped(std::string& out, std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      out += fmt::format("\\x{:02x}", byte);
    } else {
      out += c;
    }
  }
}

void append_cut(std::string& out, std::string_view value, std::string_view quote) {
  out += quote;
  if (value.size() <= kShownLimit) {
    append_escaped(out, value);
    out += quote;
    return;
  }
  append_escaped(out, value.substr(0, kShownStart));
  out += fmt::format("...{} ({} characters)", quote, value.size());
}

}  // namespace

std::string shown(std::string_view value) {
  std::string out;
  append_cut(out, value, "'");
  return out;
}

std::string with_long_words_cut(std::string_view message) {
  std::string out;
  while (!message.empty()) {
    const std::size_t space = message.find(' ');
    append_cut(out, message.substr(0, space), "");
    if (space == std::string_view::npos) break;
    out += ' ';
    message.remove_prefix(space + 1);
  }
  return out;
}

}  // namespace simhadr
