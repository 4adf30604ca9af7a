// The wire structs against what kiokud sends: every result read back and written again gives the
// same bytes, a missing or mistyped field is an error that names it, and request checks give
// the dispatcher's messages.
#include "protocol/wire_struct.hpp"

#include <catch2/catch.hpp>

#include "protocol/deck_types.hpp"
#include "protocol/doctor_types.hpp"
#include "protocol/review_types.hpp"
#include "protocol/stats_types.hpp"
#include "protocol/system_types.hpp"
#include "tests/protocol/captured_replies.hpp"

namespace json = boost::json;
using namespace kioku;
using namespace kioku::protocol;
using namespace kioku::test::captured;

namespace {

template <class Result>
std::string read_and_write(const char* text) {
  const json::value wire = json::parse(text);
  return json::serialize(encode(decode_result<Result>("test.method", wire)));
}

std::string message_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const Error& error) {
    return error.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("wire structs: every result reads back and writes the same bytes", "[protocol][wire]") {
  const auto same = [](auto result_type, const char* text) {
    using Result = decltype(result_type);
    CHECK(read_and_write<Result>(text) == json::serialize(json::parse(text)));
  };
  for_each_captured_reply(same);
}

TEST_CASE("wire structs: read values are the ones sent", "[protocol][wire]") {
  const auto next = decode_result<ReviewNextResult>("review.next", json::parse(kReviewNextReply));
  REQUIRE(next.card);
  CHECK(next.counts.new_ == 8);
  CHECK(next.card->choices.size() == 4);
  CHECK(next.card->preview.easy.interval_days == 4);
  CHECK(next.card->state.due == std::nullopt);
  CHECK_FALSE(next.next_due_ms.has_value());  // left out when a card is given
  const auto none =
      decode_result<ReviewNextResult>("review.next", json::parse(kReviewNextNoneReply));
  CHECK_FALSE(none.card);
  REQUIRE(none.next_due_ms.has_value());  // present, and null
  CHECK(*none.next_due_ms == std::nullopt);
  const auto answer =
      decode_result<ReviewAnswerResult>("review.answer", json::parse(kReviewAnswerReply));
  CHECK(answer.state.ease == 2.5);
  CHECK(answer.correct == true);
  const auto decks = decode_result<DeckListResult>("deck.list", json::parse(kDeckListReply));
  CHECK(decks.decks.at(0).names.at("ja") == "勾配チェックポインティング");
}

TEST_CASE("wire structs: a reply missing a field or with a mistyped one is an error naming it",
          "[protocol][wire]") {
  json::value wire = json::parse(kReviewNextReply);
  SECTION("missing") {
    wire.at("card").as_object().erase("explanation");
    CHECK(message_of([&] { decode_result<ReviewNextResult>("review.next", wire); }) ==
          "kiokud's reply to review.next: field 'card.explanation' is missing");
  }
  SECTION("mistyped, nested") {
    wire.at("card").at("preview").at("good").as_object()["due_ms"] = "soon";
    CHECK(message_of([&] { decode_result<ReviewNextResult>("review.next", wire); }) ==
          "kiokud's reply to review.next: field 'card.preview.good.due_ms' must be an integer");
  }
  SECTION("in an array") {
    wire.at("card").at("choices").as_array()[2] = 3;
    CHECK(message_of([&] { decode_result<ReviewNextResult>("review.next", wire); }) ==
          "kiokud's reply to review.next: field 'card.choices[2]' must be a string");
  }
  SECTION("null where a value is required") {
    wire.as_object()["counts"] = nullptr;
    CHECK(message_of([&] { decode_result<ReviewNextResult>("review.next", wire); }) ==
          "kiokud's reply to review.next: field 'counts' must be an object");
  }
  SECTION("a nullable field left out") {
    json::value counts = json::parse(kDueCountsReply);
    counts.as_object().erase("next_due");
    CHECK(message_of([&] { decode_result<DueCountsResult>("due.counts", counts); }) ==
          "kiokud's reply to due.counts: field 'next_due' is missing");
  }
  SECTION("not an object at all") {
    CHECK(message_of([&] { decode_result<StatsSummaryResult>("stats.summary", json::value(3)); }) ==
          "kiokud's reply to stats.summary: the result must be an object");
  }
  SECTION("an error is kInternal") {
    wire.as_object().erase("counts");
    try {
      decode_result<ReviewNextResult>("review.next", wire);
      FAIL("no error");
    } catch (const Error& error) {
      CHECK(error.code() == ErrorCode::kInternal);
    }
  }
}

TEST_CASE("wire structs: request checks give the dispatcher's messages", "[protocol][wire]") {
  const auto problem = [](const char* params) {
    return message_of([&] {
      decode_params<ReviewAnswerParams>("review.answer", json::parse(params).as_object());
    });
  };
  CHECK(problem(R"({"card":"1"})") == "parameter 'card' must be an integer");
  CHECK(problem(R"({"choice":1})") ==
        "missing required parameter 'card' (integer: the card's id, from review.next)");
  CHECK(problem(R"({"card":1,"colour":"red"})") ==
        "unknown parameter 'colour' for review.answer (it takes: card, choice, typed, rating, "
        "quality, duration_ms, answer_id, lang, cram)");
  CHECK(problem(R"({"card":1,"rating":null})") == "parameter 'rating' must be a string");
  CHECK(problem(R"({"card":18446744073709551615})") == "parameter 'card' is too large");
  CHECK(message_of([] {
          decode_params<NoParams>("stats.summary", json::parse(R"({"x":1})").as_object());
        }) == "unknown parameter 'x' for stats.summary (it takes none)");
  CHECK(message_of([] {
          decode_params<DeckConfigParams>("deck.config",
                                          json::parse(R"({"deck":"d","set":[]})").as_object());
        }) == "parameter 'set' must be an object");

  const auto answer = decode_params<ReviewAnswerParams>(
      "review.answer", json::parse(R"({"card":7,"choice":2,"lang":"ja"})").as_object());
  CHECK(answer.card == 7);
  CHECK(answer.choice == 2);
  CHECK(answer.lang == "ja");
  CHECK_FALSE(answer.rating);
  try {
    decode_params<ReviewAnswerParams>("review.answer", json::object{});
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(error.code() == ErrorCode::kInvalidParams);
  }
}

TEST_CASE("wire structs: parameter specs come from the request type", "[protocol][wire]") {
  const auto& specs = field_specs<ReviewAnswerParams>();
  REQUIRE(specs.size() == 9);
  CHECK(specs[0].name == "card");
  CHECK(specs[0].type == WireType::kInteger);
  CHECK(specs[0].required);
  CHECK(specs[0].help == "the card's id, from review.next");
  CHECK(specs[3].name == "rating");
  CHECK(specs[3].type == WireType::kString);
  CHECK_FALSE(specs[3].required);
  CHECK(specs[7].help == "language of texts: en or ja");
  CHECK(specs[8].name == "cram");
  CHECK(specs[8].type == WireType::kBoolean);
  CHECK(field_specs<NoParams>().empty());
  CHECK(field_specs<DeckConfigParams>()[1].type == WireType::kObject);
  // A member named after a keyword keeps its wire name.
  const json::value counts = encode(Counts{3, 1, 2, 6});
  CHECK(json::serialize(counts) == R"({"new":3,"learning":1,"review":2,"total":6})");
}
