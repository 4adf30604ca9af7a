// Which decks a session's `--deck NAME` means (docs/review-screen.md, "Choosing the cards"):
// a deck by its id (slug) or by its name in any language, with its subdecks. kioku's decks are
// flat rows; a deck is under another when its name is the other's name followed by "::" (Anki's
// separator, which an Anki import keeps in the display name), so `A::B::C` is under `A::B`, and
// `--deck A` takes every `A::…` deck even when no deck is called `A` itself.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/localized_text.hpp"

namespace kioku {

// A deck as the selection sees it: its id and its name in each language.
struct DeckNaming {
  std::string id;
  LocalizedText names;
};

enum class DeckSelectionOutcome {
  kFound,      // `decks`: the decks chosen
  kUnknown,    // nothing has that id or name
  kAmbiguous,  // `decks`: the candidates, more than one deck has that name
};

struct DeckSelection {
  DeckSelectionOutcome outcome = DeckSelectionOutcome::kUnknown;
  // Indices into the decks given, in their order.
  std::vector<std::size_t> decks;
};

// Whether `name` is a subdeck name of `parent`: it starts with `parent` and "::", compared
// without case (Unicode case folding, as Anki compares deck names).
bool is_subdeck_name(std::string_view name, std::string_view parent);

// The decks `query` chooses among `decks`:
// 1. a deck whose id is `query` (ids win over names), with the decks under any of its names;
// 2. else the one deck with a name equal to `query` (without case, in any language), with the
//    decks under any of its names; two or more such decks are ambiguous;
// 3. else the decks under `query`, when there are some (a parent that is not a deck itself);
// 4. else unknown.
DeckSelection select_decks(std::string_view query, std::span<const DeckNaming> decks);

}  // namespace kioku
