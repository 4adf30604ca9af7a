#include "cli/note_printing.hpp"

#include <algorithm>
#include <ostream>
#include <vector>

#include "cli/messages.hpp"
#include "cli/shell_words.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/text_width.hpp"
#include "core/note.hpp"
#include "core/note_kind.hpp"

namespace kioku::cli {

namespace {

std::string ids_text(const std::vector<std::int64_t>& ids) {
  std::string text;
  for (const std::int64_t id : ids) text += (text.empty() ? "" : ", ") + std::to_string(id);
  return text;
}

void print_cards(const protocol::NoteView& note, const NoteMessages& words, std::ostream& out) {
  for (const protocol::NoteCardView& card : note.cards) {
    out << fill_in(words.card_line,
                   {{"card", std::to_string(card.id)}, {"template", safe_line(card.template_)}});
    if (card.retired) out << words.retired_mark;
    out << '\n';
  }
}

// The text a note is known by: its kind's first field (front, text, question), in `language`
// or the nearest, on one line.
std::string first_text(const protocol::NoteView& note, const std::string& language) {
  std::string field_name;
  for (const NoteKindSpec& spec : note_kinds()) {
    if (spec.name == note.kind && !spec.fields.empty()) field_name = spec.fields.front().name;
  }
  auto found = note.fields.find(field_name);
  if (found == note.fields.end()) found = note.fields.begin();
  if (found == note.fields.end()) return "";
  std::string text = pick_language(found->second, language);
  std::replace(text.begin(), text.end(), '\n', ' ');
  std::replace(text.begin(), text.end(), '\t', ' ');
  return safe_line(text);
}

std::string tags_text(const std::vector<std::string>& tags) {
  std::string text;
  for (const std::string& tag : tags) text += (text.empty() ? "" : " ") + safe_line(tag);
  return text;
}

std::int64_t live_card_count(const protocol::NoteView& note) {
  return std::count_if(note.cards.begin(), note.cards.end(),
                       [](const protocol::NoteCardView& card) { return !card.retired; });
}

}  // namespace

std::string live_cards_text(const protocol::NoteView& note, const NoteMessages& words) {
  return fill_in_count(live_card_count(note), words.card_one, words.card_many);
}

void print_note_added(const protocol::NoteSaveResult& result, const NoteMessages& words,
                      std::ostream& out) {
  out << fill_in(words.added, {{"note", safe_line(result.note.id)},
                               {"deck", safe_line(result.note.deck)},
                               {"cards", live_cards_text(result.note, words)}})
      << '\n';
  print_cards(result.note, words, out);
}

void print_note_saved(const protocol::NoteSaveResult& result, const NoteMessages& words,
                      std::ostream& out) {
  if (!result.changed) {
    out << fill_in(words.no_change, {{"note", safe_line(result.note.id)}}) << '\n';
    return;
  }
  out << fill_in(words.saved, {{"note", safe_line(result.note.id)},
                               {"cards", live_cards_text(result.note, words)}})
      << '\n';
  print_cards(result.note, words, out);
  if (!result.added.empty()) {
    out << fill_in(words.cards_added, {{"cards", ids_text(result.added)}}) << '\n';
  }
  if (!result.retired.empty()) {
    out << fill_in(words.cards_retired, {{"cards", ids_text(result.retired)}}) << '\n';
  }
  if (!result.revived.empty()) {
    out << fill_in(words.cards_revived, {{"cards", ids_text(result.revived)}}) << '\n';
  }
}

void print_notes(const protocol::NoteFindResult& result, bool deleted, std::int64_t offset,
                 const NoteMessages& words, const std::string& language, int width,
                 std::ostream& out) {
  if (result.notes.empty()) {
    out << (deleted ? words.no_deleted_notes : words.no_notes) << '\n';
    return;
  }
  struct Row {
    std::string id, kind, deck, text, cards, tags;
  };
  std::vector<Row> rows;
  Row heading{words.column_id,   words.column_kind,  words.column_deck,
              words.column_text, words.column_cards, words.column_tags};
  int id_width = display_width(heading.id);
  int kind_width = display_width(heading.kind);
  int deck_width = display_width(heading.deck);
  int cards_width = display_width(heading.cards);
  int tags_width = display_width(heading.tags);
  for (const protocol::NoteView& note : result.notes) {
    Row row{safe_line(note.id),
            safe_line(note.kind),
            safe_line(note.deck),
            first_text(note, language),
            std::to_string(live_card_count(note)),
            tags_text(note.tags)};
    id_width = std::max(id_width, display_width(row.id));
    kind_width = std::max(kind_width, display_width(row.kind));
    deck_width = std::max(deck_width, display_width(row.deck));
    cards_width = std::max(cards_width, display_width(row.cards));
    tags_width = std::max(tags_width, display_width(row.tags));
    rows.push_back(std::move(row));
  }
  // Tags take at most a sixth of the line: the text, which has what is left (at least 12
  // columns), is what tells notes apart.
  tags_width = std::min(tags_width, std::max(display_width(heading.tags), width / 6));
  const int fixed = id_width + kind_width + deck_width + cards_width + tags_width + 5 * 2;
  const int text_width = std::max(12, width - fixed - 1);
  const auto print_row = [&](const Row& row) {
    std::string line = pad_after(row.id, id_width) + "  " + pad_after(row.kind, kind_width) + "  " +
                       pad_after(row.deck, deck_width) + "  " +
                       pad_after(truncate_to_width(row.text, text_width), text_width) + "  " +
                       pad_before(row.cards, cards_width) + "  " +
                       truncate_to_width(row.tags, tags_width);
    line.erase(line.find_last_not_of(' ') + 1);
    out << line << '\n';
  };
  print_row(heading);
  for (const Row& row : rows) print_row(row);
  if (result.more) {
    const auto shown = static_cast<std::int64_t>(result.notes.size());
    out << fill_in(words.more_notes,
                   {{"limit", std::to_string(shown)}, {"next", std::to_string(offset + shown)}})
        << '\n';
  }
}

void print_note_deleted(const protocol::NoteDeleteResult& result, const NoteMessages& words,
                        std::ostream& out) {
  const std::string note = safe_line(result.note.id);
  if (!result.changed) {
    out << fill_in(words.already_deleted, {{"note", note}}) << '\n';
    return;
  }
  out << fill_in(words.deleted,
                 {{"note", note},
                  {"arguments", note_command_arguments(result.note.deck, result.note.id)},
                  {"cards", live_cards_text(result.note, words)}})
      << '\n';
}

void print_note_restored(const protocol::NoteDeleteResult& result, const NoteMessages& words,
                         std::ostream& out) {
  const std::string note = safe_line(result.note.id);
  if (!result.changed) {
    out << fill_in(words.not_deleted, {{"note", note}}) << '\n';
    return;
  }
  out << fill_in(words.restored, {{"note", note}, {"cards", live_cards_text(result.note, words)}})
      << '\n';
}

}  // namespace kioku::cli
