// Columns are mapped as Anki maps them (rslib/src/import_export/text/csv/metadata.rs): by the
// labels' names when there are labels, else in order over the columns no header claims; the
// first field always gets a column; the first free column after the fields holds the tags.
#include "core/anki_text_notes.hpp"

#include <algorithm>
#include <cctype>
#include <unordered_set>
#include <utility>

#include "core/anki_export_mapping.hpp"
#include "core/anki_html_text.hpp"
#include "core/anki_note_type.hpp"
#include "core/ascii_text.hpp"
#include "core/deck_parser_limits.hpp"
#include "core/deck_parser_text.hpp"
#include "core/error.hpp"
#include "core/fill_in.hpp"
#include "core/fnv1a.hpp"
#include "core/note_validation.hpp"
#include "core/templated_note_type.hpp"

namespace kioku {

namespace {

// A quoted field keeps its line endings; kioku's text has "\n" alone.
std::string unix_lines(const std::string& text) {
  if (text.find('\r') == std::string::npos) return text;
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r') {
      out += '\n';
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

// Through a set: a tags field of a megabyte holds half a million tags, which validate_note
// refuses by their number, but only once they are all here.
void add_tags(std::vector<std::string>& tags, std::vector<std::string> more) {
  std::unordered_set<std::string> seen(tags.begin(), tags.end());
  for (std::string& tag : more) {
    if (seen.insert(tag).second) tags.push_back(std::move(tag));
  }
}

// The labels that make a column the note type column, lower case.
bool is_notetype_label(std::string_view label) {
  return label == "notetype" || label == "note type" || label == "kind";
}

// A message that ends naming the note types kioku reads (worded in each language), with `name`,
// a quoted note type, filled in the same in both. The Japanese list ends in "）", so "です"
// follows it without a space.
BilingualMessage naming_types_read(std::string_view english, std::string_view japanese,
                                   const std::string& name) {
  const BilingualMessage types = anki_note_types_read();
  return {fill_in(english, {{"name", name}, {"types", types.english}}),
          fill_in(japanese, {{"name", name}, {"types", types.japanese}})};
}

// `#notetype`'s note type, when kioku does not read it.
BilingualMessage header_type_not_read(const std::string& name) {
  return naming_types_read(
      "note type {name} is not one kioku reads; kioku reads {types} (or give --kind)",
      "ノートタイプ {name} は kioku が読めるものではありません。kioku が読めるのは {types}"
      "です（または --kind を指定してください）",
      name);
}

// The note type a row's note type column names, when kioku does not read it.
BilingualMessage row_type_not_read(const std::string& name) {
  return naming_types_read("note type {name} is not one kioku reads; kioku reads {types}",
                           "ノートタイプ {name} は kioku が読めるものではありません。kioku が"
                           "読めるのは {types}です",
                           name);
}

// `#notetype`'s note type for a row whose note type column is empty, when kioku does not read
// it.
BilingualMessage file_type_not_read(const std::string& name) {
  return naming_types_read(
      "the row names no note type, and #notetype's {name} is not one kioku reads; kioku reads "
      "{types}",
      "この行はノートタイプを指定しておらず、#notetype の {name} は kioku が読めるものでは"
      "ありません。kioku が読めるのは {types}です",
      name);
}

}  // namespace

std::string anki_deck_slug(std::string_view name) {
  std::string slug;
  bool other_than_ascii = false;
  for (const char c : name) {
    const unsigned char u = static_cast<unsigned char>(c);
    other_than_ascii = other_than_ascii || u >= 0x80;
    if (std::isalnum(u) && u < 0x80) {
      slug += static_cast<char>(std::tolower(u));
    } else if (!slug.empty() && slug.back() != '-') {
      slug += '-';
    }
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  if (!other_than_ascii && !slug.empty() && slug.size() <= kMaxSlugBytes) return slug;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hash;
  const std::uint64_t bits = fnv1a_64(name);
  for (int shift = 28; shift >= 0; shift -= 4) hash += kHex[(bits >> shift) & 0xF];
  if (slug.empty()) return "anki-" + hash;
  slug.resize(std::min(slug.size(), kMaxSlugBytes - hash.size() - 1));
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return slug + "-" + hash;
}

AnkiTextNotes::AnkiTextNotes(AnkiTextReader& reader, AnkiTextOptions options)
    : reader_(reader), options_(std::move(options)) {
  const AnkiTextHeaders& headers = reader_.headers();
  labels_from_option_ = !options_.columns.empty();
  labels_ = labels_from_option_ ? options_.columns : headers.columns;
  // A column labelled as the note type is a note type column as `#notetype column` makes one:
  // each row names its kind, and `#notetype` is not every note's. Not a column a header has
  // taken for something else (plan() gives the headers' columns first).
  bool notetype_labelled = false;
  for (std::size_t index = 0; index < labels_.size(); ++index) {
    const int number = static_cast<int>(index) + 1;
    const bool taken = number == headers.guid_column || number == headers.deck_column ||
                       number == headers.tags_column;
    if (!taken && is_notetype_label(lower_ascii(trim_ascii_space(labels_[index])))) {
      notetype_labelled = true;
    }
  }
  if (options_.kind) {
    global_kind_ = options_.kind;
  } else if (headers.notetype_column == 0 && !notetype_labelled) {
    global_kind_ = NoteKind::kBasic;  // Anki's default note type
    if (!headers.notetype.empty()) {
      // A type kept as itself first, as a note type column's name is looked up.
      if (options_.find_note_type) {
        header_note_type_ = options_.find_note_type(headers.notetype, "");
      }
      global_kind_ = header_note_type_ ? std::nullopt : kind_of_anki_note_type(headers.notetype);
      if (!global_kind_ && !header_note_type_) {
        throw InputError(reader_.file_name(), headers.notetype_line, "#notetype",
                         header_type_not_read(quoted_for_error(headers.notetype)));
      }
    }
  }
  if (!labels_.empty()) plan(labels_.size());
}

void AnkiTextNotes::plan(std::size_t count) {
  const AnkiTextHeaders& headers = reader_.headers();
  columns_.assign(count, Column{});
  const auto claim = [&](int number, Role role) {
    if (number >= 1 && static_cast<std::size_t>(number) <= count) {
      columns_[static_cast<std::size_t>(number) - 1].role = role;
    }
  };
  // The column headers; a header past the last column names nothing and is left, as in Anki.
  claim(headers.guid_column, Role::kGuid);
  claim(headers.deck_column, Role::kDeck);
  claim(headers.notetype_column, Role::kNotetype);
  claim(headers.tags_column, Role::kTags);
  const std::string option_field = "--columns";
  bool tags_named = headers.tags_column > 0;
  for (std::size_t index = 0; index < labels_.size() && index < count; ++index) {
    Column& column = columns_[index];
    if (column.role != Role::kNone) continue;
    column.labelled = true;
    const std::string label = lower_ascii(trim_ascii_space(labels_[index]));
    if (label == "tags") {
      column.role = Role::kTags;
      tags_named = true;
    } else if (label == "deck") {
      column.role = Role::kDeck;
    } else if (label == "guid") {
      column.role = Role::kGuid;
    } else if (is_notetype_label(label)) {
      column.role = Role::kNotetype;
    } else if (label.empty() || label == "-") {
      column.role = Role::kNone;
      column.left_out = true;
    } else if (global_kind_) {
      const std::string_view field = field_of_anki_name(*global_kind_, label);
      if (!field.empty()) {
        column.role = Role::kField;
        column.field = std::string(field);
      } else if (labels_from_option_) {
        throw InputError(reader_.file_name(), 0, option_field,
                         bilingual("no field {label} in kind {kind} (name its fields, tags, "
                                   "deck, guid, notetype, or - to leave a column out)",
                                   "種類 {kind} にフィールド {label} はありません（そのフィールド"
                                   "名か tags、deck、guid、notetype を指定するか、- で列を除いて"
                                   "ください）",
                                   {{"label", quoted_for_error(labels_[index])},
                                    {"kind", std::string(note_kind_name(*global_kind_))}}));
      }
    }
  }
  if (!global_kind_) return;  // fields by each row's note type, in order (next())
  const auto& fields = note_kind_spec(*global_kind_).fields;
  const auto mapped = [&](std::string_view field) {
    return std::any_of(columns_.begin(), columns_.end(),
                       [&](const Column& c) { return c.role == Role::kField && c.field == field; });
  };
  if (labels_.empty()) {
    // In order over the free columns.
    std::size_t next_field = 0;
    for (Column& column : columns_) {
      if (column.role != Role::kNone || next_field == fields.size()) continue;
      column.role = Role::kField;
      column.field = std::string(fields[next_field++].name);
    }
  }
  if (!mapped(fields.front().name)) {
    // Anki gives the first field the first free column, whatever the labels say.
    const auto free = std::find_if(columns_.begin(), columns_.end(), [](const Column& c) {
      return c.role == Role::kNone && !c.labelled;
    });
    const auto unlabelled_free =
        free != columns_.end()
            ? free
            : std::find_if(columns_.begin(), columns_.end(),
                           [](const Column& c) { return c.role == Role::kNone && !c.left_out; });
    if (unlabelled_free == columns_.end()) {
      throw InputError(reader_.file_name(), 0, labels_from_option_ ? option_field : "",
                       bilingual("no column left for field {field} of kind {kind}",
                                 "種類 {kind} のフィールド {field} に割り当てる列が残っていません",
                                 {{"field", std::string(fields.front().name)},
                                  {"kind", std::string(note_kind_name(*global_kind_))}}));
    }
    unlabelled_free->role = Role::kField;
    unlabelled_free->field = std::string(fields.front().name);
  }
  if (!tags_named && !labels_from_option_) {
    std::size_t last_field = 0;
    for (std::size_t index = 0; index < count; ++index) {
      if (columns_[index].role == Role::kField) last_field = index;
    }
    for (std::size_t index = last_field + 1; index < count; ++index) {
      if (columns_[index].role == Role::kNone && !columns_[index].left_out) {
        columns_[index].role = Role::kTags;
        break;
      }
    }
  }
}

void AnkiTextNotes::fail(const AnkiTextRow& row, std::size_t column, const std::string& field,
                         const BilingualMessage& problem) const {
  const bool known = column < row.field_lines.size();
  throw InputError(reader_.file_name(), known ? row.field_lines[column] : row.line,
                   known ? row.field_columns[column] : 0, field, problem);
}

std::vector<std::pair<std::size_t, std::string>> AnkiTextNotes::row_fields(
    const AnkiTextRow& row, const std::vector<std::size_t>& free_columns, const Note& note) const {
  const bool own_type = note.kind == NoteKind::kAnki;
  std::vector<std::string> names;  // the row's kind's fields, in order
  if (own_type) {
    names = note.note_type->fields();
  } else {
    for (const auto& field : note_kind_spec(note.kind).fields) names.emplace_back(field.name);
  }
  // Worded in each language; the messages below fill it in with their own values in one pass.
  const BilingualMessage kind_name =
      own_type ? bilingual("note type {name}", "ノートタイプ {name}",
                           {{"name", quoted_for_error(note.note_type->name())}})
               : bilingual("kind {name}", "種類 {name}",
                           {{"name", std::string(note_kind_name(note.kind))}});
  // By the labels' names when they name fields of this row's kind, as a file of one kind is
  // read (plan()); in order when there are none, or none of its fields: a file of several kinds
  // may label its columns for one of them (front, back) and give another's (cloze) in order.
  const auto field_named = [&](const std::string& label) -> std::string {
    if (!own_type) return std::string(field_of_anki_name(note.kind, label));
    const std::string wanted = lower_ascii(trim_ascii_space(label));
    for (const std::string& name : names) {
      if (lower_ascii(name) == wanted) return name;
    }
    return "";
  };
  const bool by_name =
      !labels_.empty() &&
      std::any_of(free_columns.begin(), free_columns.end(),
                  [&](std::size_t column) { return !field_named(labels_[column]).empty(); });
  std::vector<std::pair<std::size_t, std::string>> fields;
  if (!by_name) {
    // In order over the free columns.
    for (std::size_t at = 0; at < free_columns.size(); ++at) {
      if (at < names.size()) {
        fields.emplace_back(free_columns[at], names[at]);
      } else if (!row.fields[free_columns[at]].empty()) {
        const std::string column = std::to_string(free_columns[at] + 1);
        const std::string count = std::to_string(names.size());
        fail(
            row, free_columns[at], "",
            {fill_in("column {column} has text but {kind} has only {count} fields",
                     {{"column", column}, {"kind", kind_name.english}, {"count", count}}),
             fill_in("列 {column} にテキストがありますが、{kind} のフィールドは {count} 個だけです",
                     {{"column", column}, {"kind", kind_name.japanese}, {"count", count}})});
      }
    }
    return fields;
  }
  std::vector<std::size_t> unnamed;  // free columns whose label is no field of the kind
  for (const std::size_t column : free_columns) {
    const std::string field = field_named(labels_[column]);
    if (!field.empty()) {
      fields.emplace_back(column, field);
    } else if (labels_from_option_) {
      const std::string label = quoted_for_error(labels_[column]);
      fail(row, column, "--columns",
           {fill_in("no field {label} in {kind}, this row's (name its fields, tags, deck, guid, "
                    "notetype, or - to leave a column out)",
                    {{"label", label}, {"kind", kind_name.english}}),
            fill_in("この行の {kind} にはフィールド {label} がありません（そのフィールド名か tags、"
                    "deck、guid、notetype を指定するか、- で列を除いてください）",
                    {{"label", label}, {"kind", kind_name.japanese}})});
    } else {
      unnamed.push_back(column);  // left out, as in Anki
    }
  }
  const bool first_named = std::any_of(fields.begin(), fields.end(),
                                       [&](const auto& field) { return field.second == names[0]; });
  if (!first_named) {
    // Anki gives the first field the first free column, whatever the labels say.
    if (unnamed.empty()) {
      fail(row, row.fields.size(), "",
           {fill_in("no column left for field {field} of {kind}",
                    {{"field", names.front()}, {"kind", kind_name.english}}),
            fill_in("{kind} のフィールド {field} に割り当てる列が残っていません",
                    {{"field", names.front()}, {"kind", kind_name.japanese}})});
    }
    fields.emplace_back(unnamed.front(), names.front());
  }
  return fields;
}

std::string AnkiTextNotes::text_of(const std::string& field) const {
  const std::string text = unix_lines(field);
  std::string shown = reader_.html() ? anki_html_to_text(text) : text;
  // Spaces alone are an empty field, as Anki shows one: kioku's notes hold no such text.
  if (is_blank_text(shown)) shown.clear();
  return shown;
}

bool AnkiTextNotes::next(AnkiTextNote& result) {
  if (!reader_.next(row_)) return false;
  const AnkiTextRow& row = row_;
  if (!planned_) {
    if (columns_.empty()) plan(row.fields.size());
    planned_ = true;
  }
  const std::size_t expected = columns_.size();
  if (row.fields.size() != expected) {
    const std::string count = std::to_string(row.fields.size());
    const std::string wanted = std::to_string(expected);
    const BilingualMessage problem =
        labels_from_option_
            ? bilingual(
                  "has {count} columns where --columns names {expected}; a separator in a "
                  "field must be inside quotes",
                  "列が {count} 個ありますが、--columns は {expected} 列です。フィールド内の"
                  "区切り文字は引用符で囲んでください",
                  {{"count", count}, {"expected", wanted}})
        : labels_.empty()
            ? bilingual(
                  "has {count} columns where the file has {expected} (its first row's); a "
                  "separator in a field must be inside quotes",
                  "列が {count} 個ありますが、このファイルは {expected} 列です（最初の行の"
                  "列数）。フィールド内の区切り文字は引用符で囲んでください",
                  {{"count", count}, {"expected", wanted}})
            : bilingual(
                  "has {count} columns where the file has {expected} (its #columns); a "
                  "separator in a field must be inside quotes",
                  "列が {count} 個ありますが、このファイルは {expected} 列です（#columns の"
                  "列数）。フィールド内の区切り文字は引用符で囲んでください",
                  {{"count", count}, {"expected", wanted}});
    fail(row, row.fields.size() > expected ? expected : row.fields.size(), "", problem);
  }
  result = AnkiTextNote{};
  result.line = row.line;
  Note& note = result.note;
  const AnkiTextHeaders& headers = reader_.headers();
  std::optional<NoteKind> kind = global_kind_;
  std::vector<std::size_t> free_columns;  // with a note type column: the fields, in order
  std::size_t guid_column = expected;
  std::size_t tags_column = expected;
  std::size_t deck_column = expected;
  std::vector<std::string> tags = headers.tags;
  result.deck_name = !options_.deck.empty()  ? options_.deck
                     : !headers.deck.empty() ? headers.deck
                                             : options_.fallback_deck;
  for (std::size_t index = 0; index < expected; ++index) {
    const Column& column = columns_[index];
    const std::string& value = row.fields[index];
    switch (column.role) {
      case Role::kGuid:
        note.id = std::string(trim_ascii_space(value));
        result.guid_given = !note.id.empty();
        guid_column = index;
        break;
      case Role::kDeck:
        if (!trim_ascii_space(value).empty()) {
          result.deck_name = std::string(trim_ascii_space(value));
          deck_column = index;
        }
        break;
      case Role::kTags:
        add_tags(tags, split_anki_tags(value));
        tags_column = index;
        break;
      case Role::kNotetype:
        if (!global_kind_) {
          // An empty cell is the file's note type (#notetype), else basic: Anki's reading.
          const bool named = !trim_ascii_space(value).empty();
          const std::string type_name(named ? trim_ascii_space(value) : headers.notetype);
          if (type_name.empty()) {
            kind = NoteKind::kBasic;
            break;
          }
          if (options_.find_note_type) {
            // The guid column may come after this one: looked up by its role.
            std::string guid;
            for (std::size_t other = 0; other < expected; ++other) {
              if (columns_[other].role == Role::kGuid) {
                guid = std::string(trim_ascii_space(row.fields[other]));
              }
            }
            note.note_type = options_.find_note_type(type_name, guid);
          }
          kind =
              note.note_type ? std::optional(NoteKind::kAnki) : kind_of_anki_note_type(type_name);
          if (!kind) {
            fail(row, index, "notetype",
                 named ? row_type_not_read(quoted_for_error(value))
                       : file_type_not_read(quoted_for_error(type_name)));
          }
        }
        break;
      case Role::kField:
        if (global_kind_) {
          const std::string text = text_of(value);
          if (!text.empty()) note.fields.push_back({column.field, {{options_.language, text}}});
        } else {
          free_columns.push_back(index);
        }
        break;
      case Role::kNone:
        if (global_kind_) {
          if (!value.empty() && !column.labelled) {
            fail(row, index, "",
                 bilingual("column {column} has text that no field of kind {kind} takes; name "
                           "the columns with --columns (- leaves one out)",
                           "列 {column} のテキストは種類 {kind} のどのフィールドにも入りません。"
                           "--columns で列に名前を付けてください（- でその列を除けます）",
                           {{"column", std::to_string(index + 1)},
                            {"kind", std::string(note_kind_name(*global_kind_))}}));
          }
        } else if (!column.left_out) {
          free_columns.push_back(index);
        }
        break;
    }
  }
  if (!kind && header_note_type_) {
    note.note_type = header_note_type_;
    kind = NoteKind::kAnki;
  }
  if (!kind) kind = NoteKind::kBasic;
  note.kind = *kind;
  std::vector<std::pair<std::size_t, std::string>> row_columns;  // with a note type column
  if (!global_kind_) {
    row_columns = row_fields(row, free_columns, note);
    for (const auto& [column, field] : row_columns) {
      const std::string& value = row.fields[column];
      // A kept type's templates show HTML: a file's HTML as it is, its plain text made HTML.
      const std::string text = *kind != NoteKind::kAnki ? text_of(value)
                               : reader_.html()         ? unix_lines(value)
                                                        : text_to_anki_html(unix_lines(value));
      if (!is_blank_text(text)) note.fields.push_back({field, {{options_.language, text}}});
    }
  }
  if (result.deck_name.empty()) result.deck_name = "Default";
  // As a deck file's name: a name of a MB made every line of `kioku decks` as wide.
  if (const BilingualMessage problem = text_problem_message(result.deck_name, kDeckNameRule,
                                                            bilingual("the deck name", "デッキ名"));
      !problem.english.empty()) {
    fail(row, deck_column, "deck", problem);
  }
  note.deck = anki_deck_slug(result.deck_name);
  note.tags = std::move(tags);
  if (note.id.empty()) {
    // No guid: the note is the one with the same first field and kind, as Anki matches a
    // duplicate, so a second import of the file updates instead of adding.
    // An Anki note's first field is its type's, and its type's name counts as its kind.
    const std::string first = note.note_type
                                  ? note.note_type->fields().front()
                                  : std::string(note_kind_spec(note.kind).fields.front().name);
    const std::string& text = note.text(first, options_.language);
    const std::string key =
        (note.note_type ? note.note_type->key() : std::string(note_kind_name(note.kind))) + '\x1f' +
        text;
    note.id = new_note_id(fnv1a_64(key));
  }
  try {
    validate_note(note);
  } catch (const NoteError& error) {
    std::size_t column = expected;
    if (error.field() == "id") column = guid_column;
    if (error.field() == "tags") column = tags_column;
    for (std::size_t index = 0; index < expected && column == expected; ++index) {
      if (columns_[index].role == Role::kField && columns_[index].field == error.field()) {
        column = index;
      }
    }
    for (const auto& [row_column, field] : row_columns) {
      if (column == expected && field == error.field()) column = row_column;
    }
    fail(row, column, error.field(), error.problem_message());
  }
  return true;
}

}  // namespace kioku
