#include "simhadr/plain_spaces.hpp"

#include <algorithm>
#include <array>

namespace simhadr {

namespace {

// UTF-8 sequences that print as a space: U+00A0, U+1680, U+2000-U+200A,
// U+202F, U+205F, U+3000.
constexpr std::array<std::string_view, 16> kSpaces{
    "\xC2\xA0",     "\xE1\x9A\x80", "\xE2\x80\x80", "\xE2\x80\x81", "\xE2\x80\x82", "\xE2\x80\x83",
    "\xE2\x80\x84", "\xE2\x80\x85", "\xE2\x80\x86", "\xE2\x80\x87", "\xE2\x80\x88", "\xE2\x80\x89",
    "\xE2\x80\x8A", "\xE2\x80\xAF", "\xE2\x81\x9F", "\xE3\x80\x80"};
// U+FEFF (a byte-order mark, or a zero-width no-break space) and U+200B.
constexpr std::array<std::string_view, 2> kInvisible{"\xEF\xBB\xBF", "\xE2\x80\x8B"};

// How long the UTF-8 sequence at the start of `text` is, or 0 if it is none.
std::size_t sequence_length(std::string_view text) {
  const auto lead = static_cast<unsigned char>(text.front());
  const std::size_t length = lead >= 0xF0 && lead <= 0xF4   ? 4
                             : lead >= 0xE0                 ? 3
                             : lead >= 0xC2 && lead <= 0xDF ? 2
                                                            : 0;
  if (lead >= 0xF5 || length == 0 || text.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) return 0;
  }
  return length;
}

}  // namespace

std::string with_plain_spaces(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  std::size_t at = 0;
  while (at < line.size()) {
    const auto byte = static_cast<unsigned char>(line[at]);
    if (byte < 0x80) {
      out += line[at++];
      continue;
    }
    const std::size_t length = sequence_length(line.substr(at));
    if (length == 0) {
      // Not UTF-8: a Latin-1 page's non-breaking space is its byte 0xA0.
      out += byte == 0xA0 ? ' ' : line[at];
      ++at;
      continue;
    }
    const std::string_view sequence = line.substr(at, length);
    at += length;
    if (std::ranges::find(kSpaces, sequence) != kSpaces.end()) {
      out += ' ';
    } else if (std::ranges::find(kInvisible, sequence) == kInvisible.end()) {
      out += sequence;
    }
  }
  return out;
}

}  // namespace simhadr
