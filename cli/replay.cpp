// JSONL in, JSONL out. Hand-written output keeps a million lines fast; parsing uses Boost.JSON.
#include "cli/replay.hpp"

#include <boost/json.hpp>
#include <charconv>
#include <unordered_map>

#include "core/day_calendar.hpp"
#include "core/error.hpp"
#include "core/scheduler.hpp"
#include "core/time_format.hpp"

namespace kioku::cli {

namespace json = boost::json;

namespace {

// What one card has been through so far.
struct ReplayCard {
  std::int64_t id = 0;  // stable number for the fuzz seed
  CardState state;
};

// A number for the card's text id (FNV-1a), so fuzz seeds do not depend on input order.
std::int64_t card_number(std::string_view id) {
  std::uint64_t hash = 14695981039346656037ull;
  for (unsigned char byte : id) {
    hash ^= byte;
    hash *= 1099511628211ull;
  }
  return static_cast<std::int64_t>(hash >> 1);
}

void append_number(std::string& out, double value) {
  char text[32];
  const auto result = std::to_chars(text, text + sizeof text, value);
  out.append(text, result.ptr);
}

void append_integer(std::string& out, std::int64_t value) {
  char text[24];
  const auto result = std::to_chars(text, text + sizeof text, value);
  out.append(text, result.ptr);
}

void append_string(std::string& out, std::string_view text) {
  out += json::serialize(json::string_view(text.data(), text.size()));
}

}  // namespace

void replay(std::istream& input, std::FILE* output, const ReplayOptions& options) {
  const DayCalendar calendar(options.day_starts_at_hour);
  std::unordered_map<std::string, ReplayCard> cards;
  std::string line;
  std::string out;
  out.reserve(1 << 20);
  json::parser parser;
  std::int64_t line_number = 0;
  const auto fail = [&](const std::string& field, const std::string& message) {
    std::fwrite(out.data(), 1, out.size(), output);
    std::fflush(output);
    throw InputError("stdin", static_cast<int>(line_number), field, message);
  };
  while (std::getline(input, line)) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json::error_code error;
    parser.reset();
    parser.write(line, error);
    if (error) fail("", "not valid JSON: " + error.message());
    const json::value value = parser.release();
    if (!value.is_object()) fail("", "each line must be a JSON object");
    const json::object& object = value.as_object();

    const json::value* card_field = object.if_contains("card");
    if (card_field == nullptr || !card_field->is_string()) fail("card", "must be a string");
    const json::value* time_field = object.if_contains("time");
    if (time_field == nullptr || !time_field->is_string()) fail("time", "must be an RFC 3339 time");
    const auto time = parse_rfc3339(time_field->as_string());
    if (!time)
      fail("time", "\"" + std::string(time_field->as_string()) + "\" is not an RFC 3339 time");

    Answer answer;
    const json::value* rating_field = object.if_contains("rating");
    const json::value* quality_field = object.if_contains("quality");
    if (quality_field != nullptr) {
      if (options.deck.algorithm != Algorithm::kSm2Classic) {
        fail("quality", "is only for --algorithm sm2-classic; use rating");
      }
      if (!quality_field->is_int64() || quality_field->as_int64() < 0 ||
          quality_field->as_int64() > 5) {
        fail("quality", "must be an integer from 0 to 5");
      }
      answer.quality = static_cast<int>(quality_field->as_int64());
      answer.rating = rating_for_quality(*answer.quality);
    } else {
      if (rating_field == nullptr || !rating_field->is_string()) {
        fail("rating", "must be again, hard, good or easy");
      }
      const auto rating = parse_rating(rating_field->as_string());
      if (!rating || rating_field->as_string().size() < 3) {
        fail("rating", "must be again, hard, good or easy");
      }
      answer.rating = *rating;
    }

    const std::string card_id(card_field->as_string());
    auto [entry, inserted] = cards.try_emplace(card_id);
    if (inserted) entry->second.id = card_number(card_id);
    ReplayCard& card = entry->second;
    if (card.state.reps > 0 && *time < card.state.last_review) {
      fail("time",
           "goes back before the card's previous answer (each card's lines must be in "
           "time order)");
    }
    card.state =
        next_state(card.state, answer, AnswerContext{*time, calendar, card.id}, options.deck);

    const CardState& state = card.state;
    out += "{\"card\":";
    append_string(out, card_id);
    out += ",\"time\":";
    append_string(out, time_field->as_string());
    if (answer.quality) {
      out += ",\"quality\":";
      append_integer(out, *answer.quality);
    } else {
      out += ",\"rating\":\"";
      out += to_string(answer.rating);
      out += '"';
    }
    out += ",\"state\":\"";
    out += to_string(state.phase);
    out += "\",\"due\":\"";
    out += format_rfc3339_utc_ms(state.due);
    out += "\",\"interval_days\":";
    append_integer(out, state.phase == Phase::kReview ? state.interval_days : 0);
    out += ",\"reps\":";
    append_integer(out, state.reps);
    out += ",\"lapses\":";
    append_integer(out, state.lapses);
    if (options.deck.algorithm == Algorithm::kFsrs) {
      out += ",\"stability\":";
      append_number(out, state.stability);
      out += ",\"difficulty\":";
      append_number(out, state.difficulty);
    } else {
      out += ",\"ease\":";
      append_number(out, state.ease);
    }
    if (options.deck.algorithm == Algorithm::kSm2Classic) {
      out += ",\"repetition\":";
      append_integer(out, state.repetition);
    }
    out += "}\n";
    if (out.size() > (1 << 20) - 4096) {
      std::fwrite(out.data(), 1, out.size(), output);
      out.clear();
    }
  }
  std::fwrite(out.data(), 1, out.size(), output);
  std::fflush(output);
}

}  // namespace kioku::cli
