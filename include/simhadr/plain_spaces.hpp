#pragma once
// Text as people paste it: web pages pad columns with non-breaking spaces
// (U+00A0, or its lone Latin-1 byte 0xA0 where a page was saved in that
// encoding) and other Unicode spaces, and editors leave a byte-order mark or
// zero-width spaces. Every reader of monitor, db2logscan or flush-size text
// sees them as the plain spaces and nothing they stand for.
#include <string>
#include <string_view>

namespace simhadr {

// `line` with each Unicode space as one ASCII space (so a table padded with
// non-breaking spaces lines up again by characters) and each byte-order mark
// or zero-width space left out.
std::string with_plain_spaces(std::string_view line);

}  // namespace simhadr
