#include "cli/options.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>

#include "cli/arg_normalizer.hpp"
#include "cli/option_rules.hpp"
#include "cli/option_table.hpp"
#include "cli/option_values.hpp"

namespace simhadr {

namespace {

// How many values CLI11 takes for a shape: {least, most}.
std::pair<std::size_t, std::size_t> expected_values(ValueShape shape) {
  switch (shape) {
    case ValueShape::Flag:
      return {0, 0};
    case ValueShape::One:
      return {1, 1};
    case ValueShape::Two:
      return {2, 2};
    case ValueShape::OneOrTwo:
      return {1, 2};
    case ValueShape::TwoToFour:
      return {2, 4};
    case ValueShape::Many:
      return {1, 1 << 20};  // as many as follow, up to the next option
  }
  return {1, 1};
}

// One loop over the table: each row becomes a CLI11 option that hands its
// values to the row's store.
void register_options(CLI::App& app, OptionValues& values) {
  app.set_help_flag();
  for (const OptionSpec& spec : option_specs()) {
    const std::string token = parser_token(spec.name);
    if (spec.values == ValueShape::Flag) {
      app.add_flag_callback(token, [&values, &spec] { spec.store(values, {spec.name, {}}); });
      continue;
    }
    const auto [least, most] = expected_values(spec.values);
    app.add_option_function<std::vector<std::string>>(
           token,
           [&values, &spec](const std::vector<std::string>& given) {
             spec.store(values, {spec.name, given});
           })
        ->expected(static_cast<int>(least), static_cast<int>(most))
        // A one-value option refuses a second word, as CLI11 does for a plain string.
        ->allow_extra_args(spec.values != ValueShape::One);
  }
}

void note_given_options(const CLI::App& app, OptionValues& values) {
  for (const OptionSpec& spec : option_specs()) {
    const bool given = app.get_option(parser_token(spec.name))->count() > 0;
    values.given_options.set(static_cast<std::size_t>(spec.id), given);
  }
}

}  // namespace

Command parse_command_line(std::span<const std::string> args) {
  OptionValues values;
  values.config.args.assign(args.begin(), args.end());
  std::vector<std::string> tokens = normalize_arguments(args, option_names());

  CLI::App app{"simhadr"};
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  register_options(app, values);
  try {
    std::ranges::reverse(tokens);
    app.parse(tokens);
  } catch (const CLI::ParseError& error) {
    std::string message = error.what();
    for (std::size_t at = message.find("--"); at != std::string::npos;
         at = message.find("--", at)) {
      message.erase(at, 1);
    }
    throw UsageError(with_long_words_cut(message));
  }
  note_given_options(app, values);
  return decide_command(values);
}

}  // namespace simhadr
