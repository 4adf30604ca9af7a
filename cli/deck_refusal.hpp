// kiokud's refusal of a `deck` that names no deck, or several (-32001, docs/review-screen.md
// "Choosing the cards"), worded in the user's language: the daemon's own message is English,
// and its `data.candidates` carries what the line needs. Shared by every command that takes
// --deck and sends it as is (review, due).
#pragma once

#include <string>

#include "core/error.hpp"

namespace kioku::cli {

// The error to show for `refusal`, kiokud's kNotFound answer to a request with `deck`: several
// decks of that name when its data lists candidates (each "id (name)", the name in `language`,
// else English, else the first it has), else none.
Error deck_refusal(const std::string& deck, const Error& refusal, const std::string& language);

// Runs `request`; a kNotFound it throws while `deck` is given is reworded by deck_refusal().
template <class Request>
auto worded_deck_refusal(const std::string& deck, const std::string& language,
                         const Request& request) -> decltype(request()) {
  try {
    return request();
  } catch (const Error& error) {
    if (deck.empty() || error.code() != ErrorCode::kNotFound) throw;
    throw deck_refusal(deck, error, language);
  }
}

}  // namespace kioku::cli
