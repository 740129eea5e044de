#pragma once
// One table of names per enum, its rows in the enum's order: a row's
// `value` is checked against its place at compile time (rows_follow_enum), so
// looking a name up is an index and no switch elsewhere spells the names again.
#include <cstddef>
#include <string_view>

namespace simhadr {

template <typename Enum>
struct EnumName {
  Enum value;
  std::string_view name;
};

// True when row i holds enumerator i and the last row holds `last`: each
// enumerator up to `last` has exactly one row, in order.
template <typename Rows, typename Enum>
consteval bool rows_follow_enum(const Rows& rows, Enum last) {
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (static_cast<std::size_t>(rows[i].value) != i) return false;
  }
  return rows.size() == static_cast<std::size_t>(last) + 1;
}

template <typename Rows, typename Enum>
constexpr const auto& row_for(const Rows& rows, Enum value) {
  return rows[static_cast<std::size_t>(value)];
}

}  // namespace simhadr
