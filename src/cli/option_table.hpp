#pragma once
// Every option, once: its name, the values it takes, the roles it applies to,
// where -h shows it and what -h says of it. The normaliser, the role warnings
// and -h all read this table, and a test checks that the completion script,
// the man page and README's table list exactly its options.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace simhadr {

enum class ValueShape : std::uint8_t { Flag, One, Two, OneOrTwo, Many };

enum class Applies : std::uint8_t {
  Any,
  PrimaryOnly,  // the standby learns it from the handshake, and warns that it ignores it
  StandbyOnly,  // the primary warns that it ignores it
};

// The parts of -h, in the order printed.
enum class HelpSection : std::uint8_t {
  Usage,  // shown only in the usage lines at the top
  Connection,
  Shipping,
  Models,
  Standby,
  DisksAndTiming,
  DiskTests,
  Planning,
  Results,
  Other,
};

struct OptionSpec {
  std::string_view name;  // as written after the dash: "flushSize"
  ValueShape values = ValueShape::One;
  Applies applies = Applies::Any;
  HelpSection section = HelpSection::Other;
  // -h's left column ("-flushSize PAGES"); empty when another option's line
  // names this one too ("-lhost H -lport N" covers -lport).
  std::string_view synopsis;
  std::string_view help;    // -h's right column; '\n' starts a continuation line
  bool gap_before = false;  // a blank line before it in -h
  // What the other role's warning says when it ignores this option; empty for the usual words.
  std::string_view ignored_why;
};

std::span<const OptionSpec> option_specs();

// The names alone, in the table's order.
std::vector<std::string_view> option_names();

// Throws std::logic_error unless `app` defines exactly the table's options,
// each taking as many values as its row says: a programming error, which any
// parse of a command line finds.
void check_defined_options(const CLI::App& app);

}  // namespace simhadr
