// kioku add, edit, notes and note delete/restore against a real kiokud: notes of each kind added
// from the shell, edited in an EDITOR that is a script (written into the temp home) with the
// card's id and review history the same afterwards, an invalid edit shown and reopened, and the
// listing, its filters, and the soft delete with its undo.
#include <sys/stat.h>

#include <boost/json.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "cli/edit_loop.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/json_rpc_calls.hpp"
#include "tests/support/sqlite_reader.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

// A bilingual deck with one choice card, for the notes to join.
const std::string kWordsDeck = R"(format = 1
languages = ["en", "ja"]

[deck]
id = "words"
name.en = "Words"
name.ja = "単語"

[[cards]]
id = "w-1"
kind = "choice"
question.en = "Which is a fruit?"
question.ja = "果物はどれ？"
choices.en = ["apple", "stone"]
choices.ja = ["りんご", "石"]
answer = 1
explanation.en = "Apples grow on trees."
explanation.ja = "りんごは木になります。"
)";

class NotesFixture {
 public:
  NotesFixture() : daemon_({"--no-bundled-decks", "--clock-start", clock_start(kMorning)}) {
    const std::string deck = home().write_file("words.toml", kWordsDeck);
    const CommandResult imported = daemon_.kioku({"import", deck});
    INFO(imported.out << imported.err);
    REQUIRE(imported.exit_code == 0);
  }

  const TempHome& home() const { return daemon_.home(); }
  const RunningDaemon& daemon() const { return daemon_; }

  // `kioku` with EDITOR set to `editor` (and VISUAL unset), its files in the home's own TMPDIR.
  CommandResult kioku(std::vector<std::string> arguments, const std::string& editor = "false",
                      const std::map<std::string, std::string>& more = {}) const {
    arguments.insert(arguments.begin(), {kioku_path(), "--socket", home().socket_path()});
    auto environment = home().environment();
    environment["KIOKU_DAEMON"] = kiokud_path();
    environment["EDITOR"] = editor;
    environment["VISUAL"] = "";
    environment["TMPDIR"] = temporary_directory();
    for (const auto& [name, value] : more) environment[name] = value;
    return run_command(arguments, environment);
  }

  // `kioku ... --json`, which must succeed, as JSON.
  json::value kioku_json(std::vector<std::string> arguments, const std::string& editor = "false",
                         const std::map<std::string, std::string>& more = {}) const {
    arguments.push_back("--json");
    const CommandResult result = kioku(std::move(arguments), editor, more);
    INFO(result.out << result.err);
    REQUIRE(result.exit_code == 0);
    return parse_output(result);
  }

  // An executable script in the home: the editor a test runs kioku with.
  std::string script(const std::string& name, const std::string& body) const {
    const std::string path = home().write_file(name, "#!/bin/sh\n" + body);
    REQUIRE(::chmod(path.c_str(), 0700) == 0);
    return path;
  }

  std::string temporary_directory() const {
    const std::string path = home().root() + "/tmp";
    std::filesystem::create_directories(path);
    return path;
  }

  // How many private files kioku left behind in TMPDIR.
  int left_in_temporary() const {
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(temporary_directory())) {
      (void)entry;
      ++count;
    }
    return count;
  }

  json::value note(const std::string& id) const { return daemon_.call("note.get", {{"note", id}}); }

 private:
  RunningDaemon daemon_;
};

std::string text_of(const json::value& note, const char* field, const char* language) {
  const json::object& fields = note.at("fields").as_object();
  if (!fields.contains(field)) return "";
  const json::object& texts = fields.at(field).as_object();
  return texts.contains(language) ? std::string(texts.at(language).as_string()) : "";
}

std::vector<std::int64_t> card_ids(const json::value& note) {
  std::vector<std::int64_t> ids;
  for (const json::value& card : note.at("cards").as_array()) ids.push_back(field(card, "id"));
  return ids;
}

std::string id_of(const json::value& saved) {
  return std::string(saved.at("note").at("id").as_string());
}

// Every review-log row of `card`, as text.
std::vector<std::vector<std::string>> revlog_of(const TempHome& home, std::int64_t card) {
  const SqliteReader reader(home.collection_path());
  return reader.rows("SELECT * FROM revlog WHERE card_id = " + std::to_string(card) +
                     " ORDER BY id");
}

}  // namespace

TEST_CASE("e2e notes: a basic, a reverse, a cloze and a typed note added from the shell",
          "[e2e][notes]") {
  NotesFixture fixture;
  const CommandResult basic = fixture.kioku({"add", "--deck", "words", "--field", "front=taberu",
                                             "--field", "back=to eat", "--tag", "verbs"});
  INFO(basic.out << basic.err);
  REQUIRE(basic.exit_code == 0);
  CHECK(basic.out.rfind("Added note ", 0) == 0);
  CHECK(basic.out.find(" to deck words: 1 card\n  card ") != std::string::npos);

  const json::value reverse = fixture.kioku_json({"add", "--deck", "words", "--kind", "reverse",
                                                  "--field", "front=neko", "--field", "back=cat"});
  CHECK(reverse.at("note").at("kind") == "reverse");
  CHECK(card_ids(reverse.at("note")).size() == 2);

  const json::value cloze =
      fixture.kioku_json({"add", "--deck", "words", "--kind", "cloze", "--field",
                          "text={{c1::Tokyo}} is the capital of {{c2::Japan::country}}", "--field",
                          "text.ja={{c1::東京}}は{{c2::日本}}の首都"});
  CHECK(card_ids(cloze.at("note")).size() == 2);
  CHECK(text_of(cloze.at("note"), "text", "ja") == "{{c1::東京}}は{{c2::日本}}の首都");

  const json::value typed =
      fixture.kioku_json({"add", "--deck", "words", "--kind", "typed", "--field",
                          "front=to eat (kana)", "--field", "back=たべる", "--id", "typed-1"});
  CHECK(id_of(typed) == "typed-1");
  CHECK(typed.at("note").at("kind") == "typed");
  CHECK(card_ids(typed.at("note")).size() == 1);

  // Each one's cards join the queue: the deck's card, then 1 + 2 + 2 + 1.
  CHECK(field(fixture.daemon().call("due.counts"), "new") == 7);

  SECTION("a choice note: --choice once per choice, --answer counting from 1") {
    const json::value choice =
        fixture.kioku_json({"add", "--deck", "words", "--kind", "choice", "--field",
                            "question=2 + 2?", "--choice", "3", "--choice", "4", "--answer", "2"});
    CHECK(choice.at("note").at("choices").at("en") == json::array{"3", "4"});
    CHECK(choice.at("note").at("answer") == 2);
    CHECK(card_ids(choice.at("note")).size() == 1);
    const CommandResult not_choice = fixture.kioku(
        {"add", "--deck", "words", "--field", "front=a", "--choice", "x", "--answer", "1"});
    CHECK(not_choice.exit_code == 2);
    CHECK(not_choice.err == "kioku: --choice and --answer are for choice notes (--kind choice)\n");
  }

  SECTION("a text without a language is in kioku's language when the deck has it") {
    const json::value japanese = fixture.kioku_json(
        {"--lang", "ja", "add", "--deck", "words", "--field", "front=猫", "--field", "back=cat"});
    CHECK(text_of(japanese.at("note"), "front", "ja") == "猫");
    CHECK(text_of(japanese.at("note"), "front", "en").empty());
    const CommandResult said = fixture.kioku(
        {"--lang", "ja", "add", "--deck", "words", "--field", "front=犬", "--field", "back=dog"});
    CHECK(said.out.find("をデッキ words に追加しました: カード 1 枚") != std::string::npos);
  }
  SECTION("an invalid note is refused, naming the field; nothing is added") {
    const CommandResult no_cloze = fixture.kioku(
        {"add", "--deck", "words", "--kind", "cloze", "--field", "text=no deletion here"});
    // kiokud refuses it as the request's parameters: exit code 2, the field named.
    CHECK(no_cloze.exit_code == 2);
    CHECK(no_cloze.err.find("field text") != std::string::npos);
    const CommandResult wrong_field =
        fixture.kioku({"add", "--deck", "words", "--field", "question=?", "--field", "back=b"});
    CHECK(wrong_field.exit_code != 0);
    CHECK(wrong_field.err.find("question") != std::string::npos);
    const CommandResult bad_argument =
        fixture.kioku({"add", "--deck", "words", "--field", "front"});
    CHECK(bad_argument.exit_code == 2);
    CHECK(bad_argument.err == "kioku: --field front: expected NAME=TEXT or NAME.LANGUAGE=TEXT\n");
    CHECK(field(fixture.daemon().call("due.counts"), "new") == 7);
  }
}

TEST_CASE("e2e notes: kioku edit in a scripted EDITOR keeps the card and its review history",
          "[e2e][notes][edit]") {
  NotesFixture fixture;
  const json::value added = fixture.kioku_json(
      {"add", "--deck", "words", "--field", "front=taberu", "--field", "back=to eat"});
  const std::string note = id_of(added);
  const std::int64_t card = card_ids(added.at("note")).at(0);
  // Answer the card first, so that it has history to keep.
  fixture.daemon().call("review.answer", {{"card", card}, {"rating", "good"}});
  const auto history = revlog_of(fixture.home(), card);
  REQUIRE(history.size() == 1);

  const std::string editor = fixture.script(
      "change-back.sh", "sed -i 's/^back.en = \"to eat\"$/back.en = \"to eat (verb)\"/' \"$1\"\n");
  const CommandResult edited = fixture.kioku({"edit", note}, editor);
  INFO(edited.out << edited.err);
  REQUIRE(edited.exit_code == 0);
  CHECK(edited.out.rfind("Saved note " + note + ": 1 card\n", 0) == 0);
  const json::value after = fixture.note(note);
  CHECK(text_of(after, "back", "en") == "to eat (verb)");
  CHECK(text_of(after, "front", "en") == "taberu");
  CHECK(card_ids(after) == std::vector<std::int64_t>{card});
  CHECK(revlog_of(fixture.home(), card) == history);
  CHECK(fixture.left_in_temporary() == 0);

  SECTION("through its card, as N or card:N") {
    const std::string again =
        fixture.script("change-again.sh", "sed -i 's/(verb)/(ichidan verb)/' \"$1\"\n");
    REQUIRE(fixture.kioku({"edit", "card:" + std::to_string(card)}, again).exit_code == 0);
    CHECK(text_of(fixture.note(note), "back", "en") == "to eat (ichidan verb)");
    CHECK(fixture.kioku({"edit", std::to_string(card)}, "true").out ==
          "No change to note " + note + ": nothing saved.\n");
    const CommandResult missing = fixture.kioku({"edit", "card:999999"}, "true");
    CHECK(missing.exit_code == 5);
    CHECK(missing.err == "kioku: No note or card card:999999\n");
  }
  SECTION("an editor that fails saves nothing") {
    const CommandResult failed = fixture.kioku({"edit", note}, "exit 3 #");
    CHECK(failed.exit_code == 1);
    CHECK(failed.err.find("exited with status 3: nothing saved.") != std::string::npos);
    CHECK(text_of(fixture.note(note), "back", "en") == "to eat (verb)");
  }
  SECTION("a cloze number removed retires its card, with its history; put back, it returns") {
    const json::value cloze =
        fixture.kioku_json({"add", "--deck", "words", "--kind", "cloze", "--field",
                            "text={{c1::Tokyo}} is in {{c2::Japan}}"});
    const std::vector<std::int64_t> cards = card_ids(cloze.at("note"));
    REQUIRE(cards.size() == 2);
    const std::string remove =
        fixture.script("remove-c2.sh", "sed -i 's/{{c2::Japan}}/Japan/' \"$1\"\n");
    const CommandResult removed = fixture.kioku({"edit", id_of(cloze)}, remove);
    INFO(removed.out << removed.err);
    REQUIRE(removed.exit_code == 0);
    CHECK(removed.out.find("Retired cards (suspended, their history kept): " +
                           std::to_string(cards[1])) != std::string::npos);
    const std::string restore =
        fixture.script("restore-c2.sh", "sed -i 's/is in Japan/is in {{c2::Japan}}/' \"$1\"\n");
    const CommandResult restored = fixture.kioku({"edit", id_of(cloze)}, restore);
    CHECK(restored.out.find("Cards back in use: " + std::to_string(cards[1])) != std::string::npos);
    CHECK(card_ids(fixture.note(id_of(cloze))) == cards);
  }
}

TEST_CASE("e2e notes: an invalid edit is shown and reopened with the text kept, then saved",
          "[e2e][notes][edit]") {
  NotesFixture fixture;
  const json::value added = fixture.kioku_json(
      {"add", "--deck", "words", "--field", "front=taberu", "--field", "back=to eat"});
  const std::string note = id_of(added);
  const std::string runs = fixture.home().root() + "/runs";
  const std::string seen = fixture.home().root() + "/seen.toml";
  // First run: empties the required front. Second: keeps what it was shown, then fixes it.
  const std::string editor = fixture.script(
      "fix-on-second-run.sh",
      "runs=$(cat \"" + runs +
          "\" 2>/dev/null || echo 0)\n"
          "runs=$((runs + 1)); echo $runs > \"" +
          runs +
          "\"\n"
          "if [ $runs = 1 ]; then sed -i 's/^front.en = .*/front.en = \"\"/' \"$1\"; exit 0; fi\n"
          "cp \"$1\" \"" +
          seen +
          "\"\n"
          "sed -i 's/^front.en = .*/front.en = \"fixed\"/' \"$1\"\n");
  const CommandResult edited = fixture.kioku({"edit", note}, editor);
  INFO(edited.out << edited.err);
  REQUIRE(edited.exit_code == 0);
  CHECK(read_file(runs) == "2\n");
  CHECK(edited.err.rfind("kioku: note.toml:", 0) == 0);
  CHECK(edited.err.find("front") != std::string::npos);
  const std::string reopened = read_file(seen);
  CHECK(reopened.rfind("# !! Not saved.", 0) == 0);
  CHECK(reopened.find("front.en = \"\"\n") != std::string::npos);  // the text as it was left
  CHECK(reopened.find("back.en = \"to eat\"\n") != std::string::npos);
  CHECK(text_of(fixture.note(note), "front", "en") == "fixed");

  SECTION("left as it was after the error: nothing saved") {
    const std::string once = fixture.script("break-once.sh",
                                            "grep -q '^# !! ' \"$1\" && exit 0\n"
                                            "sed -i 's/^kind = .*/kind = \"flip\"/' \"$1\"\n");
    const CommandResult given_up = fixture.kioku({"edit", note}, once);
    CHECK(given_up.exit_code == 1);
    CHECK(given_up.err.find("kioku: note.toml:") != std::string::npos);
    CHECK(given_up.err.find("no kind \"flip\"") != std::string::npos);
    CHECK(given_up.err.find("The file was left as it was after the error: nothing saved.") !=
          std::string::npos);
    CHECK(fixture.note(note).at("kind") == "basic");
    CHECK(fixture.left_in_temporary() == 0);
  }
}

TEST_CASE("e2e notes: a person at a terminal saving with a problem is never cut off",
          "[e2e][notes][edit][terminal]") {
  NotesFixture fixture;
  const json::value added = fixture.kioku_json(
      {"add", "--deck", "words", "--field", "front=taberu", "--field", "back=to eat"});
  const std::string note = id_of(added);
  const std::string runs = fixture.home().root() + "/runs";
  // Saves 10 more times with a problem than the limit for a scripted editor, a change each
  // time (another unknown kind), then fixes the note.
  const int fixed_at = kioku::cli::kMostProblemRounds + 10;
  const std::string editor = fixture.script(
      "fix-late.sh",
      "runs=$(cat \"" + runs +
          "\" 2>/dev/null || echo 0)\n"
          "runs=$((runs + 1)); echo $runs > \"" +
          runs +
          "\"\n"
          "if [ $runs -lt " +
          std::to_string(fixed_at) +
          " ]; then sed -i \"s/^kind = .*/kind = \\\"flip$runs\\\"/\" \"$1\"; exit 0; fi\n"
          "sed -i -e 's/^kind = .*/kind = \"basic\"/' "
          "-e 's/^front.en = .*/front.en = \"persisted\"/' \"$1\"\n");

  SECTION("in a terminal: the editor reopens until the note is saved") {
    auto environment = fixture.home().environment();
    environment["KIOKU_DAEMON"] = kiokud_path();
    environment["EDITOR"] = editor;
    environment["VISUAL"] = "";
    environment["TMPDIR"] = fixture.temporary_directory();
    environment["NOTE"] = note;  // a made id may hold characters the shell reads
    const std::string command = "sh -c '" + kioku_path() + " --socket " +
                                fixture.home().socket_path() +
                                " edit \"$NOTE\"; echo \"kioku exited with $?\"'";
    TmuxSession terminal(fixture.home().root(), command, environment);
    INFO("screen:\n" << terminal.screen_text());
    REQUIRE(terminal.wait_for("kioku exited with ", 120'000));
    CHECK(terminal.screen_text().find("kioku exited with 0") != std::string::npos);
    CHECK(read_file(runs) == std::to_string(fixed_at) + "\n");
    CHECK(text_of(fixture.note(note), "front", "en") == "persisted");
    CHECK(fixture.note(note).at("kind") == "basic");
  }
  SECTION("without a terminal: the scripted editor is stopped at the limit") {
    const CommandResult stopped = fixture.kioku({"edit", note}, editor);
    CHECK(stopped.exit_code == 1);
    CHECK(stopped.err.find("The file still had a problem after " +
                           std::to_string(kioku::cli::kMostProblemRounds) +
                           " saves: nothing saved.") != std::string::npos);
    CHECK(read_file(runs) == std::to_string(kioku::cli::kMostProblemRounds) + "\n");
    CHECK(text_of(fixture.note(note), "front", "en") == "taberu");
  }
  CHECK(fixture.left_in_temporary() == 0);
}

TEST_CASE("e2e notes: an edit of a note changed elsewhere meanwhile is refused, its text kept",
          "[e2e][notes][edit]") {
  NotesFixture fixture;
  // An id of its own: a made one may hold characters the shell reads.
  const std::string note =
      id_of(fixture.kioku_json({"add", "--deck", "words", "--id", "taberu", "--field",
                                "front=taberu", "--field", "back=to eat"}));
  const std::string runs = fixture.home().root() + "/runs";
  const std::string seen = fixture.home().root() + "/seen.toml";
  // Another shell's edit, saved while this one's editor is open.
  const std::string other =
      fixture.script("other.sh", "sed -i 's/^front.en = .*/front.en = \"from-other\"/' \"$1\"\n");
  const std::string other_edit = "EDITOR=" + other + " " + kioku_path() + " --socket " +
                                 fixture.home().socket_path() + " edit " + note;
  // This editor: first changes the back while the other edit is saved; then, shown the
  // refusal, keeps the text (or, in the section, deletes the refusal's lines and saves).
  const auto editor = [&](const std::string& second_run) {
    return fixture.script("mine.sh", "runs=$(cat \"" + runs +
                                         "\" 2>/dev/null || echo 0)\n"
                                         "runs=$((runs + 1)); echo $runs > \"" +
                                         runs + "\"\n" + "if [ $runs = 1 ]; then " + other_edit +
                                         " >/dev/null || exit 9\n"
                                         "  sed -i 's/^back.en = .*/back.en = \"from-me\"/' "
                                         "\"$1\"; exit 0; fi\n"
                                         "cp \"$1\" \"" +
                                         seen + "\"\n" + second_run);
  };
  SECTION("left as it was: the other change stays") {
    const CommandResult edited = fixture.kioku({"edit", note}, editor(""));
    INFO(edited.out << edited.err);
    CHECK(edited.exit_code == 1);
    CHECK(edited.err.find("Not saved: note " + note + " was changed elsewhere") !=
          std::string::npos);
    const std::string reopened = read_file(seen);
    CHECK(reopened.rfind("# !! Not saved.", 0) == 0);
    CHECK(reopened.find("back.en = \"from-me\"") != std::string::npos);  // the text kept
    CHECK(text_of(fixture.note(note), "front", "en") == "from-other");
    CHECK(text_of(fixture.note(note), "back", "en") == "to eat");
  }
  SECTION("saved again without the refusal's lines: this text replaces the other") {
    const CommandResult edited =
        fixture.kioku({"edit", note}, editor("sed -i '/^# !! /d' \"$1\"\n"));
    INFO(edited.out << edited.err);
    CHECK(edited.exit_code == 0);
    CHECK(text_of(fixture.note(note), "front", "en") == "taberu");
    CHECK(text_of(fixture.note(note), "back", "en") == "from-me");
  }
  CHECK(read_file(runs) == "2\n");
  CHECK(fixture.left_in_temporary() == 0);
}

TEST_CASE("e2e notes: kioku add without --field writes the note in EDITOR's template",
          "[e2e][notes][edit]") {
  NotesFixture fixture;
  SECTION("filled in") {
    const std::string editor =
        fixture.script("fill.sh",
                       "sed -i -e 's/^text.en = \"\"/text.en = \"{{c1::Kyoto}} was the capital\"/' "
                       "-e 's/^tags = \\[\\]/tags = [\"places\"]/' \"$1\"\n");
    const json::value added =
        fixture.kioku_json({"add", "--deck", "words", "--kind", "cloze"}, editor);
    CHECK(text_of(added.at("note"), "text", "en") == "{{c1::Kyoto}} was the capital");
    CHECK(added.at("note").at("tags") == json::array{"places"});
  }
  SECTION("unchanged or emptied: nothing added") {
    const CommandResult unchanged = fixture.kioku({"add", "--deck", "words"}, "true");
    CHECK(unchanged.exit_code == 1);
    CHECK(unchanged.err == "kioku: The template was not changed: nothing added.\n");
    const std::string empty = fixture.script("empty.sh", ": > \"$1\"\n");
    const CommandResult emptied = fixture.kioku({"add", "--deck", "words"}, empty);
    CHECK(emptied.exit_code == 1);
    CHECK(emptied.err == "kioku: The template was emptied: nothing added.\n");
    CHECK(field(fixture.daemon().call("due.counts"), "new") == 1);
  }
  SECTION("a deck that does not exist: refused before the editor opens") {
    const std::string ran = fixture.home().root() + "/editor-ran";
    const std::string editor = fixture.script("mark.sh", "touch \"" + ran + "\"\n");
    const CommandResult typo = fixture.kioku({"add", "--deck", "wrods"}, editor);
    CHECK(typo.exit_code == 5);
    CHECK(typo.err == "kioku: No deck wrods (kioku decks lists them)\n");
    CHECK_FALSE(std::filesystem::exists(ran));
  }
  SECTION("the template's comments are in the user's language") {
    const std::string keep = fixture.home().root() + "/template.toml";
    const std::string copy = fixture.script("copy.sh", "cp \"$1\" \"" + keep + "\"\n");
    fixture.kioku({"--lang", "ja", "add", "--deck", "words", "--kind", "typed"}, copy);
    const std::string text = read_file(keep);
    CHECK(text.find("# デッキ words の新しい typed ノート。") == 0);
    CHECK(text.find("front.ja = \"\"\nfront.en = \"\"\n") != std::string::npos);
  }
}

TEST_CASE("e2e notes: kioku notes lists, filters, and deletes and restores softly",
          "[e2e][notes][list]") {
  NotesFixture fixture;
  const std::string eat =
      id_of(fixture.kioku_json({"add", "--deck", "words", "--field", "front=taberu", "--field",
                                "back=to eat", "--tag", "verbs"}));
  const std::string drink =
      id_of(fixture.kioku_json({"add", "--deck", "words", "--field", "front=nomu", "--field",
                                "back=to drink", "--tag", "verbs"}));
  const std::string cat =
      id_of(fixture.kioku_json({"add", "--deck", "words", "--kind", "reverse", "--field",
                                "front=neko", "--field", "back=cat"}));

  const CommandResult listed = fixture.kioku({"notes"});
  INFO(listed.out << listed.err);
  REQUIRE(listed.exit_code == 0);
  CHECK(listed.out.rfind("ID", 0) == 0);
  for (const std::string& id : {eat, drink, cat, std::string("w-1")}) {
    CHECK(listed.out.find(id) != std::string::npos);
  }
  CHECK(listed.out.find("taberu") != std::string::npos);
  CHECK(listed.out.find("verbs") != std::string::npos);

  const auto ids = [&](std::vector<std::string> arguments) {
    arguments.insert(arguments.begin(), "notes");
    std::vector<std::string> found;
    const json::value listed_notes = fixture.kioku_json(arguments);
    for (const json::value& note : listed_notes.at("notes").as_array()) {
      found.emplace_back(note.at("id").as_string());
    }
    std::sort(found.begin(), found.end());
    return found;
  };
  const auto sorted = [](std::vector<std::string> values) {
    std::sort(values.begin(), values.end());
    return values;
  };
  CHECK(ids({"--tag", "verbs"}) == sorted({eat, drink}));
  CHECK(ids({"drink"}) == std::vector<std::string>{drink});
  CHECK(ids({"--deck", "words", "--tag", "verbs", "taberu"}) == std::vector<std::string>{eat});
  const CommandResult no_deck = fixture.kioku({"notes", "--deck", "no-such-deck"});
  CHECK(no_deck.exit_code == 5);
  CHECK(no_deck.err == "kioku: no deck with id 'no-such-deck'\n");
  CHECK(fixture.kioku({"notes", "nothing-like-this"}).out == "No notes found.\n");
  const CommandResult limited = fixture.kioku({"notes", "--limit", "1"});
  CHECK(limited.out.find("More notes match than the 1 shown: the next with --offset 1") !=
        std::string::npos);
  // Page by page, as the line says: every note once, and the last page says no more.
  const std::vector<std::string> all = ids({});
  std::vector<std::string> paged;
  for (std::size_t offset = 0; offset < all.size(); offset += 2) {
    const json::value page =
        fixture.kioku_json({"notes", "--limit", "2", "--offset", std::to_string(offset)});
    for (const json::value& note : page.at("notes").as_array()) {
      paged.emplace_back(note.at("id").as_string());
    }
    CHECK(page.at("more").as_bool() == (offset + 2 < all.size()));
  }
  CHECK(sorted(paged) == all);
  CHECK(fixture.kioku({"notes", "--offset", std::to_string(all.size())}).out ==
        "No notes found.\n");

  // The soft delete: the cards leave the queue and the listing, and come back.
  const std::int64_t due_before = field(fixture.daemon().call("due.counts"), "new");
  const CommandResult deleted = fixture.kioku({"note", "delete", cat});
  // The hint names the deck and is one shell word per argument, whatever the made id holds.
  const std::string prefix = "Deleted note " + cat + " (2 cards); kioku note restore ";
  const std::string suffix = " brings it back.\n";
  REQUIRE(deleted.out.rfind(prefix, 0) == 0);
  REQUIRE(deleted.out.ends_with(suffix));
  const std::string arguments =
      deleted.out.substr(prefix.size(), deleted.out.size() - prefix.size() - suffix.size());
  CHECK(arguments.rfind("--deck words ", 0) == 0);
  CHECK(field(fixture.daemon().call("due.counts"), "new") == due_before - 2);
  CHECK(fixture.kioku({"notes"}).out.find(cat) == std::string::npos);
  const CommandResult edit_deleted = fixture.kioku({"edit", cat}, "false");
  CHECK(edit_deleted.exit_code == 1);
  CHECK(edit_deleted.err == "kioku: Note " + cat +
                                " is deleted: bring it back with kioku note restore " + arguments +
                                " first\n");
  CHECK(ids({"--deleted"}) == std::vector<std::string>{cat});
  CHECK(fixture.kioku({"note", "delete", cat}).out == "Note " + cat + " was deleted already.\n");
  // The hint, run by a shell as printed, restores the note.
  const CommandResult restored =
      run_command({"/bin/sh", "-c", "exec \"$0\" --socket \"$1\" note restore " + arguments,
                   kioku_path(), fixture.home().socket_path()},
                  fixture.home().environment());
  CHECK(restored.out == "Restored note " + cat + " (2 cards).\n");
  CHECK(field(fixture.daemon().call("due.counts"), "new") == due_before);
  CHECK(fixture.kioku({"notes", "--deleted"}).out == "No deleted notes found.\n");

  SECTION("through a card id, and in Japanese") {
    const std::int64_t card = card_ids(fixture.note(eat)).at(0);
    const CommandResult japanese =
        fixture.kioku({"--lang", "ja", "note", "delete", std::to_string(card)});
    CHECK(japanese.out.find("ノート " + eat + "（カード 1 枚）を削除しました。") == 0);
    const CommandResult table = fixture.kioku({"--lang", "ja", "notes", "--deleted"});
    CHECK(table.out.find("種類") != std::string::npos);
    CHECK(table.out.find(eat) != std::string::npos);
    CHECK(fixture.kioku({"note", "restore", "no-such-note"}).exit_code == 5);
  }
}

TEST_CASE("e2e notes: kioku edit changes an Anki note's fields and keeps its type and cards",
          "[e2e][notes][edit]") {
  NotesFixture fixture;
  const std::string deck = fixture.home().write_file("kept.toml", R"(format = 2
languages = ["en"]

[deck]
id = "kept"
name = "Kept"

[[note_types]]
name = "Vocabulary"
anki_id = 7
fields = ["Word", "Meaning", "Example sentence"]
templates = [
  { name = "Recognise", question = "{{Word}}", answer = "{{Meaning}}" },
  { name = "Recall", question = "{{#Example sentence}}{{Meaning}}{{/Example sentence}}", answer = "{{Word}}" },
]

[[notes]]
id = "v1"
kind = "anki"
note_type = "Vocabulary"
fields.Word = "inu"
fields.Meaning = "dog"
fields."Example sentence" = "<i>inu</i> ga iru"
)");
  REQUIRE(fixture.kioku({"import", deck}).exit_code == 0);
  const json::value before = fixture.note("v1");
  CHECK(before.at("kind").as_string() == "anki");
  CHECK(before.at("note_type").at("name").as_string() == "Vocabulary");
  const std::vector<std::int64_t> cards = card_ids(before);
  REQUIRE(cards.size() == 2);
  fixture.daemon().call("review.answer", {{"card", cards[0]}, {"rating", "good"}});
  const auto history = revlog_of(fixture.home(), cards[0]);

  // The file names every field of the type under fields., quoted where it must be.
  const std::string seen_path = fixture.home().root() + "/seen.toml";
  const std::string show = fixture.script("show.sh", "cat \"$1\" > '" + seen_path + "'\n");
  REQUIRE(fixture.kioku({"edit", "v1"}, show).exit_code == 0);
  const std::string seen = read_file(seen_path);
  CHECK(seen.find("fields.\"Example sentence\".en = \"<i>inu</i> ga iru\"\n") != std::string::npos);
  CHECK(seen.find("note type \"Vocabulary\"") != std::string::npos);

  // Emptying the example takes the Recall card away: retired, with its history.
  const std::string editor = fixture.script(
      "edit.sh",
      "sed -i -e 's/^fields.Meaning.en = \"dog\"$/fields.Meaning.en = \"dog (animal)\"/' "
      "-e 's/^fields.\"Example sentence\".en = .*$/fields.\"Example sentence\".en = \"\"/' "
      "\"$1\"\n");
  const CommandResult edited = fixture.kioku({"edit", "v1"}, editor);
  INFO(edited.out << edited.err);
  REQUIRE(edited.exit_code == 0);
  CHECK(edited.out.find("Retired cards (suspended, their history kept): " +
                        std::to_string(cards[1])) != std::string::npos);
  const json::value after = fixture.note("v1");
  CHECK(text_of(after, "Meaning", "en") == "dog (animal)");
  CHECK(text_of(after, "Example sentence", "en").empty());
  CHECK(after.at("kind").as_string() == "anki");
  CHECK(card_ids(after) == cards);
  CHECK(revlog_of(fixture.home(), cards[0]) == history);
  // Its kind is its type's: note.update refuses another, and changes nothing.
  LineClient client(fixture.home().socket_path());
  REQUIRE(client.connected());
  const json::value refused =
      rpc(client, "note.update",
          {{"note", "v1"}, {"kind", "basic"}, {"fields", {{"front", {{"en", "inu"}}}}}});
  REQUIRE(is_error(refused));
  CHECK(refused.at("error").at("code").as_int64() == -32602);
  CHECK(std::string(refused.at("error").at("message").as_string()).find("keeps its kind") !=
        std::string::npos);
  CHECK(fixture.note("v1").at("kind").as_string() == "anki");
  // The card shows through its template.
  const CommandResult card = fixture.kioku({"card", "show", std::to_string(cards[0])});
  CHECK(card.out.find("Question\n  inu\nAnswer\n  dog (animal)\n") != std::string::npos);
}
