// An in-memory collection with a fake clock and the dispatcher, for daemon-layer tests.
#pragma once

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cstdint>
#include <initializer_list>
#include <string>

#include "core/clock.hpp"
#include "core/deck_parser.hpp"
#include "daemon/methods/dispatcher.hpp"
#include "daemon/store/collection.hpp"
#include "daemon/store/migrations.hpp"
#include "tests/support/line_client.hpp"

namespace kioku::test {

// 2026-06-01T10:00:00Z; tests run with the process time zone (day starts at 04:00 local).
inline constexpr TimestampMs kTestMorning = 1780308000000;

// A deck `id` of `count` two-choice cards c-1..c-count (the first choice is right). The first
// `cards_sharing_note` cards share the note `note` (siblings); the others have none.
inline Deck choice_deck(const std::string& id, int count, int cards_sharing_note = 0,
                        const std::string& note = "pair") {
  Deck deck;
  deck.id = id;
  deck.languages = {"en"};
  deck.name = {{"en", id}};
  for (int i = 1; i <= count; ++i) {
    DeckCard card;
    card.id = "c-" + std::to_string(i);
    card.kind = "choice";
    if (i <= cards_sharing_note) card.note = note;
    card.question = {{"en", "Q" + std::to_string(i)}};
    card.choices = {{"en", {"right", "wrong"}}};
    card.answer = 1;
    card.explanation = {{"en", "E"}};
    deck.cards.push_back(card);
  }
  return deck;
}

struct DaemonFixture {
  daemon::sqlite::Database database{":memory:"};
  int migrated = daemon::migrate(database, "", 0);
  daemon::Collection collection{database};
  FakeClock clock{kTestMorning};
  daemon::MethodContext context{collection, clock, DayCalendar(4), ":memory:"};

  // Sends one request line (with the descriptors passed beside it) and parses the response line.
  boost::json::value call_line(const std::string& line, daemon::PassedDescriptors passed = {}) {
    const std::string response = daemon::dispatch_line(line, context, std::move(passed));
    if (response.empty()) return nullptr;
    REQUIRE(response.back() == '\n');
    return boost::json::parse(response);
  }

  boost::json::value call(const std::string& method, boost::json::object params = {}) {
    return call_line(request_line(1, method, std::move(params)));
  }

  // The result of a call that must succeed.
  boost::json::value result(const std::string& method, boost::json::object params = {}) {
    const boost::json::value response = call(method, std::move(params));
    INFO(boost::json::serialize(response));
    REQUIRE(response.as_object().contains("result"));
    return response.at("result");
  }

  // A deck of `count` two-choice cards c-1..c-count (choice_deck), imported now.
  daemon::ImportSummary import_choice_deck(const std::string& id, int count,
                                           int cards_sharing_note = 0,
                                           const std::string& note = "pair") {
    return collection.import_deck(choice_deck(id, count, cards_sharing_note, note), "test",
                                  clock.now());
  }

  // The id of deck `deck`'s card with external id `external` (c-1... of import_choice_deck).
  std::int64_t card_id(const std::string& deck, const std::string& external) {
    for (const std::int64_t id :
         collection.cards().ids_in_deck(collection.decks().by_slug(deck)->id)) {
      if (collection.cards().card(id).external_id == external) return id;
    }
    FAIL("no card " << external);
    return 0;
  }

  // Answers a card of import_choice_deck: "again" is its wrong choice, any other rating the
  // right choice rated so.
  boost::json::value answer(std::int64_t card, const std::string& rating) {
    if (rating == "again") return result("review.answer", {{"card", card}, {"choice", 2}});
    return result("review.answer", {{"card", card}, {"choice", 1}, {"rating", rating}});
  }

  void import_format1_deck() {
    const Deck deck = read_deck_file(std::string(KIOKU_SOURCE_DIR) +
                                     "/tests/fixtures/gradient-checkpointing-format1.toml");
    collection.import_deck(deck, "test", clock.now());
  }
};

// The integer at `path` in a reply: integer_at(report, {"today", "answers"}).
inline std::int64_t integer_at(const boost::json::value& value,
                               std::initializer_list<const char*> path) {
  const boost::json::value* at = &value;
  for (const char* key : path) at = &at->at(key);
  return at->as_int64();
}

}  // namespace kioku::test
