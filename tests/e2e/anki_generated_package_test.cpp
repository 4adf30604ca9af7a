// A package a third-party writer made (npm's anki-apkg-export 4.0.3: the script and its output
// in tests/fixtures/anki-generated/) through the real kioku and kiokud: its notes, deck, tags,
// HTML and media land as its script wrote them, and a second import changes nothing.
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
