// Anki's deck options groups as the collection inside a package stores them: a legacy
// col.dconf entry (JSON) or a schema 18 deck_config row (DeckConfig.Config, protobuf), and the
// group a schema 18 deck names (decks.kind). Pure parsers of untrusted bytes, each with its own
// fuzz target (tests/fuzz/anki_deck_config_fuzz.cpp); the collection reader calls them.
#pragma once

#include <boost/json/fwd.hpp>
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/anki_deck_options.hpp"

namespace kioku::daemon {

// Ids and times as Anki stores them in JSON: a number, or a string of one (third-party writers
// put ids in strings). Anything else, and a number out of int64's range or not finite, is 0,
// which no real id or time is.
std::int64_t anki_json_integer(const boost::json::value* value);

// A legacy group (anki-formats.md, 2.1): "new", "rev" and "lapse" sections and the FSRS keys.
// Anything missing or of another type keeps Anki's default; never throws.
AnkiDeckConfig anki_deck_config_from_json(const boost::json::object& group);

// A schema 18 group (anki/deck_config.proto's field numbers). proto3 leaves zeros out, so an
// absent count is 0 and absent steps are none; an absent float keeps Anki's default. Throws
// ProtobufError (core/protobuf_wire.hpp) for bytes that are no protobuf.
AnkiDeckConfig anki_deck_config_from_protobuf(std::string_view config);

// The options group of a schema 18 deck from its decks.kind (Deck.KindContainer: normal = 1,
// its config_id = 1); nullopt for a filtered deck. Throws ProtobufError as above.
std::optional<std::int64_t> anki_normal_deck_config_id(std::string_view kind);

}  // namespace kioku::daemon
