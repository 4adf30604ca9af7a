// Reading and checking history lines (cli/history_reader.hpp).
#include "cli/history_reader.hpp"

#include <cstring>
#include <optional>
#include <string>
#include <utility>

#include "cli/messages.hpp"
#include "core/error.hpp"
#include "core/rating.hpp"
#include "core/scheduler.hpp"
#include "core/system_error_reason.hpp"
#include "core/time_format.hpp"

namespace kioku::cli {

HistoryReader::HistoryReader(int descriptor, std::string source, Algorithm algorithm,
                             const std::string& language)
    : lines_(descriptor),
      source_(std::move(source)),
      algorithm_(algorithm),
      words_(maintenance_messages_for(language)),
      language_(language) {}

void HistoryReader::fail(const std::string& field, const std::string& message) const {
  throw InputError(source_, line_number_, field, same_in_both(message));
}

bool HistoryReader::next_text(std::string_view& text) {
  for (;;) {
    try {
      if (!lines_.next(text)) return false;
    } catch (const LineReadError& error) {
      if (error.kind() == LineReadError::Kind::kReadFailed) {
        throw InputError(
            source_, 0, "",
            same_in_both(
                fill_in(words_.history_cannot_read,
                        {{"error", system_error_reason_in(error.error_number(), language_)}})));
      }
      ++line_number_;
      fail("", fill_in(words_.history_line_too_long,
                       {{"bytes", std::to_string(LineReader::kMaxLineBytes)}}));
    }
    ++line_number_;
    if (text.find_first_not_of(" \t\r") != std::string_view::npos) return true;
  }
}

bool HistoryReader::next(HistoryLine& line) {
  using Kind = ReplayField::Kind;
  std::string_view text;
  // A cram answer never changed a schedule: replaying it would (docs/review-screen.md, "Cram").
  do {
    if (!next_text(text)) return false;
    if (const auto problem = read_replay_line(text, fields_)) fail("", *problem);
  } while (fields_.kind.kind == Kind::kString && fields_.kind.text == "cram");

  if (fields_.card.kind != Kind::kString) fail("card", words_.replay_card_not_text);
  if (fields_.time.kind != Kind::kString) fail("time", words_.replay_time_not_text);
  const auto time = parse_rfc3339(fields_.time.text);
  if (!time) {
    fail("time", fill_in(words_.replay_time_invalid, {{"time", std::string(fields_.time.text)}}));
  }

  Answer answer;
  if (fields_.quality.kind != Kind::kAbsent) {
    if (algorithm_ != Algorithm::kSm2Classic) fail("quality", words_.replay_quality_needs_classic);
    if (fields_.quality.kind != Kind::kInteger || fields_.quality.integer < 0 ||
        fields_.quality.integer > 5) {
      fail("quality", words_.replay_quality_range);
    }
    answer.quality = static_cast<int>(fields_.quality.integer);
    answer.rating = rating_for_quality(*answer.quality);
  } else {
    const auto rating = fields_.rating.kind == Kind::kString && fields_.rating.text.size() >= 3
                            ? parse_rating(fields_.rating.text)
                            : std::nullopt;
    if (!rating) fail("rating", words_.replay_rating_invalid);
    answer.rating = *rating;
  }
  line = {fields_.card.text, fields_.time.text, PastAnswer{*time, answer}, fields_.plain};
  return true;
}

}  // namespace kioku::cli
