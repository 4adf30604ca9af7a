// `kioku review --deck NAME`, `--tag T` and `--cram` through the real binaries: a deck chosen by
// its name with the decks under it, the errors for a name of no deck or of several (English and
// Japanese), a tag filter, and a cram session that leaves every card's schedule, the rebuild
// from the log and true retention as they were, its answers logged as cram.
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/tmux_session.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

// A format 2 deck `id` named `name`, of basic notes whose fronts are `fronts` ("front?",
// answered "1"), each with the tags given beside it.
std::string tagged_deck_text(const std::string& id, const std::string& name,
                             const std::vector<std::pair<std::string, std::string>>& fronts) {
  std::string text = "format = 2\nlanguages = [\"en\"]\n\n[deck]\nid = \"" + id +
                     "\"\nname.en = \"" + name + "\"\n";
  int number = 0;
  for (const auto& [front, tags] : fronts) {
    text += "\n[[notes]]\nid = \"" + id + "-" + std::to_string(++number) +
            "\"\nkind = \"basic\"\nfront.en = \"" + front + "\"\nback.en = \"1\"\ntags = [" + tags +
            "]\n";
  }
  return text;
}

// Lang (one note), Lang::Vocab (two), Lang::Vocab::Verbs (one), Other (one), and two decks
// both named Same.
struct Decks {
  Decks() {
    const auto import = [&](const std::string& file, const std::string& text) {
      const CommandResult imported = run_kioku(home, {"import", home.write_file(file, text)});
      INFO(imported.err);
      REQUIRE(imported.exit_code == 0);
    };
    import("lang.toml", tagged_deck_text("lang", "Lang", {{ "lang-one?", "\"grammar\"" }}));
    import("vocab.toml", tagged_deck_text("lang-vocab", "Lang::Vocab",
                                          {{"vocab-one?", "\"verbs\""},
                                           { "vocab-two?",
                                             "\"JLPT::N5\"" }}));
    import("verbs.toml", tagged_deck_text("lang-verbs", "Lang::Vocab::Verbs",
                                          {{ "verbs-one?",
                                             "\"Verbs\"" }}));
    import("other.toml", tagged_deck_text("other", "Other", {{ "other-one?", "\"verbs\"" }}));
    import("same1.toml", tagged_deck_text("same-1", "Same", {{ "same-one?", "" }}));
    import("same2.toml", tagged_deck_text("same-2", "Same", {{ "same-two?", "" }}));
  }
  TempHome home;
  RunningDaemon daemon{home, {"--no-bundled-decks"}};
};

bool shows(const CommandResult& result, const std::string& text) {
  return result.out.find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("e2e: kioku review --deck by name takes the decks under it", "[e2e][review_options]") {
  Decks decks;
  const CommandResult vocab =
      run_kioku(decks.home, {"review", "--deck", "lang::vocab"}, "easy\neasy\neasy\neasy\n");
  INFO(vocab.out << vocab.err);
  CHECK(vocab.exit_code == 0);
  CHECK(shows(vocab, "3 cards reviewed"));
  CHECK(shows(vocab, "vocab-one?"));
  CHECK(shows(vocab, "vocab-two?"));
  CHECK(shows(vocab, "verbs-one?"));
  CHECK_FALSE(shows(vocab, "lang-one?"));
  // The parent takes what is left of its tree, and nothing of the other decks.
  const CommandResult lang = run_kioku(decks.home, {"review", "--deck", "Lang"}, "easy\neasy\n");
  CHECK(shows(lang, "1 card reviewed"));
  CHECK(shows(lang, "lang-one?"));
  CHECK_FALSE(shows(lang, "other-one?"));
}

TEST_CASE("e2e: kioku due --tag counts the cards of notes with the tag, as review --tag studies",
          "[e2e][review_options]") {
  Decks decks;
  // verbs: vocab-one (verbs), verbs-one (Verbs), other-one (verbs); JLPT::N5 under jlpt.
  CHECK(run_kioku(decks.home, {"due", "--tag", "verbs", "--count"}).out == "3\n");
  CHECK(run_kioku(decks.home, {"due", "--tag", "jlpt", "--count"}).out == "1\n");
  CHECK(run_kioku(decks.home, {"due", "--tag", "verbs", "--deck", "Lang", "--count"}).out == "2\n");
  CHECK(run_kioku(decks.home, {"due", "--tag", "verbs"}).out ==
        "3 due (3 new, 0 learning, 0 review)\n");
  CHECK(run_kioku(decks.home, {"due", "--tag", "nothing", "--count"}).out == "0\n");
  const CommandResult watch = run_kioku(decks.home, {"due", "--tag", "verbs", "--watch"});
  CHECK(watch.exit_code != 0);
  CHECK(watch.err ==
        "kioku: --tag and --watch cannot be used together: --watch counts a whole deck, for "
        "status bars\n");
  const CommandResult japanese =
      run_kioku(decks.home, {"--lang", "ja", "due", "--tag", "verbs", "--watch"});
  CHECK(
      japanese.err ==
      "kioku: --tag と --watch は同時に使えません。--watch はステータスバー用にデッキ全体を数えます"
      "\n");
  const CommandResult empty = run_kioku(decks.home, {"due", "--tag", "", "--count"});
  CHECK(empty.exit_code != 0);
  CHECK_THAT(empty.err, Catch::Contains("'tag' must not be empty"));
}

TEST_CASE("e2e: kioku review --deck names an unknown or ambiguous deck in English and Japanese",
          "[e2e][review_options]") {
  Decks decks;
  const int not_found = run_kioku(decks.home, {"card", "show", "999999"}).exit_code;
  const CommandResult unknown = run_kioku(decks.home, {"review", "--deck", "French"});
  CHECK(unknown.exit_code == not_found);
  CHECK(unknown.err == "kioku: No deck has the id or name French (kioku decks lists them)\n");
  const CommandResult unknown_ja =
      run_kioku(decks.home, {"--lang", "ja", "review", "--deck", "French"});
  CHECK(unknown_ja.exit_code == not_found);
  CHECK(unknown_ja.err ==
        "kioku: ID または名前が French のデッキはありません（kioku decks で一覧できます）\n");

  const CommandResult ambiguous = run_kioku(decks.home, {"review", "--deck", "same"});
  CHECK(ambiguous.exit_code == not_found);
  CHECK(ambiguous.err ==
        "kioku: More than one deck is named same: same-1 (Same), same-2 (Same); give its id\n");
  const CommandResult ambiguous_ja =
      run_kioku(decks.home, {"--lang", "ja", "review", "--deck", "same"});
  CHECK(ambiguous_ja.err ==
        "kioku: same という名前のデッキが複数あります: same-1 (Same), same-2 (Same)。ID "
        "で指定してください\n");
  // Nothing was shown or answered; by its id the deck is one.
  CHECK(ambiguous.out.find("same-one?") == std::string::npos);
  const CommandResult by_id = run_kioku(decks.home, {"review", "--deck", "same-2"}, "easy\n");
  CHECK(shows(by_id, "same-two?"));
  CHECK(shows(by_id, "1 card reviewed"));
}

TEST_CASE("e2e: kioku due --deck names an unknown or ambiguous deck in the user's language",
          "[e2e][review_options]") {
  Decks decks;
  const int not_found = run_kioku(decks.home, {"card", "show", "999999"}).exit_code;
  const std::string unknown_ja =
      "kioku: ID または名前が French のデッキはありません（kioku decks で一覧できます）\n";
  // The plain line, the prompt's fast path and the status bar's watch: all three say it alike.
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{}, std::vector<std::string>{"--count"},
        std::vector<std::string>{"--watch"}}) {
    std::vector<std::string> arguments{"--lang", "ja", "due", "--deck", "French"};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    const CommandResult unknown = run_kioku(decks.home, arguments);
    INFO(unknown.out << unknown.err);
    CHECK(unknown.exit_code == not_found);
    CHECK(unknown.out.empty());
    CHECK(unknown.err == unknown_ja);
  }
  const CommandResult unknown_en = run_kioku(decks.home, {"due", "--deck", "French"});
  CHECK(unknown_en.err == "kioku: No deck has the id or name French (kioku decks lists them)\n");
  const CommandResult ambiguous_ja =
      run_kioku(decks.home, {"--lang", "ja", "due", "--deck", "same"});
  CHECK(ambiguous_ja.exit_code == not_found);
  CHECK(ambiguous_ja.err ==
        "kioku: same という名前のデッキが複数あります: same-1 (Same), same-2 (Same)。ID "
        "で指定してください\n");
  // A deck it does name is counted as before.
  CHECK(run_kioku(decks.home, {"--lang", "ja", "due", "--deck", "same-1"}).out ==
        "復習待ち 1 枚（新規 1、学習中 0、復習 0）\n");
}

TEST_CASE("e2e: kioku review --tag takes the notes with the tag or one under it, in any case",
          "[e2e][review_options]") {
  Decks decks;
  const CommandResult verbs =
      run_kioku(decks.home, {"review", "--tag", "VERBS"}, "easy\neasy\neasy\neasy\n");
  INFO(verbs.out << verbs.err);
  CHECK(shows(verbs, "3 cards reviewed"));
  CHECK(shows(verbs, "vocab-one?"));
  CHECK(shows(verbs, "verbs-one?"));
  CHECK(shows(verbs, "other-one?"));
  CHECK_FALSE(shows(verbs, "vocab-two?"));
  // With --deck: the tag among the deck's cards; a parent tag takes its children.
  const CommandResult jlpt =
      run_kioku(decks.home, {"review", "--tag", "jlpt", "--deck", "Lang"}, "easy\neasy\n");
  CHECK(shows(jlpt, "1 card reviewed"));
  CHECK(shows(jlpt, "vocab-two?"));
}

TEST_CASE("e2e: kioku review --tag's summary counts and next due time are the tagged cards'",
          "[e2e][review_options]") {
  Decks decks;
  // The text after `label` in `result`'s output, up to the end of its line (or `until`).
  const auto after = [](const CommandResult& result, const std::string& label,
                        const std::string& until = "\n") {
    const std::size_t at = result.out.find(label);
    if (at == std::string::npos) return std::string("(no " + label + ")");
    const std::size_t from = at + label.size();
    return result.out.substr(from, result.out.find(until, from) - from);
  };
  // An untagged card in learning, due in a minute: the soonest card of the collection.
  const CommandResult untagged = run_kioku(decks.home, {"review", "--deck", "same-1"}, "again\n");
  REQUIRE(shows(untagged, "→ again, next review in 1m"));

  // One of the three cards tagged verbs (any case): two of them are left, not every new card,
  // and the next tagged card to fall due is the one answered, not the untagged one.
  const CommandResult one =
      run_kioku(decks.home, {"review", "--tag", "verbs", "--limit", "1"}, "easy\n");
  INFO(one.out << one.err);
  CHECK(shows(one, "1 card reviewed"));
  CHECK(shows(one, "\n2 still due now\n"));
  const std::string one_wait = after(one, "→ easy, next review in ");
  CHECK(one_wait.ends_with("d"));
  CHECK(after(one, "Next review: ", " (") == one_wait);

  // The one card tagged JLPT::N5, answered easy: nothing tagged is due, and the next tagged card
  // is that one, in the days its easy answer gave.
  const CommandResult jlpt = run_kioku(decks.home, {"review", "--tag", "jlpt"}, "easy\n");
  INFO(jlpt.out << jlpt.err);
  CHECK(shows(jlpt, "1 card reviewed"));
  CHECK_FALSE(shows(jlpt, "still due now"));
  const std::string jlpt_wait = after(jlpt, "→ easy, next review in ");
  CHECK(jlpt_wait.ends_with("d"));
  CHECK(after(jlpt, "Next review: ", " (") == jlpt_wait);

  // Without a tag the untagged learning card is the next, within the minute, and the other
  // cards are still due.
  const CommandResult all = run_kioku(decks.home, {"review"}, "q\n");
  INFO(all.out);
  CHECK(shows(all, "still due now"));
  const std::string all_next = after(all, "Next review: ", " (");
  CHECK((all_next == "now" || all_next.ends_with("s") || all_next == "1m"));
}

TEST_CASE("e2e: kioku review --cram studies ahead without changing a schedule, logged as cram",
          "[e2e][review_options]") {
  Decks decks;
  // Every card of the Lang tree studied: now none is due.
  REQUIRE(shows(run_kioku(decks.home, {"review", "--deck", "lang"}, "easy\neasy\neasy\neasy\n"),
                "4 cards reviewed"));
  REQUIRE(shows(run_kioku(decks.home, {"review", "--deck", "lang"}), "0 cards reviewed"));
  const auto state_of = [&](std::int64_t card) {
    return parse_output(run_kioku(decks.home, {"card", "show", std::to_string(card), "--json"}))
        .at("history")
        .at("state");
  };
  std::vector<std::int64_t> cards;
  for (const std::int64_t card : {1, 2, 3, 4}) cards.push_back(card);
  std::vector<json::value> states;
  for (const std::int64_t card : cards) states.push_back(state_of(card));
  const auto stats_before = parse_output(run_kioku(decks.home, {"stats", "--json"}));
  const auto due_before = parse_output(run_kioku(decks.home, {"due", "--json"}));

  const CommandResult crammed = run_kioku(
      decks.home, {"review", "--cram", "--deck", "Lang::Vocab", "--limit", "2"}, "again\ngood\n");
  INFO(crammed.out << crammed.err);
  CHECK(crammed.exit_code == 0);
  CHECK(shows(crammed, "Cram: 3 left, not rescheduled"));
  CHECK(shows(crammed, "Cram: 2 left, not rescheduled"));
  // Its header has the cram's count alone (not the queues', of cards it does not reschedule).
  CHECK_FALSE(shows(crammed, " · learning "));
  CHECK(shows(crammed, "not rescheduled (cram)"));
  CHECK(shows(crammed, "2 cards reviewed"));
  CHECK_FALSE(shows(crammed, "next review in"));
  const CommandResult japanese =
      run_kioku(decks.home, {"--lang", "ja", "review", "--cram", "--limit", "1"}, "good\n");
  CHECK(shows(japanese, "詰め込み: 残り 4 枚、予定は変わりません"));
  CHECK(shows(japanese, "予定は変わりません（詰め込み）"));

  // Each card's state as it was; three answers logged as cram; a rebuild changes nothing.
  for (std::size_t i = 0; i < cards.size(); ++i) {
    INFO("card " << cards[i]);
    CHECK(state_of(cards[i]) == states[i]);
  }
  int cram_answers = 0;
  for (const std::int64_t card : cards) {
    const auto shown =
        parse_output(run_kioku(decks.home, {"card", "show", std::to_string(card), "--json"}));
    for (const json::value& answer : shown.at("history").at("answers").as_array()) {
      if (answer.at("kind").as_string() == "cram") ++cram_answers;
    }
  }
  CHECK(cram_answers == 3);
  CHECK(field(parse_output(run_kioku(decks.home, {"doctor", "--rebuild", "--json"})), "changed") ==
        0);
  // The due counts stay; statistics count the cram answers as cram, not in true retention.
  CHECK(parse_output(run_kioku(decks.home, {"due", "--json"})) == due_before);
  const auto stats_after = parse_output(run_kioku(decks.home, {"stats", "--json"}));
  CHECK(stats_after.at("true_retention") == stats_before.at("true_retention"));
  CHECK(field(stats_after.at("today"), "cram") == 3);
  CHECK(field(stats_before.at("today"), "cram") == 0);
}

TEST_CASE("e2e: full screen - a cram session says so in its header, and u walks it back",
          "[e2e][terminal][full-screen][review_options]") {
  Decks decks;
  REQUIRE(shows(run_kioku(decks.home, {"review", "--deck", "Lang::Vocab"}, "easy\neasy\neasy\n"),
                "3 cards reviewed"));
  const auto history_of = [&](int card) {
    return parse_output(run_kioku(decks.home, {"card", "show", std::to_string(card), "--json"}))
        .at("history");
  };
  std::vector<json::value> states;
  for (const int card : {2, 3, 4}) states.push_back(history_of(card).at("state"));
  TmuxSession terminal(decks.home.root(),
                       kioku_path() + " --socket " + decks.home.socket_path() +
                           " review --cram --deck Lang::Vocab; echo \"kioku exited with $?\"",
                       decks.home.environment());
  INFO("screen:\n" << terminal.screen_text());
  REQUIRE(terminal.wait_for("Cram: 3 left, not rescheduled · Lang::Vocab"));
  // The header's one count is the cram's: the queues' (new cards cram never shows, reviews it
  // does not reschedule) are not beside it.
  CHECK(terminal.screen_text().rfind(" left") == terminal.screen_text().find(" left"));
  CHECK(terminal.screen_text().find(" · learning ") == std::string::npos);
  // The cards come by due time; which is first depends on their fuzz.
  std::string first;
  REQUIRE(terminal.wait_until([&] {
    for (const char* question : {"vocab-one?", "vocab-two?", "verbs-one?"}) {
      if (terminal.screen_text().find(question) != std::string::npos) first = question;
    }
    return !first.empty();
  }));
  terminal.send_keys("Space");
  // The rating keys say no wait: none of them reschedules.
  REQUIRE(terminal.wait_for("[g/Enter] Good"));
  CHECK(terminal.screen_text().find("[a] Again 1") == std::string::npos);
  terminal.send_keys("g");
  REQUIRE(terminal.wait_for("Cram: 2 left, not rescheduled"));
  REQUIRE(terminal.wait_for("→ good, not rescheduled (cram)"));
  // u takes the cram answer back, and the session back to that card.
  terminal.send_keys("u");
  REQUIRE(terminal.wait_for("Undone: your answer to card"));
  REQUIRE(terminal.wait_for("Cram: 3 left, not rescheduled"));
  REQUIRE(terminal.wait_for(first));
  terminal.send_keys("q");
  REQUIRE(terminal.wait_for("kioku exited with 0"));
  // Every card as it was, its one scheduled answer its history (the cram one voided).
  for (const int card : {2, 3, 4}) {
    INFO("card " << card);
    const json::value history = history_of(card);
    CHECK(history.at("state") == states[static_cast<std::size_t>(card - 2)]);
    CHECK(history.at("answers").as_array().size() == 1);
  }
}
