// card show's text: a title, the sides, the state line and the history as an aligned table.
#include "cli/card_printing.hpp"

#include "cli/card_messages.hpp"
#include "cli/duration_text.hpp"
#include "cli/local_time_text.hpp"
#include "cli/messages.hpp"
#include "cli/number_text.hpp"
#include "cli/terminal/rich_text_terminal.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/text_table.hpp"
#include "cli/terminal/text_width.hpp"

namespace kioku::cli {

namespace {

using Lines = std::vector<std::string>;

std::string rating_name(const std::string& rating, const CardMessages& words) {
  if (rating == "again") return words.again;
  if (rating == "hard") return words.hard;
  if (rating == "good") return words.good;
  if (rating == "easy") return words.easy;
  return safe_line(rating);
}

std::string kind_name(const std::string& kind, const CardMessages& words) {
  if (kind == "learning") return words.kind_learning;
  if (kind == "review") return words.kind_review;
  if (kind == "relearning") return words.kind_relearning;
  if (kind == "cram") return words.kind_cram;
  return safe_line(kind);
}

}  // namespace

std::string flag_name(std::int64_t flag, const CardMessages& words) {
  const char* const names[] = {"",
                               words.flag_red,
                               words.flag_orange,
                               words.flag_green,
                               words.flag_blue,
                               words.flag_pink,
                               words.flag_turquoise,
                               words.flag_purple};
  return flag >= 1 && flag <= 7 ? names[flag] : std::string();
}

std::optional<int> parse_flag(const std::string& text) {
  if (text == "none" || text == "0" || text == "なし") return 0;
  for (const char* language : {"en", "ja"}) {
    const CardMessages& words = card_messages_for(language);
    for (int flag = 1; flag <= 7; ++flag) {
      if (text == flag_name(flag, words) || text == std::to_string(flag)) return flag;
    }
  }
  return std::nullopt;
}

namespace {

std::string phase_name(const std::string& phase, const CardMessages& words) {
  if (phase == "new") return words.phase_new;
  if (phase == "learning") return words.phase_learning;
  if (phase == "review") return words.phase_review;
  if (phase == "relearning") return words.phase_relearning;
  return safe_line(phase);
}

std::string days_text(std::int64_t days, const CardMessages& words) {
  return fill_in(words.days, {{"count", std::to_string(days)}});
}

void append_indented(Lines& lines, const Lines& more) {
  for (const std::string& line : more) lines.push_back(line.empty() ? line : "  " + line);
}

}  // namespace

std::vector<std::string> answer_cells(const protocol::CardAnswerView& answer,
                                      const std::string& language) {
  const CardMessages& words = card_messages_for(language);
  std::string memory;
  if (answer.ease) {
    memory = fill_in(words.ease, {{"ease", fixed_text(*answer.ease, 2)}});
  } else if (answer.stability && answer.difficulty) {
    memory =
        fill_in(words.stability_difficulty, {{"stability", fixed_text(*answer.stability, 1)},
                                             {"difficulty", fixed_text(*answer.difficulty, 1)}});
  }
  return {local_minute_text(answer.time_ms),
          rating_name(answer.rating, words),
          kind_name(answer.kind, words),
          days_text(answer.interval_before_days, words) + " → " +
              days_text(answer.interval_after_days, words),
          memory,
          duration_text(answer.duration_ms, language)};
}

std::vector<std::string> card_show_lines(const protocol::CardGetResult& content,
                                         const protocol::CardHistoryResult& history,
                                         const std::string& language, const Style& style,
                                         int width) {
  const CardMessages& words = card_messages_for(language);
  const protocol::CardToStudy& card = content.card;
  Lines lines = {style.bold(fill_in(words.title, {{"card", std::to_string(history.card)},
                                                  {"deck", safe_line(history.deck)},
                                                  {"note", safe_line(content.note)},
                                                  {"kind", safe_line(card.kind)}}))};
  if (content.retired) lines.push_back(style.dim(words.retired));

  const int text_width = std::max(10, width - 2);
  lines.push_back(style.bold(words.question));
  append_indented(lines, rich_text_lines(card.question_side, text_width, style));
  for (std::size_t index = 0; index < card.choices.size(); ++index) {
    for (const std::string& line :
         wrap_text(std::to_string(index + 1) + ") " + safe_line(card.choices[index]), text_width)) {
      lines.push_back("  " + line);
    }
  }
  if (card.answer_side) {
    lines.push_back(style.bold(words.answer));
    append_indented(lines, rich_text_lines(*card.answer_side, text_width, style));
  }
  if (!card.explanation.empty()) {
    lines.push_back(style.bold(words.explanation));
    append_indented(lines, wrap_text(safe_text(card.explanation), text_width));
  }

  const protocol::CardStateView& state = history.state;
  std::string flags;
  if (state.suspended) flags += words.suspended;
  if (state.leech) flags += words.leech;
  if (const std::string flag = flag_name(card.flag, words); !flag.empty()) {
    flags += fill_in(words.flagged, {{"flag", flag}});
  }
  lines.emplace_back();
  lines.push_back(fill_in(
      words.state,
      {{"phase", phase_name(state.phase, words)},
       {"due", state.due && state.phase != "new" ? local_minute_text(state.due_ms) : words.not_due},
       {"interval", days_text(state.interval_days, words)},
       {"reps", fill_in_count(state.reps, words.reps_one, words.reps_many)},
       {"lapses", fill_in_count(state.lapses, words.lapses_one, words.lapses_many)},
       {"flags", flags}}));

  lines.emplace_back();
  lines.push_back(style.bold(fill_in(
      words.history, {{"answers", fill_in_count(static_cast<std::int64_t>(history.answers.size()),
                                                words.answers_one, words.answers_many)}})));
  if (history.answers.empty()) {
    lines.push_back(words.history_none);
    return lines;
  }
  std::vector<Lines> rows = {{words.column_time, words.column_rating, words.column_kind,
                              words.column_interval, words.column_memory, words.column_took}};
  for (const protocol::CardAnswerView& answer : history.answers) {
    rows.push_back(answer_cells(answer, language));
  }
  Lines table = aligned_table(rows, 3, 0);
  table.front() = style.dim(table.front());
  append_indented(lines, table);
  return lines;
}

}  // namespace kioku::cli
