// JSONL in, JSONL out. Hand-written output keeps a million lines fast; parsing uses Boost.JSON.
#include "cli/replay.hpp"

#include "cli/history_reader.hpp"
#include "cli/line_reader.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <charconv>
#include <cstring>
#include <functional>
#include <memory>
#include <string_view>
#include <unordered_map>

#include "core/day_calendar.hpp"
#include "core/digit_pairs.hpp"
#include "core/error.hpp"
#include "core/fnv1a.hpp"
#include "core/replay.hpp"
#include "core/time_format.hpp"

namespace kioku::cli {

namespace json = boost::json;

namespace {

// A number for the card's text id (FNV-1a), so fuzz seeds do not depend on input order.
std::int64_t card_number(std::string_view id) {
  return static_cast<std::int64_t>(fnv1a_64(id) >> 1);
}

// Output lines are written straight into one large buffer, handed to fwrite when full: the
// std::string appends this replaced were a third of replay's time.
class OutputBuffer {
 public:
  explicit OutputBuffer(std::FILE* output) : output_(output), data_(kCapacity) {}

  // Room for `length` more characters at end(), flushing first when needed.
  void reserve(std::size_t length) {
    if (used_ + length <= data_.size()) return;
    flush();
    if (length > data_.size()) data_.grow(length, 0);
  }
  char* end() { return data_.data() + used_; }
  void set_end(char* end) { used_ = static_cast<std::size_t>(end - data_.data()); }

  void flush() {
    std::fwrite(data_.data(), 1, used_, output_);
    used_ = 0;
  }

 private:
  static constexpr std::size_t kCapacity = 1 << 20;
  std::FILE* output_;
  ByteBuffer data_;
  std::size_t used_ = 0;
};

char* put(char* out, std::string_view text) {
  std::memcpy(out, text.data(), text.size());
  return out + text.size();
}

char* put_integer(char* out, std::int64_t value) {
  return std::to_chars(out, out + 24, value).ptr;
}

// Stability, difficulty and ease with 10 decimals (trailing zeros dropped): far finer than the
// 1e-5 the reference comparison needs, and much cheaper than the shortest round-trip form.
char* put_number(char* out, double value) {
  constexpr double kScale = 1e10;
  if (!(value >= 0.0) || value >= 9.0e8) return std::to_chars(out, out + 32, value).ptr;
  const auto scaled = static_cast<std::uint64_t>(value * kScale + 0.5);
  out = put_integer(out, static_cast<std::int64_t>(scaled / 10'000'000'000ull));
  std::uint64_t fraction = scaled % 10'000'000'000ull;
  if (fraction == 0) return out;
  // Ten digits two at a time, then the trailing zeros dropped.
  *out++ = '.';
  // The last eight digits in 32-bit arithmetic, cheaper than dividing the 64-bit whole.
  auto last_eight = static_cast<std::uint32_t>(fraction % 100'000'000);
  for (int i = 8; i >= 2; i -= 2) {
    write_digit_pair(out + i, last_eight % 100);
    last_eight /= 100;
  }
  write_digit_pair(out, static_cast<unsigned>(fraction / 100'000'000));
  int length = 10;
  while (out[length - 1] == '0') --length;
  return out + length;
}

// The most a JSON string of `length` bytes can take: every byte a \u00XX escape, and quotes.
constexpr std::size_t quoted_length(std::size_t length) {
  return 6 * length + 2;
}

// `text` between quotes as it is.
char* put_quoted(char* out, std::string_view text) {
  *out++ = '"';
  out = put(out, text);
  *out++ = '"';
  return out;
}

// `text` as a JSON string when it may need escapes. Boost.JSON escapes nothing but '"', '\\'
// and control bytes (not DEL, not '/', not UTF-8), so a text without them is only quoted.
char* put_checked_string(char* out, std::string_view text) {
  const bool needs_escape = std::any_of(text.begin(), text.end(), [](char c) {
    return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20;
  });
  if (needs_escape) return put(out, json::serialize(json::string_view(text.data(), text.size())));
  return put_quoted(out, text);
}

// `text` as a JSON string. `plain` when the fast parser read the line (ReplayLine::plain): no
// byte then needs an escape, and the check is skipped. The check stays in its own function:
// inlined here, it made the fast parser's lines, nearly all of a replay, slower.
char* put_string(char* out, std::string_view text, bool plain) {
  return plain ? put_quoted(out, text) : put_checked_string(out, text);
}

// Card ids looked up by the string_view of the line, without building a string each time.
struct TextHash {
  using is_transparent = void;
  // FNV-1a, as for the card number: ids are short, where it beats std::hash's longer setup.
  std::size_t operator()(std::string_view text) const noexcept {
    return static_cast<std::size_t>(card_number(text));
  }
};

}  // namespace

void replay(int input, std::FILE* output, const ReplayOptions& options) {
  const DayCalendar calendar(options.day_starts_at_hour);
  const Replay replay_answers(options.deck, calendar);
  std::unordered_map<std::string, ReplayedCard, TextHash, std::equal_to<>> cards;
  HistoryReader history(input, "stdin", options.deck.algorithm, options.language);
  HistoryLine line;
  OutputBuffer out(output);
  for (;;) {
    try {
      if (!history.next(line)) break;
    } catch (const InputError&) {
      // The lines before the malformed one are out before its error.
      out.flush();
      std::fflush(output);
      throw;
    }
    const Answer& answer = line.answer.answer;
    const std::string_view card_id = line.card;
    auto entry = cards.find(card_id);
    if (entry == cards.end()) {
      entry = cards.emplace(std::string(card_id), ReplayedCard{}).first;
      entry->second.id = card_number(card_id);
    }
    ReplayedCard& card = entry->second;
    replay_answers.apply(card, line.answer);

    // Everything but the two strings from the input is bounded by kFixedLength.
    constexpr std::size_t kFixedLength = 512;
    out.reserve(kFixedLength + quoted_length(card_id.size()) + quoted_length(line.time.size()));
    const CardState& state = card.state;
    char* at = out.end();
    at = put(at, "{\"card\":");
    at = put_string(at, card_id, line.plain);
    at = put(at, ",\"time\":");
    at = put_string(at, line.time, line.plain);
    if (answer.quality) {
      at = put(at, ",\"quality\":");
      at = put_integer(at, *answer.quality);
    } else {
      at = put(at, ",\"rating\":\"");
      at = put(at, to_string(answer.rating));
      *at++ = '"';
    }
    at = put(at, ",\"state\":\"");
    at = put(at, to_string(state.phase));
    at = put(at, "\",\"due\":\"");
    at = write_rfc3339_utc_ms(at, state.due);
    at = put(at, "\",\"interval_days\":");
    at = put_integer(at, state.phase == Phase::kReview ? state.interval_days : 0);
    at = put(at, ",\"reps\":");
    at = put_integer(at, state.reps);
    at = put(at, ",\"lapses\":");
    at = put_integer(at, state.lapses);
    if (options.deck.algorithm == Algorithm::kFsrs) {
      at = put(at, ",\"stability\":");
      at = put_number(at, state.stability);
      at = put(at, ",\"difficulty\":");
      at = put_number(at, state.difficulty);
    } else {
      at = put(at, ",\"ease\":");
      at = put_number(at, state.ease);
    }
    if (options.deck.algorithm == Algorithm::kSm2Classic) {
      at = put(at, ",\"repetition\":");
      at = put_integer(at, state.repetition);
    }
    at = put(at, "}\n");
    out.set_end(at);
  }
  out.flush();
  std::fflush(output);
}

}  // namespace kioku::cli
