#include "core/anki_export_mapping.hpp"

#include <algorithm>
#include <cmath>

#include "core/note_kind.hpp"
#include "core/templated_note_type.hpp"

namespace kioku {

namespace {

const std::vector<AnkiStockTypeSpec>& specs() {
  static const std::vector<AnkiStockTypeSpec> kSpecs{
      {AnkiStockType::kBasic, "Basic", {"Front", "Back"}, false},
      {AnkiStockType::kReverse, "Basic (and reversed card)", {"Front", "Back"}, false},
      {AnkiStockType::kOptionalReverse,
       "Basic (optional reversed card)",
       {"Front", "Back", "Add Reverse"},
       false},
      {AnkiStockType::kTyped, "Basic (type in the answer)", {"Front", "Back"}, false},
      {AnkiStockType::kCloze, "Cloze", {"Text", "Back Extra"}, true},
  };
  return kSpecs;
}

std::string escape_html(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\n':
        out += "<br>";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// The text in `language`, else in the first language that has some.
std::string text_in(const LocalizedText* text, const std::string& language) {
  if (text == nullptr) return "";
  const auto chosen = text->find(language);
  if (chosen != text->end() && !chosen->second.empty()) return chosen->second;
  for (const auto& [other, value] : *text) {
    if (!value.empty()) return value;
  }
  return "";
}

std::string with_source(std::string answer, const Note& note, const std::string& language) {
  const std::string source = text_in(note.field(kSourceField), language);
  if (source.empty()) return answer;
  if (!answer.empty()) answer += "\n\n";
  return answer + (language == "ja" ? "出典: " : "Source: ") + source;
}

// Whole days from `start` to `when`, rounded down (an overdue card's due is before day 0).
std::int64_t days_from(TimestampMs start, TimestampMs when) {
  constexpr TimestampMs kDayMs = 86'400'000;
  const TimestampMs difference = when - start;
  return difference >= 0 ? difference / kDayMs : -((-difference + kDayMs - 1) / kDayMs);
}

}  // namespace

const AnkiStockTypeSpec& anki_stock_type_spec(AnkiStockType type) noexcept {
  return specs()[static_cast<std::size_t>(type)];
}

std::string text_to_anki_html(std::string_view text) {
  static constexpr std::string_view kImage = "[image: ";
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t image = text.find(kImage, at);
    const std::size_t end =
        image == std::string_view::npos ? image : text.find(']', image + kImage.size());
    if (end == std::string_view::npos) {
      out += escape_html(text.substr(at));
      break;
    }
    const std::string_view name = text.substr(image + kImage.size(), end - image - kImage.size());
    out += escape_html(text.substr(at, image - at));
    if (name.empty() || name.find_first_of("<>\"\n") != std::string_view::npos) {
      out += escape_html(text.substr(image, end + 1 - image));
    } else {
      out += "<img src=\"" + escape_html(name) + "\">";
    }
    at = end + 1;
  }
  return out;
}

std::string_view AnkiExportNote::type_name() const noexcept {
  return own_type != nullptr ? std::string_view(own_type->name()) : anki_stock_type_spec(type).name;
}

AnkiExportNote anki_export_note(const Note& note, const std::string& language) {
  const auto field = [&](std::string_view name) { return text_in(note.field(name), language); };
  AnkiExportNote out;
  switch (note.kind) {
    case NoteKind::kBasic:
      out.type = AnkiStockType::kBasic;
      out.fields = {field("front"), with_source(field("back"), note, language)};
      break;
    case NoteKind::kReverse:
      out.type = AnkiStockType::kReverse;
      out.fields = {field("front"), with_source(field("back"), note, language)};
      break;
    case NoteKind::kBasicOptionalReverse:
      out.type = AnkiStockType::kOptionalReverse;
      out.fields = {field("front"), with_source(field("back"), note, language),
                    field("add_reverse")};
      break;
    case NoteKind::kTyped:
      // The source would become part of the answer to type: Anki shows no other back.
      out.type = AnkiStockType::kTyped;
      out.fields = {field("front"), field("back")};
      break;
    case NoteKind::kCloze:
      out.type = AnkiStockType::kCloze;
      out.fields = {field("text"), with_source(field("extra"), note, language)};
      break;
    case NoteKind::kChoice: {
      out.type = AnkiStockType::kBasic;
      std::string front = field("question");
      const std::vector<std::string>& choices = pick_language(note.choices, language);
      for (std::size_t i = 0; i < choices.size(); ++i) {
        front += "\n" + std::to_string(i + 1) + ". " + choices[i];
      }
      std::string back;
      if (note.answer >= 1 && static_cast<std::size_t>(note.answer) <= choices.size()) {
        back = std::to_string(note.answer) + ". " + choices[note.answer - 1];
      }
      const std::string explanation = field("explanation");
      if (!explanation.empty()) back += (back.empty() ? "" : "\n\n") + explanation;
      out.fields = {front, with_source(back, note, language)};
      break;
    }
    case NoteKind::kAnki:
      // Its own type, its fields' HTML as they came.
      out.own_type = note.note_type.get();
      for (const std::string& name : note.note_type->fields()) out.fields.push_back(field(name));
      return out;
  }
  for (std::string& text : out.fields) text = text_to_anki_html(text);
  return out;
}

std::int64_t anki_card_ord(std::string_view key) {
  if (key == "backward") return 1;
  // "c" or "card", then the card's number from 1.
  const std::string_view prefix = key.starts_with("card") ? "card" : "c";
  if (key.size() <= prefix.size() || !key.starts_with(prefix)) return 0;
  std::int64_t number = 0;
  for (const char c : key.substr(prefix.size())) {
    if (c < '0' || c > '9' || number > 1'000'000) return 0;
    number = number * 10 + (c - '0');
  }
  return number > 0 ? number - 1 : 0;
}

AnkiCardSchedule anki_card_schedule(const CardState& state, std::int64_t position,
                                    TimestampMs collection_day_start) {
  AnkiCardSchedule out;
  out.reps = state.reps;
  out.lapses = state.lapses;
  out.factor = state.ease > 0 ? std::llround(state.ease * 1000) : 0;
  switch (state.phase) {
    case Phase::kNew:
      out.type = 0;
      out.queue = 0;
      out.due = position;
      out.factor = 0;
      break;
    case Phase::kReview:
      out.type = 2;
      out.queue = 2;
      out.interval = state.interval_days;
      // Anki's review due is a day number; kioku's the answer's time on the due day.
      out.due = days_from(collection_day_start, state.due);
      break;
    case Phase::kLearning:
    case Phase::kRelearning:
      out.type = state.phase == Phase::kLearning ? 1 : 3;
      out.interval = state.phase == Phase::kRelearning ? state.interval_days : 0;
      out.left = state.remaining_steps;
      if (state.interday) {
        out.queue = 3;
        out.due = days_from(collection_day_start, state.due);
      } else {
        out.queue = 1;
        out.due = state.due / 1000;
      }
      break;
  }
  if (state.suspended) out.queue = -1;
  out.stability = state.stability;
  out.difficulty = state.difficulty;
  return out;
}

std::vector<AnkiRevlogRow> anki_revlog_rows(std::span<const AnswerRow> answers) {
  std::vector<AnkiRevlogRow> rows;
  rows.reserve(answers.size());
  std::int64_t previous_interval = 0;
  for (const AnswerRow& answer : answers) {
    const ReviewLogRow& row = answer.row;
    AnkiRevlogRow out;
    out.time_ms = row.reviewed;
    out.ease = static_cast<int>(row.rating);
    out.duration_ms = std::max<std::int64_t>(0, row.duration_ms);
    out.factor = answer.ease_after > 0 ? std::llround(answer.ease_after * 1000) : 0;
    if (row.cram) {
      out.type = 3;
    } else {
      switch (row.phase_before) {
        case Phase::kNew:
        case Phase::kLearning:
          out.type = 0;
          break;
        case Phase::kReview:
          out.type = 1;
          break;
        case Phase::kRelearning:
          out.type = 2;
          break;
      }
    }
    if (answer.phase_after == Phase::kReview && answer.interval_after_days > 0) {
      out.interval = answer.interval_after_days;
    } else {
      out.interval = -std::max<std::int64_t>(1, (row.due_after - row.reviewed) / 1000);
    }
    // A step's interval before (Anki's negative seconds) is the previous row's; a positive one
    // is the log's own interval_before_days, which kioku keeps: a day count carried over from
    // a row before (a manual reschedule skipped) came back on import as the row's own.
    out.last_interval = row.interval_before_days > 0      ? row.interval_before_days
                        : row.phase_before == Phase::kNew ? 0
                        : previous_interval < 0           ? previous_interval
                                                          : 0;
    if (!row.cram) previous_interval = out.interval;
    rows.push_back(out);
  }
  return rows;
}

}  // namespace kioku
