// Packages third-party writers made (npm's anki-apkg-export 4.0.3 and genanki-js 2.0.0: the
// scripts and their outputs in tests/fixtures/anki-generated/) through the real kioku and
// kiokud: their notes, decks, tags, HTML, media and note types land as the scripts wrote them.
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku::test;

TEST_CASE("e2e: an anki-apkg-export package imports with its notes, tags, HTML and media",
          "[e2e][anki_package]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const std::string package = source_path("tests/fixtures/anki-generated/anki-apkg-export.apkg");
  const auto imported = successful_json(daemon, {"import", package, "--json"});
  CHECK(imported.at("deck").as_string() == "generated-words");
  CHECK(field(imported, "added") == 30);
  CHECK(field(imported, "media") == 1);
  // Its one media file, as the script made it: a 1x1 PNG.
  const std::string dot = read_file(daemon.home().data_dir() + "/media/dot.png");
  CHECK(dot.size() == 70);
  CHECK(dot.rfind("\x89PNG", 0) == 0);

  const auto notes = successful_json(daemon, {"notes", "--deck", "generated-words", "--json"});
  CHECK(notes.at("notes").as_array().size() == 30);
  // Every third note: HTML as kioku's markup, and a hierarchical tag kept whole.
  const auto tagged = successful_json(
      daemon, {"notes", "--deck", "generated-words", "--tag", "lang::en", "--json"});
  CHECK(tagged.at("notes").as_array().size() == 10);
  bool found_html = false, found_image = false;
  for (const auto& note : notes.at("notes").as_array()) {
    const auto& fields = note.at("fields");
    const std::string front(fields.at("front").at("en").as_string());
    const std::string back(fields.at("back").at("en").as_string());
    found_html = found_html || back == "**meaning** 3\nsecond line & more";
    found_image = found_image || front == "a picture [image: dot.png]";
  }
  CHECK(found_html);
  CHECK(found_image);

  const auto again = successful_json(daemon, {"import", package, "--json"});
  CHECK(field(again, "added") == 0);
  CHECK(field(again, "unchanged") == 30);
}

// genanki-js 2.0.0 (tests/fixtures/anki-generated/make-genanki.mjs): a note type of the user's
// own, kept as itself and shown through its templates, beside a cloze type of the stock shape.
TEST_CASE("e2e: a genanki-js package keeps its own note type and shows it through its templates",
          "[e2e][anki_package]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const std::string package = source_path("tests/fixtures/anki-generated/genanki-js.apkg");
  const auto imported = successful_json(daemon, {"import", package, "--json"});
  CHECK(imported.at("deck").as_string() == "generated-genanki");
  // 6 words: Recognise and Spell each, Produce for the 4 with an example; 2 clozes of 2 each.
  CHECK(field(imported, "added") == 20);
  CHECK(field(imported, "media") == 1);
  REQUIRE(imported.at("note_types").as_array().size() == 1);
  CHECK(imported.at("note_types").at(0).at("name").as_string() == "Vocabulary (genanki)");

  const auto notes = successful_json(daemon, {"notes", "--deck", "generated-genanki", "--json"});
  REQUIRE(notes.at("notes").as_array().size() == 8);
  int anki_notes = 0, cloze_notes = 0;
  std::int64_t horse_spell = 0;
  for (const auto& note : notes.at("notes").as_array()) {
    const std::string kind(note.at("kind").as_string());
    anki_notes += kind == "anki" ? 1 : 0;
    cloze_notes += kind == "cloze" ? 1 : 0;
    if (kind == "anki" && note.at("fields").at("Word").at("en").as_string() == "馬") {
      CHECK(note.at("fields").at("Meaning").at("en").as_string() == "horse <b>&amp;</b> pony");
      for (const auto& card : note.at("cards").as_array()) {
        if (card.at("template").as_string() == "card3") horse_spell = field(card, "id");
      }
    }
  }
  CHECK(anki_notes == 6);
  CHECK(cloze_notes == 2);
  REQUIRE(horse_spell != 0);
  // Spell: the meaning as text, the word typed; the reading's furigana on Recognise's answer.
  const auto spell = daemon.call("card.get", {{"card", horse_spell}});
  CHECK(spell.at("card").at("kind").as_string() == "typed");
  CHECK(spell.at("card").at("question").as_string() == "horse & pony");
  const auto checked = daemon.call("review.check", {{"card", horse_spell}, {"typed", "馬"}});
  CHECK(checked.at("correct").as_bool());

  // Back out as a package and into a fresh collection: the same notes and type.
  const std::string out = daemon.home().root() + "/out.apkg";
  REQUIRE(daemon.kioku({"export", "generated-genanki", "-o", out}).exit_code == 0);
  RunningDaemon fresh({"--no-bundled-decks"});
  const auto back = successful_json(fresh, {"import", out, "--json"});
  CHECK(field(back, "added") == 20);
  // Each note's content and cards, without the times of the two imports.
  const auto content = [](const boost::json::value& listed) {
    boost::json::array notes;
    for (boost::json::value note : listed.at("notes").as_array()) {
      note.as_object().erase("created_ms");
      note.as_object().erase("modified_ms");
      for (auto& card : note.at("cards").as_array()) card.as_object().erase("id");
      notes.push_back(std::move(note));
    }
    return notes;
  };
  CHECK(content(successful_json(fresh, {"notes", "--deck", "generated-genanki", "--json"})) ==
        content(notes));

  // A text file whose #notetype names the kept type (no note type column): notes of it.
  const std::string text = daemon.home().write_file(
      "more.txt",
      "#separator:tab\n#notetype:Vocabulary (genanki)\n#deck:Generated (genanki)\n"
      "#columns:Meaning\tWord\ndog\t犬\n");
  const auto more = successful_json(daemon, {"import", text, "--json"});
  CHECK(field(more, "added") >= 2);  // Recognise and Spell; Produce needs an example
  bool found = false;
  const auto listed = successful_json(daemon, {"notes", "--deck", "generated-genanki", "--json"});
  for (const auto& note : listed.at("notes").as_array()) {
    if (note.at("kind").as_string() == "anki" &&
        note.at("fields").at("Word").at("en").as_string() == "犬") {
      found = true;
      CHECK(note.at("fields").at("Meaning").at("en").as_string() == "dog");
    }
  }
  CHECK(found);
}
