// Deck content for generated benchmark collections: choice cards in English and Japanese whose
// text lengths vary like a real deck's, made up from a seeded generator so every run writes
// the same bytes.
#pragma once

#include <cstdint>
#include <string>

#include "core/deck.hpp"

namespace kioku::bench {

// Deck `slug` with `card_count` cards "c1".."cN"; the correct choice and the words are drawn
// from `seed`.
Deck synthetic_deck(const std::string& slug, int deck_number, std::int64_t card_count,
                    std::uint64_t seed);

}  // namespace kioku::bench
