// The full-screen review (docs/review-screen.md): the alternate screen with a header, the card
// laid out for the terminal's width and a footer with the keys, drawn again on every change,
// on a resize and after `fg`. The session behind it is the line screen's (review_session.cpp).
#pragma once

#include <memory>

#include "cli/review_display.hpp"
#include "cli/review_screen_messages.hpp"

namespace kioku::cli {

// Takes over the terminal on stdout until leave() or the end of the display: `terminal` (in
// single-key mode) must outlive it. Under --lang both, `english` and `english_screen` give
// the header's and the keys' English, shown dim under the Japanese; null otherwise.
std::unique_ptr<ReviewDisplay> full_screen_display(
    RawMode& terminal, const Messages& text, const ReviewScreenMessages& screen_text,
    const Style& style, const Messages* english = nullptr,
    const ReviewScreenMessages* english_screen = nullptr);

}  // namespace kioku::cli
