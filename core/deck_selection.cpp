// Deck names and ids to the decks a session studies.
#include "core/deck_selection.hpp"

#include <algorithm>

#include "core/unicode.hpp"

namespace kioku {

namespace {

constexpr std::string_view kSeparator = "::";

bool folded_subdeck(const std::string& folded_name, const std::string& folded_parent) {
  return folded_name.size() > folded_parent.size() + kSeparator.size() &&
         folded_name.compare(0, folded_parent.size(), folded_parent) == 0 &&
         folded_name.compare(folded_parent.size(), kSeparator.size(), kSeparator) == 0;
}

bool has_name(const DeckNaming& deck, const std::string& folded_query) {
  return std::any_of(deck.names.begin(), deck.names.end(),
                     [&](const auto& entry) { return case_fold(entry.second) == folded_query; });
}

// Any name of `deck` under any of `folded_parents`.
bool is_under(const DeckNaming& deck, const std::vector<std::string>& folded_parents) {
  for (const auto& [language, name] : deck.names) {
    const std::string folded = case_fold(name);
    for (const std::string& parent : folded_parents) {
      if (folded_subdeck(folded, parent)) return true;
    }
  }
  return false;
}

std::vector<std::string> folded_names(const DeckNaming& deck) {
  std::vector<std::string> names;
  for (const auto& [language, name] : deck.names) names.push_back(case_fold(name));
  return names;
}

constexpr std::size_t kNoRoot = static_cast<std::size_t>(-1);

// `root` (an index, or kNoRoot) and the decks under `parents`, in the decks' order.
DeckSelection found(std::span<const DeckNaming> decks, std::size_t root,
                    const std::vector<std::string>& folded_parents) {
  DeckSelection selection{DeckSelectionOutcome::kFound, {}};
  for (std::size_t index = 0; index < decks.size(); ++index) {
    if (index == root || is_under(decks[index], folded_parents)) selection.decks.push_back(index);
  }
  if (selection.decks.empty()) selection.outcome = DeckSelectionOutcome::kUnknown;
  return selection;
}

}  // namespace

bool is_subdeck_name(std::string_view name, std::string_view parent) {
  return folded_subdeck(case_fold(name), case_fold(parent));
}

DeckSelection select_decks(std::string_view query, std::span<const DeckNaming> decks) {
  for (std::size_t index = 0; index < decks.size(); ++index) {
    if (decks[index].id == query) return found(decks, index, folded_names(decks[index]));
  }
  const std::string folded = case_fold(query);
  std::vector<std::size_t> named;
  for (std::size_t index = 0; index < decks.size(); ++index) {
    if (has_name(decks[index], folded)) named.push_back(index);
  }
  if (named.size() > 1) return DeckSelection{DeckSelectionOutcome::kAmbiguous, named};
  if (named.empty()) return found(decks, kNoRoot, {folded});
  // Under the deck's name in every language: `日本語` takes `Japanese::Vocab` too.
  return found(decks, named.front(), folded_names(decks[named.front()]));
}

}  // namespace kioku
