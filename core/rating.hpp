// The four answer buttons, as Anki numbers them (1 Again … 4 Easy).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace kioku {

enum class Rating { kAgain = 1, kHard = 2, kGood = 3, kEasy = 4 };

std::string_view to_string(Rating rating) noexcept;

// Accepts "again|hard|good|easy" (any case) and their first letters; nullopt otherwise.
std::optional<Rating> parse_rating(std::string_view text) noexcept;

}  // namespace kioku
