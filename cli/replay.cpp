// JSONL in, JSONL out. Hand-written output keeps a million lines fast; parsing uses Boost.JSON.
#include "cli/replay.hpp"

#include "cli/maintenance_messages.hpp"
#include "cli/messages.hpp"
#include "cli/replay_line.hpp"

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
#include "core/replay.hpp"
#include "core/time_format.hpp"

namespace kioku::cli {

namespace json = boost::json;

namespace {

// A number for the card's text id (FNV-1a), so fuzz seeds do not depend on input order.
std::int64_t card_number(std::string_view id) {
  std::uint64_t hash = 14695981039346656037ull;
  for (unsigned char byte : id) {
    hash ^= byte;
    hash *= 1099511628211ull;
  }
  return static_cast<std::int64_t>(hash >> 1);
}

// A growable run of bytes left uninitialized: zero-filling the two 1 MiB buffers was a
// noticeable share of a short replay.
class ByteBuffer {
 public:
  explicit ByteBuffer(std::size_t size)
      : data_(std::make_unique_for_overwrite<char[]>(size)), size_(size) {}
  char* data() { return data_.get(); }
  std::size_t size() const { return size_; }
  // Grows to `size`, keeping the first `keep` bytes.
  void grow(std::size_t size, std::size_t keep) {
    auto bigger = std::make_unique_for_overwrite<char[]>(size);
    std::memcpy(bigger.get(), data_.get(), keep);
    data_ = std::move(bigger);
    size_ = size;
  }

 private:
  std::unique_ptr<char[]> data_;
  std::size_t size_;
};

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

// Lines of a stream, read in large blocks; each line is valid until the next call.
class LineReader {
 public:
  explicit LineReader(std::istream& input) : input_(input), data_(kBlock) {}

  // Like std::getline: false at the end, and a last line without a newline still counts.
  bool next(std::string_view& line) {
    for (;;) {
      const char* start = data_.data() + begin_;
      if (const void* newline = std::memchr(start, '\n', end_ - begin_)) {
        const auto length = static_cast<std::size_t>(static_cast<const char*>(newline) - start);
        line = std::string_view(start, length);
        begin_ += length + 1;
        return true;
      }
      if (at_end_) {
        if (begin_ == end_) return false;
        line = std::string_view(start, end_ - begin_);
        begin_ = end_;
        return true;
      }
      refill();
    }
  }

 private:
  void refill() {
    std::memmove(data_.data(), data_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
    if (data_.size() - end_ < kBlock / 2) data_.grow(data_.size() * 2, end_);
    const std::streamsize got = input_.rdbuf()->sgetn(
        data_.data() + end_, static_cast<std::streamsize>(data_.size() - end_));
    if (got <= 0) {
      at_end_ = true;
      return;
    }
    end_ += static_cast<std::size_t>(got);
  }

  static constexpr std::size_t kBlock = 1 << 20;
  std::istream& input_;
  ByteBuffer data_;
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  bool at_end_ = false;
};

// Card ids looked up by the string_view of the line, without building a string each time.
struct TextHash {
  using is_transparent = void;
  // FNV-1a, as for the card number: ids are short, where it beats std::hash's longer setup.
  std::size_t operator()(std::string_view text) const noexcept {
    return static_cast<std::size_t>(card_number(text));
  }
};

}  // namespace

void replay(std::istream& input, std::FILE* output, const ReplayOptions& options) {
  const DayCalendar calendar(options.day_starts_at_hour);
  const Replay replay_answers(options.deck, calendar);
  std::unordered_map<std::string, ReplayedCard, TextHash, std::equal_to<>> cards;
  LineReader lines(input);
  std::string_view line;
  OutputBuffer out(output);
  ReplayLine fields;
  std::int64_t line_number = 0;
  const MaintenanceMessages& words = maintenance_messages_for(options.language);
  const auto fail = [&](const std::string& field, const std::string& message) {
    out.flush();
    std::fflush(output);
    throw InputError("stdin", static_cast<int>(line_number), field, message);
  };
  using Kind = ReplayField::Kind;
  while (lines.next(line)) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    if (const auto problem = read_replay_line(line, fields)) fail("", *problem);

    if (fields.card.kind != Kind::kString) fail("card", words.replay_card_not_text);
    if (fields.time.kind != Kind::kString) fail("time", words.replay_time_not_text);
    const auto time = parse_rfc3339(fields.time.text);
    if (!time) {
      fail("time", fill_in(words.replay_time_invalid, {{"time", std::string(fields.time.text)}}));
    }

    Answer answer;
    if (fields.quality.kind != Kind::kAbsent) {
      if (options.deck.algorithm != Algorithm::kSm2Classic) {
        fail("quality", words.replay_quality_needs_classic);
      }
      if (fields.quality.kind != Kind::kInteger || fields.quality.integer < 0 ||
          fields.quality.integer > 5) {
        fail("quality", words.replay_quality_range);
      }
      answer.quality = static_cast<int>(fields.quality.integer);
      answer.rating = rating_for_quality(*answer.quality);
    } else {
      const auto rating = fields.rating.kind == Kind::kString && fields.rating.text.size() >= 3
                              ? parse_rating(fields.rating.text)
                              : std::nullopt;
      if (!rating) fail("rating", words.replay_rating_invalid);
      answer.rating = *rating;
    }

    const std::string_view card_id = fields.card.text;
    auto entry = cards.find(card_id);
    if (entry == cards.end()) {
      entry = cards.emplace(std::string(card_id), ReplayedCard{}).first;
      entry->second.id = card_number(card_id);
    }
    ReplayedCard& card = entry->second;
    replay_answers.apply(card, PastAnswer{*time, answer});

    // Everything but the two strings from the input is bounded by kFixedLength.
    constexpr std::size_t kFixedLength = 512;
    out.reserve(kFixedLength + quoted_length(card_id.size()) +
                quoted_length(fields.time.text.size()));
    const CardState& state = card.state;
    char* at = out.end();
    at = put(at, "{\"card\":");
    at = put_string(at, card_id, fields.plain);
    at = put(at, ",\"time\":");
    at = put_string(at, fields.time.text, fields.plain);
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
