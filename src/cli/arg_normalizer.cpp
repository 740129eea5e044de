#include "cli/arg_normalizer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "cli/option_table.hpp"
#include "cli/usage_error.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

// Lower case, without '-' and '_', so -flushSize, --flush-size and -FLUSH_SIZE meet.
std::string folded(std::string_view name) {
  std::string key;
  for (const char c : name) {
    if (c == '-' || c == '_') continue;
    key.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return key;
}

// "-5" or "-0.25" are values (a negative number), not options.
bool looks_like_option(std::string_view token) {
  if (token.size() < 2 || token[0] != '-') return false;
  const std::size_t first = token.find_first_not_of('-');
  return first != std::string_view::npos && first <= 2 &&
         std::isalpha(static_cast<unsigned char>(token[first]));
}

std::string_view resolve(std::string_view written, std::string_view key,
                         std::span<const std::string_view> names) {
  std::vector<std::string_view> prefixed;
  for (const std::string_view name : names) {
    const std::string candidate = folded(name);
    if (candidate == key) return name;
    if (candidate.starts_with(key)) prefixed.push_back(name);
  }
  if (prefixed.empty())
    throw UsageError(fmt::format("unknown option {}", with_long_words_cut(written)));
  if (prefixed.size() == 1) return prefixed.front();
  // -flush keeps meaning -flushSize after -flushSizes joined it: when one
  // candidate is the start of all the others, the shorter one is meant.
  const auto shortest = std::ranges::min(prefixed, {}, &std::string_view::size);
  if (std::ranges::all_of(prefixed, [&](std::string_view name) {
        return folded(name).starts_with(folded(shortest));
      })) {
    return shortest;
  }
  // Scripts written for the original abbreviate its options, so an
  // abbreviation that one of them shares with options of ours keeps meaning it.
  const auto original = [](std::string_view name) { return of_the_original(name); };
  if (std::ranges::count_if(prefixed, original) == 1) {
    return *std::ranges::find_if(prefixed, original);
  }
  throw UsageError(
      fmt::format("option {} is ambiguous: it could be -{}", written, fmt::join(prefixed, ", -")));
}

}  // namespace

std::string parser_token(std::string_view name) {
  return fmt::format("{}{}", name.size() == 1 ? "-" : "--", name);
}

std::vector<std::string> normalize_arguments(std::span<const std::string> args,
                                             std::span<const std::string_view> names) {
  std::vector<std::string> normalized;
  for (const std::string& arg : args) {
    if (!looks_like_option(arg)) {
      normalized.push_back(arg);
      continue;
    }
    const std::string_view token = arg;
    const std::size_t equals = token.find('=');
    const std::string_view written = token.substr(0, equals);
    const std::string_view name = resolve(written, folded(written), names);
    normalized.push_back(parser_token(name));
    if (equals != std::string_view::npos) normalized.emplace_back(token.substr(equals + 1));
  }
  return normalized;
}

}  // namespace simhadr
