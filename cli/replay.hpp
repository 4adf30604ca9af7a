// `kioku sched replay`: reads a review history as JSONL and prints the card state after every
// line, through core's pure schedulers, without a daemon or a collection. An offline tool in
// the client is the one place the CLI runs scheduling code: it changes nothing, and a daemon
// round trip per line would only slow a million-line replay down.
#pragma once

#include <cstdio>
#include <string>

#include "core/deck_options.hpp"

namespace kioku::cli {

struct ReplayOptions {
  DeckOptions deck;  // algorithm, fuzz (off unless asked), retention, any option
  int day_starts_at_hour = 4;
  std::string language = "en";  // of the errors about a malformed line
};

// Replays the file descriptor `input` (standard input for the command) line by line, writing
// one JSON line per input line to `output`. Throws kioku::InputError naming the line number for
// a malformed line, and for a failed read; nothing is written for it or after it (earlier
// lines are flushed).
void replay(int input, std::FILE* output, const ReplayOptions& options);

}  // namespace kioku::cli
