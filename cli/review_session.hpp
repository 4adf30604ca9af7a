// `kioku review`: shows due cards one by one, takes the answer, shows whether it was right with
// the correct answer and the explanation, records the rating, and ends with a summary.
// In a terminal it reads single keys, on the full screen (docs/review-screen.md) unless
// --inline asks for the line screen; otherwise one line per card ("2", "b", "2 easy") on the
// line screen.
#pragma once

#include <optional>
#include <string>

#include "cli/cli_context.hpp"

namespace kioku::cli {

struct ReviewOptions {
  std::optional<std::string> deck;
  bool shuffle = true;
  // The choices' order is drawn afresh at every showing; a seed makes the draws the same on
  // every run (tests, screenshots).
  std::optional<int> seed;
  std::optional<int> limit;         // stop after this many cards
  bool inline_screen = false;       // the line screen even in a terminal
  std::optional<int> new_limit;     // today's new-card limit for this session (review.next)
  std::optional<std::string> time;  // stop after the card in progress once this much has passed
  std::optional<std::string> tag;   // only cards of notes with this tag (or a child of it)
  bool cram = false;                // study without rescheduling (review.next's cram)
};

// Returns the process exit code: 0 normally, 2 when scripted input had a malformed line.
int run_review(CliContext& context, const ReviewOptions& options);

}  // namespace kioku::cli
