// review.next, review.answer and due.counts on an in-memory collection with a fake clock.
#include "tests/daemon/daemon_fixture.hpp"

using namespace kioku;
using namespace kioku::test;
namespace json = boost::json;

TEST_CASE("review: cards come in deck order and a wrong choice is rated again",
          "[daemon][review]") {
  DaemonFixture fixture;
  fixture.import_format1_deck();
  const auto next = fixture.result("review.next", {{"lang", "ja"}});
  CHECK(next.at("counts").at("new").as_int64() == 8);
  const json::value& card = next.at("card");
  CHECK(card.at("external_id").as_string() == "gc-001");
  CHECK(card.at("question").as_string().find("勾配チェックポインティング") != std::string::npos);
  CHECK(card.at("choices").as_array().size() == 4);
  CHECK(card.at("preview").at("good").at("wait").as_string() == "10m");
  // Only the daemon grades: the card comes without its answer.
  CHECK_FALSE(card.as_object().contains("answer"));

  const auto answer = fixture.result(
      "review.answer", {{"card", card.at("id").as_int64()}, {"choice", 2}, {"duration_ms", 4200}});
  CHECK(answer.at("correct").as_bool() == false);
  CHECK(answer.at("rating").as_string() == "again");
  CHECK(answer.at("answer").as_int64() == 1);
  CHECK(answer.at("state").at("phase").as_string() == "learning");
  CHECK(answer.at("state").at("due_ms").as_int64() == kTestMorning + 60'000);

  const auto counts = fixture.result("due.counts");
  CHECK(counts.at("new").as_int64() == 7);
  CHECK(counts.at("learning").as_int64() == 0);
  CHECK(counts.at("next_due_ms").as_int64() == kTestMorning + 60'000);

  fixture.clock.advance_ms(61'000);
  const auto later = fixture.result("due.counts");
  CHECK(later.at("learning").as_int64() == 1);
  // A learning card that is due comes before new cards.
  CHECK(fixture.result("review.next").at("card").at("external_id").as_string() == "gc-001");
}

TEST_CASE("review: a right choice takes the rating given - a wrong one refuses other ratings",
          "[daemon][review]") {
  DaemonFixture fixture;
  fixture.import_format1_deck();
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();
  const auto refused =
      fixture.call("review.answer", {{"card", card}, {"choice", 3}, {"rating", "easy"}});
  CHECK(refused.at("error").at("code").as_int64() == -32602);
  CHECK(refused.at("error").at("message").as_string() == "a wrong choice is always rated again");
  const auto out_of_range = fixture.call("review.answer", {{"card", card}, {"choice", 5}});
  CHECK(out_of_range.at("error").at("message").as_string() ==
        "parameter 'choice' must be between 1 and 4, got 5");
  CHECK(fixture.call("review.answer", {{"card", 999}, {"choice", 1}}).at("error").at("code") ==
        -32001);

  const auto easy =
      fixture.result("review.answer", {{"card", card}, {"choice", 1}, {"rating", "easy"}});
  CHECK(easy.at("state").at("phase").as_string() == "review");
  CHECK(easy.at("state").at("interval_days").as_int64() == 4);
  const auto stats = fixture.result("stats.summary");
  CHECK(stats.at("reviews_today").as_int64() == 1);
  CHECK(stats.at("correct_today").as_int64() == 1);
  CHECK(stats.at("streak_days").as_int64() == 1);
}

TEST_CASE("review: review.check grades a choice and records nothing", "[daemon][review]") {
  DaemonFixture fixture;
  fixture.import_format1_deck();
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();
  const auto right =
      fixture.result("review.check", {{"card", card}, {"choice", 1}, {"lang", "ja"}});
  CHECK(right.at("card").as_int64() == card);
  CHECK(right.at("correct").as_bool());
  CHECK(right.at("answer").as_int64() == 1);
  CHECK(right.at("explanation").as_string().find("勾配チェックポインティング") !=
        std::string::npos);
  const auto wrong = fixture.result("review.check", {{"card", card}, {"choice", 3}});
  CHECK_FALSE(wrong.at("correct").as_bool());
  CHECK(wrong.at("answer").as_int64() == 1);

  // The same checks of the choice as review.answer's.
  CHECK(fixture.call("review.check", {{"card", card}, {"choice", 5}}).at("error").at("message") ==
        "parameter 'choice' must be between 1 and 4, got 5");
  CHECK(fixture.call("review.check", {{"card", card}}).at("error").at("message") ==
        "parameter 'choice' is required for a choice card");
  CHECK(fixture.call("review.check", {{"card", 999}, {"choice", 1}}).at("error").at("code") ==
        -32001);

  // Nothing changed: the same card is next, still new, and no answer is in the log.
  const auto next = fixture.result("review.next");
  CHECK(next.at("card").at("id").as_int64() == card);
  CHECK(next.at("card").at("state").at("phase").as_string() == "new");
  CHECK(next.at("counts").at("new").as_int64() == 8);
  CHECK(fixture.collection.daily_stats().review_count() == 0);
}

TEST_CASE("review: review.choose records a wrong choice at once and holds a right one",
          "[daemon][review]") {
  DaemonFixture fixture;
  fixture.import_format1_deck();
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();

  // Right: held, nothing written; review.answer then brings the rating.
  const json::object right{{"card", card}, {"choice", 1}, {"answer_id", "c-1"}};
  const auto held = fixture.result("review.choose", right);
  CHECK(held.at("held").as_bool());
  CHECK(held.at("correct").as_bool());
  CHECK(held.at("answer").as_int64() == 1);
  CHECK(held.at("recorded").is_null());
  CHECK(fixture.result("review.choose", right).at("held").as_bool());  // sent again: still held
  CHECK(fixture.collection.daily_stats().review_count() == 0);
  const auto rated = fixture.result(
      "review.answer", {{"card", card}, {"choice", 1}, {"rating", "easy"}, {"answer_id", "c-1"}});
  CHECK(rated.at("rating").as_string() == "easy");
  CHECK(fixture.collection.daily_stats().review_count() == 1);

  // Wrong: recorded at once, rated again, with the verdict; sent again, answered from the log.
  const std::int64_t second = fixture.result("review.next").at("card").at("id").as_int64();
  const json::object wrong{{"card", second}, {"choice", 1}, {"answer_id", "c-2"}};
  const auto first = fixture.result("review.choose", wrong);
  CHECK_FALSE(first.at("held").as_bool());
  CHECK_FALSE(first.at("correct").as_bool());
  CHECK(first.at("answer").as_int64() == 2);
  CHECK(first.at("recorded").at("rating").as_string() == "again");
  CHECK_FALSE(first.at("recorded").at("already_recorded").as_bool());
  const auto again = fixture.result("review.choose", wrong);
  CHECK(again.at("recorded").at("already_recorded").as_bool());
  CHECK(again.at("recorded").at("review_id") == first.at("recorded").at("review_id"));
  CHECK(fixture.collection.daily_stats().review_count() == 2);

  CHECK(fixture.call("review.choose", {{"card", card}, {"choice", 9}}).at("error").at("code") ==
        -32602);
  CHECK(fixture.call("review.choose", {{"card", card}, {"choice", 1}, {"duration_ms", -1}})
            .at("error")
            .at("code") == -32602);
}

TEST_CASE("stats: reviews_total is every answer in the log across decks and days",
          "[daemon][stats]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("first", 6);
  fixture.import_choice_deck("second", 6);
  std::int64_t answered = 0;
  for (int day = 0; day < 3; ++day) {
    for (const char* deck : {"first", "second"}) {
      for (int i = 0; i < 2 + day; ++i) {
        const auto next = fixture.result("review.next", {{"deck", deck}});
        if (next.at("card").is_null()) break;
        // Wrong and right answers, so that learning cards come back the same day.
        fixture.result("review.answer", {{"card", next.at("card").at("id").as_int64()},
                                         {"choice", i % 2 == 0 ? 2 : 1}});
        ++answered;
      }
    }
    fixture.clock.advance_days(1);
  }
  auto log_rows = fixture.database.prepare("SELECT count(*) FROM revlog");
  REQUIRE(log_rows.step());
  REQUIRE(log_rows.column_int(0) == answered);
  CHECK(answered > 12);
  CHECK(fixture.result("stats.summary").at("reviews_total").as_int64() == answered);
}

TEST_CASE("review: the daily new-card limit caps what is due and what comes next",
          "[daemon][review]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("many", 30);
  CHECK(fixture.result("due.counts").at("new").as_int64() == 20);
  for (int i = 0; i < 20; ++i) {
    const auto next = fixture.result("review.next");
    REQUIRE_FALSE(next.at("card").is_null());
    fixture.result(
        "review.answer",
        {{"card", next.at("card").at("id").as_int64()}, {"choice", 1}, {"rating", "easy"}});
  }
  CHECK(fixture.result("due.counts").at("total").as_int64() == 0);
  CHECK(fixture.result("review.next").at("card").is_null());
  fixture.clock.advance_days(1);
  CHECK(fixture.result("due.counts").at("new").as_int64() == 10);
}

TEST_CASE("import: a failure midway leaves the collection as it was", "[daemon][store]") {
  DaemonFixture fixture;
  Deck deck = read_deck_file(std::string(KIOKU_SOURCE_DIR) +
                             "/tests/fixtures/gradient-checkpointing-format1.toml");
  // The sixth card's note breaks a rule of its kind (no question), found while it is saved.
  deck.cards[5].question.clear();
  CHECK_THROWS_AS(fixture.collection.import_deck(deck, "test", fixture.clock.now()), kioku::Error);
  CHECK(fixture.collection.decks().all().empty());
  CHECK(fixture.collection.cards().count() == 0);
}

TEST_CASE("review: new cards are spread evenly among the day's reviews", "[daemon][review]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("mixed", 15);
  // Ten cards learned today with Easy become reviews (3 to 5 days with fuzz); five stay new.
  for (int i = 0; i < 10; ++i) {
    const auto next = fixture.result("review.next");
    fixture.result(
        "review.answer",
        {{"card", next.at("card").at("id").as_int64()}, {"choice", 1}, {"rating", "easy"}});
  }
  fixture.clock.advance_days(6);
  const auto due = fixture.result("due.counts");
  REQUIRE(due.at("review").as_int64() == 10);
  REQUIRE(due.at("new").as_int64() == 5);

  std::string order;  // R for a review, N for a new card
  for (int i = 0; i < 15; ++i) {
    const auto next = fixture.result("review.next");
    REQUIRE_FALSE(next.at("card").is_null());
    order += next.at("card").at("state").at("phase").as_string() == "new" ? 'N' : 'R';
    fixture.result(
        "review.answer",
        {{"card", next.at("card").at("id").as_int64()}, {"choice", 1}, {"rating", "easy"}});
  }
  // Anki's intersperser: ratio (10 + 1) / (5 + 1), the longer queue first.
  CHECK(order == "RNRRNRRNRRNRRNR");
}

TEST_CASE("review: an answer sent again with its answer_id is recorded once", "[daemon][review]") {
  DaemonFixture fixture;
  fixture.import_choice_deck("resend", 2);
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();

  SECTION("the second sending gets the first one's review and the card's state") {
    const json::object answer{{"card", card}, {"choice", 2}, {"answer_id", "a-1"}};
    const auto first = fixture.result("review.answer", answer);
    const auto again = fixture.result("review.answer", answer);
    CHECK(again.at("already_recorded").as_bool());
    CHECK(again.at("review_id") == first.at("review_id"));
    CHECK(again.at("rating").as_string() == "again");
    CHECK(again.at("correct").as_bool() == false);
    CHECK(again.at("state") == first.at("state"));
    CHECK(fixture.collection.daily_stats().review_count() == 1);
    // Another id is another answer.
    const auto other =
        fixture.result("review.answer", {{"card", card}, {"choice", 1}, {"answer_id", "a-2"}});
    CHECK_FALSE(other.at("already_recorded").as_bool());
    CHECK(fixture.collection.daily_stats().review_count() == 2);
  }

  SECTION("even when the first sending suspended the card as a leech") {
    fixture.result("deck.config", {{"deck", "resend"}, {"set", {{"leech_threshold", "1"}}}});
    fixture.result("review.answer", {{"card", card}, {"choice", 1}, {"rating", "easy"}});
    fixture.clock.advance_days(10);
    const json::object lapse{{"card", card}, {"choice", 2}, {"answer_id", "lapse"}};
    const auto first = fixture.result("review.answer", lapse);
    REQUIRE(first.at("state").at("suspended").as_bool());
    const auto again = fixture.result("review.answer", lapse);
    CHECK(again.at("already_recorded").as_bool());
    CHECK(again.at("review_id") == first.at("review_id"));
    CHECK(fixture.collection.daily_stats().review_count() == 2);
  }

  SECTION("a malformed answer_id is refused before anything is written") {
    const auto refused =
        fixture.call("review.answer", {{"card", card}, {"choice", 1}, {"answer_id", "a/b"}});
    CHECK(refused.at("error").at("code").as_int64() == -32602);
    CHECK(fixture.collection.daily_stats().review_count() == 0);
  }
}

TEST_CASE("review: refusals come in English and in Japanese", "[daemon][review]") {
  DaemonFixture fixture;
  fixture.import_format1_deck();
  const std::int64_t card = fixture.result("review.next").at("card").at("id").as_int64();
  // The message (what() on the daemon's side) as it always was, and its Japanese beside it in
  // error.data.messages.ja (japanese()).
  const auto check_refusal = [&](const std::string& method, json::object params,
                                 const std::string& english, const std::string& japanese) {
    const json::value response = fixture.call(method, std::move(params));
    INFO(json::serialize(response));
    const json::value& error = response.at("error");
    CHECK(error.at("message").as_string() == english);
    CHECK(error.at("data").at("messages").at("ja").as_string() == japanese);
  };

  check_refusal("review.answer", {{"card", card}, {"choice", 5}},
                "parameter 'choice' must be between 1 and 4, got 5",
                "パラメータ 'choice' は 1 から 4 まででなければなりません（5 でした）");
  check_refusal("review.answer", {{"card", card}, {"choice", 3}, {"rating", "easy"}},
                "a wrong choice is always rated again", "間違った選択の評価は常に again です");
  check_refusal("review.answer", {{"card", card}, {"choice", 1}, {"rating", "meh"}},
                "parameter 'rating' must be again, hard, good or easy, got \"meh\"",
                "パラメータ 'rating' は again、hard、good、easy のいずれかでなければなりません"
                "（\"meh\" でした）");
  check_refusal("review.answer", {{"card", card}, {"choice", 1}, {"answer_id", "a/b"}},
                "parameter 'answer_id' must be 1 to 64 ASCII letters, digits, '-' or '_'",
                "パラメータ 'answer_id' は ASCII の英字、数字、'-'、'_' の 1 から 64 "
                "文字でなければなりません");
  check_refusal("review.next", {{"new_limit", -1}}, "parameter 'new_limit' must be >= 0, got -1",
                "パラメータ 'new_limit' は 0 以上でなければなりません（-1 でした）");
  check_refusal("review.next", {{"deck", "nope"}}, "no deck with id or name 'nope'",
                "ID または名前が 'nope' のデッキはありません");
  check_refusal("due.counts", {{"tag", ""}}, "parameter 'tag' must not be empty",
                "パラメータ 'tag' は空にできません");
  check_refusal("review.undo", {{"review_id", 12345}}, "no answer with id 12345",
                "ID が 12345 の回答はありません");
  // Nothing was recorded by any of them.
  CHECK(fixture.collection.daily_stats().review_count() == 0);
}

TEST_CASE("review: the reply's wait is what was recorded, by kiokud's clock", "[daemon][review]") {
  DaemonFixture fixture;
  fixture.import_format1_deck();
  const auto next = fixture.result("review.next");
  const std::int64_t card = next.at("card").at("id").as_int64();
  const auto& preview = next.at("card").at("preview");
  // Answered as shown: the preview's wait.
  const json::object answer{{"card", card}, {"choice", 1}, {"rating", "good"}, {"answer_id", "w"}};
  const auto good = fixture.result("review.answer", answer);
  CHECK(good.at("wait") == preview.at("good").at("wait"));
  CHECK(good.at("wait").as_string() == "10m");
  // Sent again 4 minutes later: from now.
  fixture.clock.advance_ms(4 * 60'000);
  CHECK(fixture.result("review.answer", answer).at("wait").as_string() == "6m");
  // The card shown once, answered good on another screen first, then here: the preview said
  // 10 minutes, but good on a learning card a day on graduates it.
  fixture.clock.advance_days(1);
  const auto graduated =
      fixture.result("review.answer", {{"card", card}, {"choice", 1}, {"rating", "good"}});
  REQUIRE(graduated.at("state").at("phase").as_string() == "review");
  const std::int64_t interval = graduated.at("state").at("interval_days").as_int64();
  CHECK(graduated.at("wait").as_string() == std::to_string(interval) + "d");
  CHECK(graduated.at("wait") != preview.at("good").at("wait"));
}
