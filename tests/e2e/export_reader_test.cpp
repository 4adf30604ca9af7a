// A package kioku export wrote, read by a reader kioku did not write: anki-reader from npm
// (tests/anki-reader/: package.json, its lock and the script), installed with `npm ci` into the
// test's temporary home and run by the node on PATH. Without node or npm the test fails: it
// must not pass without reading the package.
#include <filesystem>

#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;

namespace {

constexpr const char* kEveryKindDeck = R"(format = 2
languages = ["en"]

[deck]
id = "stock"
name = "Lang::Stock"

[[note_types]]
name = "Vocabulary"
anki_id = 1342703487276
fields = ["Word", "Meaning"]
templates = [{ name = "Recognise", question = "{{Word}}", answer = "{{FrontSide}}<hr id=answer>{{Meaning}}" }]

[[notes]]
id = "v-1"
kind = "anki"
note_type = "Vocabulary"
fields.Word = "<b>inu</b>"
fields.Meaning = "dog"

[[notes]]
id = "b-1"
kind = "basic"
tags = ["geo"]
front = "Capital of <Japan> & more?"
back = "Tokyo"

[[notes]]
id = "r-1"
kind = "reverse"
front = "dog"
back = "inu"

[[notes]]
id = "o-1"
kind = "basic-optional-reverse"
front = "cat"
back = "neko"
add_reverse = "y"

[[notes]]
id = "c-1"
kind = "cloze"
text = "{{c1::Paris}} lies on the {{c2::Seine}}."
extra = "[image: map.png]"

[[notes]]
id = "t-1"
kind = "typed"
front = "Water?"
back = "mizu"

[[notes]]
id = "q-1"
kind = "choice"
question = "Which is a colour?"
choices = ["Green", "Seven"]
answer = 1
explanation = "Green is."
)";

}  // namespace

TEST_CASE(
    "e2e: anki-reader from npm reads an exported package: decks, cards, notes, note "
    "types (a kept one too), media",
    "[e2e][export][npm]") {
  const auto tools = run_command({"/bin/sh", "-c", "command -v node && command -v npm"}, {});
  INFO("node and npm must be on PATH for this test: " << tools.out << tools.err);
  REQUIRE(tools.exit_code == 0);
  const std::string node = tools.out.substr(0, tools.out.find('\n'));
  const std::string npm =
      tools.out.substr(node.size() + 1, tools.out.find('\n', node.size() + 1) - node.size() - 1);

  RunningDaemon daemon({"--no-bundled-decks"});
  const auto imported =
      daemon.kioku({"import", daemon.home().write_file("stock.toml", kEveryKindDeck)});
  REQUIRE(imported.exit_code == 0);
  std::filesystem::create_directories(daemon.home().data_dir() + "/media");
  daemon.home().write_file("data/kioku/media/map.png", "not really a png\n");
  const std::string package = daemon.home().root() + "/stock.apkg";
  const auto exported = daemon.kioku({"export", "stock", "-o", package});
  INFO("export: " << exported.err);
  REQUIRE(exported.exit_code == 0);

  const std::string reader = daemon.home().root() + "/reader";
  std::filesystem::create_directories(reader);
  for (const std::string name : {"package.json", "package-lock.json", "read-package.mjs"}) {
    std::filesystem::copy_file(source_path("tests/anki-reader/" + name), reader + "/" + name);
  }
  const auto install = run_command(
      {npm, "ci", "--prefix", reader, "--omit=peer", "--no-audit", "--no-fund"}, {}, "", 300);
  INFO("npm ci: " << install.out << install.err);
  REQUIRE(install.exit_code == 0);
  const auto read = run_command({node, reader + "/read-package.mjs", package}, {});
  INFO("node: " << read.err);
  REQUIRE(read.exit_code == 0);

  const boost::json::value found = parse_output(read);
  CHECK(found.at("version").as_int64() == 11);
  // One note a card for basic, typed, choice and the kept type's, two for reverse, the optional
  // reverse with its flag and the cloze: 10 cards of 7 notes, all in the deck.
  CHECK(boost::json::serialize(found.at("decks")) == R"({"Lang::Stock":10})");
  CHECK(found.at("cards").as_int64() == 10);
  CHECK(found.at("notes").as_int64() == 7);
  CHECK(boost::json::serialize(found.at("models")) ==
        R"x({"Basic":["Front","Back"],"Basic (and reversed card)":["Front","Back"],)x"
        R"x("Basic (optional reversed card)":["Front","Back","Add Reverse"],)x"
        R"x("Basic (type in the answer)":["Front","Back"],"Cloze":["Text","Back Extra"],)x"
        R"x("Vocabulary":["Word","Meaning"]})x");
  CHECK(boost::json::serialize(found.at("media")) == R"({"map.png":17})");
  CHECK(
      boost::json::serialize(found.at("fronts")) ==
      R"(["<b>inu</b>","Capital of &lt;Japan&gt; &amp; more?","Water?","Which is a colour?<br>1. Green<br>)"
      R"(2. Seven","cat","dog","{{c1::Paris}} lies on the {{c2::Seine}}."])");
}
