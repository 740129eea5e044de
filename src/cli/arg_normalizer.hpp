#pragma once
// The original takes single-dash long options in any case (-flushSize,
// -FLUSHSIZE). We also take double dashes, dashes or underscores inside a name
// (--flush-size), name=value, and any unique prefix (-sync). Every spelling is
// rewritten to the one token the parser knows, before the parser sees it.
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace simhadr {

// `names` are the canonical option names, as the table spells them. Throws
// UsageError for an unknown or ambiguous option.
std::vector<std::string> normalize_arguments(std::span<const std::string> args,
                                             std::span<const std::string_view> names);

// The token the parser knows for a canonical name: one dash before a one-letter
// name, two before a longer one.
std::string parser_token(std::string_view name);

}  // namespace simhadr
