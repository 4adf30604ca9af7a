// The full-screen review (docs/review-screen.md): the alternate screen with a header, the card
// laid out for the terminal's width and a footer with the keys, drawn again on every change,
// on a resize and after `fg`. The session behind it is the line screen's (review_session.cpp).
#pragma once

#include <memory>

#include "cli/review_display.hpp"
#include "cli/review_screen_messages.hpp"

namespace kioku::cli {

// Takes over the terminal on stdout until leave() or the end of the display: `terminal` (in
// single-key mode) must outlive it.
std::unique_ptr<ReviewDisplay> full_screen_display(RawMode& terminal, const Messages& text,
                                                   const ReviewScreenMessages& screen_text,
                                                   const Style& style);

}  // namespace kioku::cli
