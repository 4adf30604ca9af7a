// Deck options by name, as `kioku deck config DECK key=value` and the collection spell them:
// every option has a name, a type, an allowed range and one line of help, and a value given
// as text is checked against them.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/deck_options.hpp"

namespace kioku {

struct DeckOptionSpec {
  std::string_view name;
  std::string_view allowed;  // the range or choices, as told to a user who gives a bad value
  std::string_view help;
};

// Every option, in the order `kioku deck config` shows them.
std::span<const DeckOptionSpec> deck_option_specs();

// Sets option `name` from its text form. Throws kioku::Error (kInvalidParams) naming the option
// and its allowed range for an unknown name or a value out of range.
void set_deck_option(DeckOptions& options, std::string_view name, std::string_view value);

// The option's value in the canonical text form set_deck_option accepts.
std::string deck_option_text(const DeckOptions& options, std::string_view name);

// "1m 10m" <-> seconds. Units: s, m, h, d. Throws kioku::Error (kInvalidParams).
std::vector<int> parse_steps(std::string_view text);
std::string format_steps(const std::vector<int>& seconds);

}  // namespace kioku
