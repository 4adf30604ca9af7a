// The limits a deck file must keep to (docs/deck-format.md, "Limits"; docs/faults.md, "Deck
// files"). Each is far beyond what a real deck needs and low enough that no file within them can
// crash kiokud, hold it up for long or make it keep much memory.
#pragma once

#include <cstddef>

namespace kioku {

// The whole file. A 100,000-card deck of short cards takes about 14 MB.
inline constexpr std::size_t kMaxDeckFileBytes = 16 * 1024 * 1024;
inline constexpr std::size_t kMaxCards = 100'000;
// Format 2's notes: as many as format 1's cards (a note makes one card or more).
inline constexpr std::size_t kMaxNotes = 100'000;
inline constexpr std::size_t kMaxLanguages = 16;

// The TOML shape, checked before toml++ sees the file (core/deck_parser_shape.hpp). A "part" is
// what toml++ parses at once: the lines before the first [[cards]] header, or one [[cards]]
// header and the lines up to the next (or the same for [[notes]]).
// How deep a value may sit: a deck needs 5 levels (cards, the card, question, en, and a choice;
// notes, the note, choices, en, and a choice).
inline constexpr int kMaxTomlDepth = 32;
// Values, tables and arrays in one part: what toml++ holds in memory at once (about 130 bytes
// each beside the text).
inline constexpr std::size_t kMaxTomlValuesPerPart = 200'000;
// Parts of dotted keys and table headers but their last (`question.en` has one) in one part:
// toml++ looks each up in a list of them all, so their number squared is the cost.
inline constexpr std::size_t kMaxDottedKeyPartsPerPart = 256;

// Text fields, in bytes of UTF-8.
inline constexpr std::size_t kMaxDeckNameBytes = 256;
inline constexpr std::size_t kMaxDeckDescriptionBytes = 8 * 1024;
// The fields' limits are Anki's decks' sizes, which kioku imports: an Anki note's field is HTML,
// often with tables and inline styles, and one over a smaller limit refused its whole package.
inline constexpr std::size_t kMaxQuestionBytes = 128 * 1024;
inline constexpr std::size_t kMaxChoiceBytes = 2 * 1024;
inline constexpr std::size_t kMaxExplanationBytes = 128 * 1024;
// A field of an Anki note kept as its note type has it: HTML, markup included.
inline constexpr std::size_t kMaxAnkiFieldBytes = 128 * 1024;
// A note's texts together: its fields in every language, its choices and its tags (three
// fields at their limit). Within it any note, its texts escaped in JSON at twice their size at
// most, fits with its names and keys in one request to kiokud (protocol::kMaxLineBytes, 1 MiB),
// so that note.add and note.update can carry every note kioku keeps (docs/notes.md, "How much a
// note holds"; a test builds the largest and sends it).
inline constexpr std::size_t kMaxNoteTextBytes = 3 * 128 * 1024;
// Shared decks tag their notes by long hierarchies (AnKing's `#AK_Step1_v12::#B&B::...`), tens
// of tags a note.
inline constexpr std::size_t kMaxTagBytes = 512;
inline constexpr std::size_t kMaxTagsPerCard = 256;  // and per note
inline constexpr std::size_t kMaxSlugBytes = 64;     // deck and card ids, format 1's `note`

}  // namespace kioku
