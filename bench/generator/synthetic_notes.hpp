// Notes of the kinds that are not choice cards (basic, reverse, cloze, typed) for generated
// benchmark collections, in English and Japanese, from a seeded generator: every run writes the
// same bytes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/note.hpp"

namespace kioku::bench {

// `count` notes of `kind` for deck `slug`, ids `id_prefix`1..N. A cloze note has 1 to 3 cloze
// numbers (so 1 to 3 cards), some with a hint; a typed note's back is one or two words, as an
// answer one types is.
std::vector<Note> synthetic_notes(const std::string& slug, NoteKind kind, std::int64_t count,
                                  std::uint64_t seed, const std::string& id_prefix = "n");

}  // namespace kioku::bench
