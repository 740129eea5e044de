#pragma once
// Every option, once: its name, the values it takes, the roles it applies to,
// where -h shows it, what -h says of it, and where its value goes. The parser
// registers the rows in one loop; the normaliser, the rules between options,
// the role warnings and -h all read this table, and a test checks that the
// completion script, the man page and the guide's table list exactly its options.
#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/option_id.hpp"

namespace simhadr {

enum class ValueShape : std::uint8_t { Flag, One, Two, OneOrTwo, TwoToFour, Many };

enum class Applies : std::uint8_t {
  Any,
  PrimaryOnly,  // the standby learns it from the handshake, and warns that it ignores it
  StandbyOnly,  // the primary warns that it ignores it
};

// The parts of -h, in the order printed.
enum class HelpSection : std::uint8_t {
  Usage,  // shown only in the usage lines at the top
  Connection,
  Encryption,
  Shipping,
  Models,
  Standby,
  DisksAndTiming,
  DiskTests,
  Planning,
  Diagnosing,
  Results,
  Other,
};

struct OptionValues;
class OptionInput;

// Checks the option's values and stores them; throws UsageError for a bad one.
using StoreOption = void (*)(OptionValues&, const OptionInput&);

struct OptionSpec {
  OptionId id;
  std::string_view name;  // as written after the dash
  ValueShape values = ValueShape::One;
  Applies applies = Applies::Any;
  HelpSection section = HelpSection::Other;
  // -h's left column (the name and its values); empty when another option's
  // line names this one too, as -lhost's names -lport.
  std::string_view synopsis;
  // -h's right column; '\n' starts a continuation line, and {name} fields
  // are the defaults help_text() fills in from the configuration's.
  std::string_view help;
  StoreOption store = nullptr;
  bool gap_before = false;  // a blank line before it in -h
  // What the other role's warning says when it ignores this option; empty for the usual words.
  std::string_view ignored_why;
};

std::span<const OptionSpec> option_specs();

const OptionSpec& option_spec(OptionId id);

// The name as written after the dash: for messages, which write the dash.
std::string_view option_name(OptionId id);

// The name after its dash, as messages write it.
std::string dashed(OptionId id);

// True for the options the original simhadr has.
bool of_the_original(std::string_view name);

// The names alone, in the table's order.
std::vector<std::string_view> option_names();

}  // namespace simhadr

// Formats an option as messages write it, after its dash: one spelling, the table's.
template <>
struct fmt::formatter<simhadr::OptionId> : fmt::formatter<std::string_view> {
  auto format(simhadr::OptionId id, fmt::format_context& context) const {
    const std::string dashed = fmt::format("-{}", simhadr::option_name(id));
    return fmt::formatter<std::string_view>::format(dashed, context);
  }
};
