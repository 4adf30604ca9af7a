// JSONL in, JSONL out. Hand-written output keeps a million lines fast; parsing uses Boost.JSON.
#include "cli/replay.hpp"

#include "cli/replay_line.hpp"

#include <algorithm>
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

void append_integer(std::string& out, std::int64_t value) {
  char text[24];
  const auto result = std::to_chars(text, text + sizeof text, value);
  out.append(text, result.ptr);
}

// Stability, difficulty and ease with 10 decimals (trailing zeros dropped): far finer than the
// 1e-5 the reference comparison needs, and much cheaper than the shortest round-trip form.
void append_number(std::string& out, double value) {
  constexpr double kScale = 1e10;
  if (!(value >= 0.0) || value >= 9.0e8) {
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    out.append(text, result.ptr);
    return;
  }
  const auto scaled = static_cast<std::uint64_t>(value * kScale + 0.5);
  append_integer(out, static_cast<std::int64_t>(scaled / 10'000'000'000ull));
  std::uint64_t fraction = scaled % 10'000'000'000ull;
  if (fraction == 0) return;
  char digits[11];
  for (int i = 9; i >= 0; --i) {
    digits[i] = static_cast<char>('0' + fraction % 10);
    fraction /= 10;
  }
  int length = 10;
  while (digits[length - 1] == '0') --length;
  out += '.';
  out.append(digits, static_cast<std::size_t>(length));
}

void append_string(std::string& out, std::string_view text) {
  const bool plain = std::none_of(text.begin(), text.end(), [](char c) {
    return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20;
  });
  if (!plain) {
    out += json::serialize(json::string_view(text.data(), text.size()));
    return;
  }
  out += '"';
  out += text;
  out += '"';
}

}  // namespace

void replay(std::istream& input, std::FILE* output, const ReplayOptions& options) {
  const DayCalendar calendar(options.day_starts_at_hour);
  std::unordered_map<std::string, ReplayCard> cards;
  std::string line;
  std::string out;
  out.reserve(1 << 20);
  ReplayLine fields;
  std::int64_t line_number = 0;
  const auto fail = [&](const std::string& field, const std::string& message) {
    std::fwrite(out.data(), 1, out.size(), output);
    std::fflush(output);
    throw InputError("stdin", static_cast<int>(line_number), field, message);
  };
  using Kind = ReplayField::Kind;
  while (std::getline(input, line)) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (const auto problem = read_replay_line(line, fields)) fail("", *problem);

    if (fields.card.kind != Kind::kString) fail("card", "must be a string");
    if (fields.time.kind != Kind::kString) fail("time", "must be an RFC 3339 time");
    const auto time = parse_rfc3339(fields.time.text);
    if (!time) fail("time", "\"" + fields.time.text + "\" is not an RFC 3339 time");

    Answer answer;
    if (fields.quality.kind != Kind::kAbsent) {
      if (options.deck.algorithm != Algorithm::kSm2Classic) {
        fail("quality", "is only for --algorithm sm2-classic; use rating");
      }
      if (fields.quality.kind != Kind::kInteger || fields.quality.integer < 0 ||
          fields.quality.integer > 5) {
        fail("quality", "must be an integer from 0 to 5");
      }
      answer.quality = static_cast<int>(fields.quality.integer);
      answer.rating = rating_for_quality(*answer.quality);
    } else {
      const auto rating = fields.rating.kind == Kind::kString && fields.rating.text.size() >= 3
                              ? parse_rating(fields.rating.text)
                              : std::nullopt;
      if (!rating) fail("rating", "must be again, hard, good or easy");
      answer.rating = *rating;
    }

    const std::string& card_id = fields.card.text;
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
    append_string(out, fields.time.text);
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
