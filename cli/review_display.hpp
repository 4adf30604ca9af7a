// Where the review session's screen goes. The session (review_session.cpp) decides what happens
// on each answer, undo, bury and suspend and says what to show through this interface; the
// line screen prints it as it comes (today's screen, and what scripts read), the full screen
// keeps the card's lines and draws the whole frame again, at whatever size the terminal has
// (review_full_screen.hpp).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/bilingual_text.hpp"
#include "cli/messages.hpp"
#include "cli/terminal/terminal.hpp"
#include "protocol/review_types.hpp"

namespace kioku::cli {

// Lines laid out for a width; laid out again when the width changes.
using Layout = std::function<std::vector<std::string>(int width)>;

class ReviewDisplay {
 public:
  virtual ~ReviewDisplay() = default;
  // A new card: the header with its deck (safe for the terminal) and the queues' counts, and
  // a clean card area. No counts in a cram session: its header says how many cards it has left,
  // and the queues' counts are of cards it does not show (new ones) or does not reschedule.
  virtual void begin_card(const Bilingual& deck, const std::optional<protocol::Counts>& counts) = 0;
  // Text for the card area; a line ends at '\n'. Short lines the session styled itself.
  virtual void write(const std::string& text) = 0;
  // What became of the card or the answer just given ("Buried until tomorrow", "→ good, next
  // review in 10m"), plain and shown dim: a line on the line screen; on the full screen above
  // the prompt, where it stays while the next card is shown, until the next notice.
  virtual void notice(const Bilingual& text) = 0;
  // Lines laid out for the width (wrapped text, a card's side).
  virtual void lines(Layout layout) = 0;
  // What the keys do now, before a key is read: printed where the cursor is on the line
  // screen (so it may start with "\n"), the prompt above the key hints on the full screen.
  virtual void prompt(const Bilingual& text) = 0;
  // The prompt just given takes ratings alone (a right choice, which kiokud holds until its
  // rating: nothing buries, suspends or undoes there), until the next prompt or card: the full
  // screen's key hints say so; the line screen's prompt already does.
  virtual void ratings_only() = 0;
  // The key an answer was given with, as the line screen echoes it after the prompt.
  virtual void echo(const std::string& text) = 0;
  // The answer being typed so far (the line editor): the full screen shows it in the prompt;
  // the line screen echoes keys as they come instead.
  virtual void typing(const std::string& typed) = 0;
  // Columns the card's text is laid out for, now.
  virtual int width() const = 0;
  // The normal screen again (before the summary or a farewell); the line screen is there.
  virtual void leave() = 0;
};

// The line-by-line screen on stdout: `width` columns for wrapping. `english`, under --lang
// both, names the queues a second time.
std::unique_ptr<ReviewDisplay> line_display(const Messages& text, const Messages* english,
                                            const Style& style, int width);

// The header's counts: "new 3 · learning 0 · review 5".
std::string counts_text(const Messages& text, const protocol::Counts& counts);

}  // namespace kioku::cli
