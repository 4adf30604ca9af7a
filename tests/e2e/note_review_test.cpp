// A review of every kind of card from a script, through the real kioku and kiokud: a choice
// line, a rating line for cards the user rates alone, the typed text (with a tab and a rating,
// or none) for typed cards.
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/generated_deck.hpp"
#include "tests/support/sqlite_reader.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

void add_note(const RunningDaemon& daemon, const std::string& id, const std::string& kind,
              json::object fields) {
  daemon.call("note.add",
              {{"deck", "kinds"}, {"id", id}, {"kind", kind}, {"fields", std::move(fields)}});
}

}  // namespace

TEST_CASE("e2e: a scripted review answers every kind of card", "[e2e][review][notes]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string deck = home.write_file("kinds.toml", generated_deck("kinds", 1));
  REQUIRE(run_kioku(home, {"import", deck}).exit_code == 0);
  add_note(daemon, "b", "basic",
           english_fields({{"front", "What is stored?"}, {"back", "Activations"}}));
  add_note(daemon, "r", "reverse",
           english_fields({{"front", "activation"}, {"back", "a layer's output"}}));
  add_note(
      daemon, "c", "cloze",
      english_fields({{"text", "{{c1::Checkpointing}} trades {{c2::compute::what?}} for memory"}}));
  add_note(daemon, "t1", "typed",
           english_fields({{"front", "Capital of Japan?"}, {"back", "Tokyo"}}));
  add_note(daemon, "t2", "typed",
           english_fields({{"front", "Capital of France?"}, {"back", "Paris"}}));
  add_note(daemon, "t3", "typed",
           english_fields({{"front", "Capital of Italy?"}, {"back", "Rome"}}));

  // In deck order: the choice card, basic, reverse forward and backward, cloze 1 and 2, then
  // the typed cards: right in full-width capitals (good), wrong (again), wrong rated hard.
  const std::string script =
      "1\n"
      "good\n"
      "3\n"
      "again\n"
      "easy\n"
      "2\n"
      "ＴＯＫＹＯ\n"
      "Pariss\n"
      "Roma\thard\n";
  const CommandResult review = run_kioku(home, {"review", "--no-shuffle"}, script);
  INFO(review.out << review.err);
  REQUIRE(review.exit_code == 0);
  // A typed card counts as correct by its verdict, whatever rating it was given (Rome as
  // "Roma", rated hard, is wrong): 6 of 9.
  CHECK(review.out.find("9 cards reviewed, 6 correct") != std::string::npos);
  // The cloze card's question hides its deletion (with its hint when it has one); its answer
  // shows it.
  CHECK(review.out.find("[...] trades compute for memory") != std::string::npos);
  CHECK(review.out.find("[Checkpointing] trades compute for memory") != std::string::npos);
  CHECK(review.out.find("Checkpointing trades [what?] for memory") != std::string::npos);
  CHECK(review.out.find("{{c") == std::string::npos);
  CHECK(review.out.find("What is stored?") != std::string::npos);
  // The wait by the daemon's clock (it started at kMorning, long before this machine's now).
  CHECK(review.out.find("→ good, next review in 10m") != std::string::npos);
  CHECK(review.out.find("Activations") != std::string::npos);
  CHECK(review.out.find("a layer's output") != std::string::npos);
  CHECK(review.out.find("Expected: Paris") != std::string::npos);

  const SqliteReader reader(home.collection_path());
  const auto rows = reader.rows(
      "SELECT c.external_id, r.rating, coalesce(r.correct, '') FROM revlog r "
      "JOIN cards c ON c.id = r.card_id ORDER BY r.id");
  std::vector<std::string> answers;
  for (const auto& row : rows) answers.push_back(row[0] + " " + row[1] + " " + row[2]);
  CHECK(answers == std::vector<std::string>{"kinds-0 3 1", "b 3 ", "r/forward 3 ", "r/backward 1 ",
                                            "c/c1 4 ", "c/c2 2 ", "t1 3 1", "t2 1 0", "t3 2 0"});

  // "-" buries a typed card as it buries every other kind, and "q" stops.
  add_note(daemon, "t4", "typed",
           english_fields({{"front", "Capital of Spain?"}, {"back", "Madrid"}}));
  const CommandResult buried = run_kioku(home, {"review", "--no-shuffle"}, "-\nq\n");
  INFO(buried.out << buried.err);
  CHECK(buried.exit_code == 0);
  CHECK(buried.out.find("Buried until tomorrow") != std::string::npos);
  CHECK(buried.out.find("0 cards reviewed") != std::string::npos);
  CHECK(reader.integer("SELECT count(*) FROM revlog") == 9);

  // A line that is not a rating names its line and the words it takes.
  add_note(daemon, "b2", "basic", english_fields({{"front", "Another?"}}));
  const CommandResult bad = run_kioku(home, {"review"}, "maybe\n");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("input line 1: \"maybe\" is not a rating (again, hard, good, easy or 1-4)") !=
        std::string::npos);
}

TEST_CASE("e2e: a choice explanation's blank line stays blank in a scripted review",
          "[e2e][review][notes]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string deck = home.write_file("paragraphs.toml", R"(format = 2
languages = ["en"]

[deck]
id = "paragraphs"
name.en = "Paragraphs"

[[notes]]
id = "p1"
kind = "choice"
question.en = "Which is right?"
choices.en = ["This one", "That one"]
answer = 1
explanation.en = "The first paragraph.\n\nThe second paragraph."
)");
  REQUIRE(run_kioku(home, {"import", deck}).exit_code == 0);
  const CommandResult review = run_kioku(home, {"review", "--no-shuffle"}, "1\n");
  INFO(review.out << review.err);
  REQUIRE(review.exit_code == 0);
  // The explanation is indented, but the line between its paragraphs is empty, not two spaces.
  CHECK(review.out.find("  The first paragraph.\n\n  The second paragraph.") != std::string::npos);
  CHECK(review.out.find("\n  \n") == std::string::npos);
}

TEST_CASE("e2e: a scripted review shows Anki note types' cards through their templates",
          "[e2e][review][notes]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  const std::string deck = home.write_file("kept.toml", R"toml(format = 2
languages = ["en"]

[deck]
id = "kept"
name = "Kept::Words"

[[note_types]]
name = "Vocabulary"
fields = ["Word", "Meaning"]
templates = [
  { name = "Recognise", question = "<div>Word: <b>{{Word}}</b></div>", answer = "{{FrontSide}}<hr id=answer>{{Meaning}} ({{Deck}})" },
  { name = "Spell", question = "Spell: {{Meaning}}<br>{{type:Word}}", answer = "{{FrontSide}}<hr id=answer>{{type:Word}}" },
]

[[note_types]]
name = "Cloze (own)"
cloze = true
fields = ["Text", "Notes"]
templates = [{ name = "Cloze", question = "{{cloze:Text}}", answer = "{{cloze:Text}}<br>{{Notes}}" }]

[[notes]]
id = "v1"
kind = "anki"
note_type = "Vocabulary"
fields.Word = "inu"
fields.Meaning = "dog &amp; wolf"

[[notes]]
id = "c1"
kind = "anki"
note_type = "Cloze (own)"
fields.Text = "The {{c1::dog::animal}} barks"
fields.Notes = "a note"
)toml");
  const CommandResult imported = run_kioku(home, {"import", deck});
  INFO(imported.out << imported.err);
  REQUIRE(imported.exit_code == 0);
  // The first card flagged: its header says so.
  const SqliteReader flags(home.collection_path());
  const std::string first = flags.text("SELECT id FROM cards WHERE template = 'card1'");
  REQUIRE(run_kioku(home, {"flag", "red", first}).exit_code == 0);
  // In deck order: Recognise (rated good), Spell (typed right), the cloze card (rated good).
  const CommandResult review = run_kioku(home, {"review", "--no-shuffle"}, "good\ninu\ngood\n");
  INFO(review.out << review.err);
  REQUIRE(review.exit_code == 0);
  CHECK(review.out.find("3 cards reviewed, 3 correct") != std::string::npos);
  CHECK(review.out.find("Word: inu") != std::string::npos);
  CHECK(review.out.find("Kept::Words · ⚑ red · new 3") != std::string::npos);
  CHECK(review.out.find("Kept::Words · new 2") != std::string::npos);
  CHECK(review.out.find("dog & wolf (Kept::Words)") != std::string::npos);
  CHECK(review.out.find("Spell: dog & wolf") != std::string::npos);
  CHECK(review.out.find("The [animal] barks") != std::string::npos);
  CHECK(review.out.find("The dog barks") != std::string::npos);
  CHECK(review.out.find("a note") != std::string::npos);
  // No template syntax and no markup reach the screen.
  for (const char* raw : {"{{", "[[type:", "<b>", "&amp;", "<hr"}) {
    CHECK(review.out.find(raw) == std::string::npos);
  }
  const SqliteReader reader(home.collection_path());
  CHECK(reader.text("SELECT group_concat(c.template || ':' || r.rating || ':' || "
                    "coalesce(r.correct, ''), ' ') FROM revlog r JOIN cards c ON c.id = "
                    "r.card_id") == "card1:3: card2:3:1 c1:3:");
}
