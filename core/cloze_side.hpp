// One side of a cloze card as a flat list of runs, by Anki's rules for nested deletions
// (rslib/src/cloze.rs, 2.1.56+): what a renderer turns into styled text.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/cloze.hpp"

namespace kioku {

enum class CardSide { kQuestion, kAnswer };

struct ClozeRun {
  enum class Kind {
    kText,      // plain text, and the content of deletions this card does not ask for
    kBlank,     // question side: the asked deletion, hidden; `hint` is its hint, if any
    kRevealed,  // answer side: the asked deletion's whole content, nested deletions shown
  };
  Kind kind = Kind::kText;
  std::string text;                 // kText, kRevealed
  std::optional<std::string> hint;  // kBlank; none: show Anki's "..."
};

// The runs of `text` on `side` of the card of `active`. An asked deletion hides everything
// inside it on the question side, nested deletions too; a deletion not asked shows its content,
// in which a nested asked one is blank or revealed. Adjacent text runs are joined. When `active`
// is not in the text (a language that lacks the number), there is no blank and no revealed run.
std::vector<ClozeRun> cloze_side(const ClozeText& text, ClozeNumber active, CardSide side);

}  // namespace kioku
