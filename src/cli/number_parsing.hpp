#pragma once
// Decimal numbers only (no hex, no octal, no trailing junk), within bounds;
// the message names the option and the value the user gave.
#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <string>
#include <string_view>
#include <type_traits>

#include "cli/usage_error.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

template <typename T>
T parse_number(std::string_view option, const std::string& text, T min, T max) {
  T value{};
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (!text.empty() && text.front() == '+') ++begin;
  const auto [stop, error] = std::from_chars(begin, end, value);
  bool ok = !text.empty() && error == std::errc{} && stop == end;
  if constexpr (std::is_floating_point_v<T>) ok = ok && std::isfinite(value);
  if (!ok) {
    throw UsageError(fmt::format("-{} {} is not a {}", option, shown(text),
                                 std::is_integral_v<T> ? "whole number" : "number"));
  }
  if (value < min || value > max) {
    throw UsageError(fmt::format("-{} {} is out of range; give {} to {}", option,
                                 with_long_words_cut(text), min, max));
  }
  return value;
}

// Strictly positive floating-point value up to max.
inline double parse_positive(std::string_view option, const std::string& text, double max) {
  const double value = parse_number<double>(option, text, 0.0, max);
  if (value <= 0) throw UsageError(fmt::format("-{} {} must be greater than 0", option, text));
  return value;
}

}  // namespace simhadr
