// Writing a note as TOML by hand (the comments and the order of the keys are ours to choose, which
// toml++'s writer does not allow), and reading it back with toml++.
#include "cli/note_toml.hpp"

#include <algorithm>
#include <set>
#include <utility>

#include "cli/messages.hpp"
#include "cli/terminal/safe_text.hpp"
#include "cli/terminal/text_width.hpp"
#include "core/deck_parser_shape.hpp"
#include "core/note.hpp"
#include "core/note_kind.hpp"
#include "core/toml.hpp"
#include "core/utf8.hpp"

namespace kioku::cli {

namespace {

// Comments wrap before this many columns, so that the file reads well in an 80-column editor.
constexpr int kCommentWidth = 78;

void append_comment(std::string& out, std::string_view text) {
  for (const std::string& line : wrap_text(text, kCommentWidth)) {
    out += line.empty() ? "#" : "# " + line;
    out += '\n';
  }
}

// Decodes one strict UTF-8 sequence at `at` (core/utf8.hpp), advancing past it; nullopt for a
// byte that does not start one, which is stepped over alone.
std::optional<char32_t> next_code_point(std::string_view text, std::size_t& at) {
  const CodePoint point = decode_utf8(text, at);
  if (point.length == 0) {
    ++at;
    return std::nullopt;
  }
  at += point.length;
  return point.code;
}

// `text` as a TOML basic string: one line, or between """ when it has several lines, so that
// what the user sees in the editor is the text itself. A byte that is not UTF-8 becomes U+FFFD.
std::string toml_string(std::string_view text) {
  const bool multiline = text.find('\n') != std::string_view::npos;
  std::string out = multiline ? "\"\"\"\n" : "\"";
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t start = at;
    const std::optional<char32_t> code_point = next_code_point(text, at);
    if (!code_point) {
      out += "\xEF\xBF\xBD";
      continue;
    }
    switch (*code_point) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += multiline ? "\n" : "\\n";
        break;
      case '\t':
        out += '\t';
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        // What TOML forbids raw in a string, or an editor may show as something else (C1
        // controls, bidirectional overrides).
        if (acts_on_terminal(*code_point)) {
          append_escape(out, *code_point);
        } else {
          out.append(text.substr(start, at - start));
        }
    }
  }
  out += multiline ? "\"\"\"" : "\"";
  return out;
}

bool is_bare_key(std::string_view key) {
  return !key.empty() && std::all_of(key.begin(), key.end(), [](char character) {
    return (character >= 'a' && character <= 'z') || (character >= 'A' && character <= 'Z') ||
           (character >= '0' && character <= '9') || character == '_' || character == '-';
  });
}

std::string toml_key(std::string_view key) {
  return is_bare_key(key) ? std::string(key) : toml_string(key);
}

std::string toml_list(const std::vector<std::string>& texts) {
  std::string out = "[";
  for (const std::string& text : texts) {
    if (out.size() > 1) out += ", ";
    out += toml_string(text);
  }
  return out + "]";
}

// `layout`'s languages, then any other that `texts` has, in the order of their codes.
template <class Texts>
std::vector<std::string> languages_of(const Texts& texts, const NoteTomlLayout& layout) {
  std::vector<std::string> languages = layout.languages;
  for (const auto& [language, text] : texts) {
    if (std::find(languages.begin(), languages.end(), language) == languages.end()) {
      languages.push_back(language);
    }
  }
  return languages;
}

const char* field_help(NoteKind kind, std::string_view field, const NoteFileMessages& words) {
  if (field == "front") return words.field_front;
  if (field == "back") return kind == NoteKind::kTyped ? words.field_typed_back : words.field_back;
  if (field == "add_reverse") return words.field_add_reverse;
  if (field == "text") return words.field_text;
  if (field == "extra") return words.field_extra;
  if (field == "question") return words.field_question;
  if (field == "explanation") return words.field_explanation;
  return "";
}

std::string kind_names() {
  std::string names;
  for (const NoteKindSpec& spec : note_kinds()) {
    if (!names.empty()) names += ", ";
    names += spec.name;
  }
  return names;
}

void append_choices(std::string& out, const NoteContent& note, const NoteTomlLayout& layout,
                    const NoteFileMessages& words) {
  out += '\n';
  append_comment(out, std::string(words.field_choices) + words.comment_required);
  for (const std::string& language : languages_of(note.choices, layout)) {
    const auto found = note.choices.find(language);
    out += "choices." + toml_key(language) + " = " +
           toml_list(found == note.choices.end() ? std::vector<std::string>{} : found->second) +
           '\n';
  }
  out += '\n';
  append_comment(out, std::string(words.field_answer) + words.comment_required);
  out += "answer = " + std::to_string(note.answer.value_or(1)) + '\n';
}

// The text of a problem with a node of the file, at the node.
[[noreturn]] void fail_at(const toml::source_region& where, std::string field,
                          std::string problem) {
  throw NoteTomlError(static_cast<int>(where.begin.line), static_cast<int>(where.begin.column),
                      std::move(field), std::move(problem));
}

const toml::source_region& source_of(const toml::node& node, const toml::key& key) {
  return node.source().begin.line > 0 ? node.source() : key.source();
}

std::string read_text(const toml::node& node, const toml::key& key, const std::string& field,
                      const NoteFileMessages& words) {
  const std::optional<std::string> text = node.value_exact<std::string>();
  if (!text) fail_at(source_of(node, key), field, words.toml_not_text);
  return *text;
}

std::vector<std::string> read_list(const toml::node& node, const toml::key& key,
                                   const std::string& field, const NoteFileMessages& words) {
  const toml::array* array = node.as_array();
  if (array == nullptr) fail_at(source_of(node, key), field, words.toml_not_list);
  std::vector<std::string> texts;
  for (const toml::node& element : *array) {
    const std::optional<std::string> text = element.value_exact<std::string>();
    if (!text) fail_at(element.source(), field, words.toml_not_list);
    texts.push_back(*text);
  }
  return texts;
}

// Reads `node` (a text, or a table of them by language) with `read_one`, keeping the lines.
template <class ReadOne>
void read_by_language(const toml::node& node, const toml::key& key, const std::string& field,
                      const std::string& default_language, NoteTomlLines& lines,
                      const ReadOne& read_one) {
  lines[field] = static_cast<int>(source_of(node, key).begin.line);
  // Dotted keys (front.en = "...") and an inline table (front = {en = "..."}) are both tables.
  const toml::table* by_language = node.as_table();
  if (by_language == nullptr) {
    lines[field + "." + default_language] = lines[field];
    read_one(default_language, node, key, field);
    return;
  }
  for (const auto& [language, value] : *by_language) {
    const std::string where = field + "." + std::string(language.str());
    lines[where] = static_cast<int>(source_of(value, language).begin.line);
    read_one(std::string(language.str()), value, language, where);
  }
}

// Where the text of each string value starts in `document`, given where each opening quote is:
// one walk over the document for them all (a walk each was quadratic in a file of many values
// on one line).
std::map<std::string, FilePlace> text_starts_of(
    std::string_view document, std::vector<std::pair<std::string, toml::source_position>> quotes) {
  std::sort(quotes.begin(), quotes.end(), [](const auto& a, const auto& b) {
    return std::pair(a.second.line, a.second.column) < std::pair(b.second.line, b.second.column);
  });
  std::map<std::string, FilePlace> starts;
  std::size_t at = 0;
  std::uint32_t line = 1;
  std::uint32_t column = 1;  // toml++ counts columns in code points
  for (const auto& [name, where] : quotes) {
    while (at < document.size() && (line < where.line || column < where.column)) {
      if (line < where.line) {
        const std::size_t end = document.find('\n', at);
        at = end == std::string_view::npos ? document.size() : end + 1;
        ++line;
        column = 1;
      } else {
        next_code_point(document, at);
        ++column;
      }
    }
    const std::string_view value = document.substr(at);
    const int quote_line = static_cast<int>(where.line);
    const int quote_column = static_cast<int>(where.column);
    if (value.substr(0, 3) == R"(""")" || value.substr(0, 3) == "'''") {
      // A newline right after the opening delimiter is not part of the text.
      starts[name] = value.substr(3, 1) == "\n" || value.substr(3, 2) == "\r\n"
                         ? FilePlace{quote_line + 1, 1}
                         : FilePlace{quote_line, quote_column + 3};
    } else {
      starts[name] = FilePlace{quote_line, quote_column + 1};
    }
  }
  return starts;
}

std::string field_names(NoteKind kind) {
  std::string names;
  for (const NoteFieldSpec& spec : note_kind_spec(kind).fields) {
    if (!names.empty()) names += ", ";
    names += spec.name;
  }
  if (note_kind_spec(kind).has_choices) names += ", choices, answer";
  return names + ", " + std::string(kSourceField) + ", tags";
}

}  // namespace

namespace {

const std::string kAnkiKind(note_kind_name(NoteKind::kAnki));

// The comments a note's file starts with: the caller's heading, then how texts are written.
std::string note_file_heading(const NoteTomlLayout& layout, const NoteFileMessages& words) {
  std::string out;
  for (const std::string& line : layout.heading) append_comment(out, line);
  std::string languages;
  for (const std::string& language : layout.languages) {
    languages += (languages.empty() ? "" : ", ") + language;
  }
  append_comment(out, fill_in(words.heading_texts, {{"languages", languages}}));
  append_comment(out, words.heading_multiline);
  out += '\n';
  return out;
}

// An Anki note: its fields under `fields.`, every field of its type in its order (their names
// are the type's, any text, which could be a note's own keys).
std::string write_anki_note_toml(const NoteContent& note, const NoteTomlLayout& layout,
                                 const NoteFileMessages& words) {
  std::string out = note_file_heading(layout, words);
  append_comment(out, words.comment_id);
  out += "id = " + toml_string(note.id) + '\n';
  const std::string type_name = "\"" + safe_line(note.type_name) + "\"";
  append_comment(out, fill_in(words.comment_anki_kind, {{"type", type_name}}));
  out += "kind = " + toml_string(note.kind) + '\n';
  append_comment(out, words.comment_tags);
  out += "tags = " + toml_list(note.tags) + '\n';
  out += '\n';
  append_comment(out, fill_in(words.comment_anki_fields, {{"type", type_name}}));
  const std::map<std::string, std::string> none;
  for (const std::string& field : note.type_fields) {
    const auto found = note.fields.find(field);
    const std::map<std::string, std::string>& texts =
        found == note.fields.end() ? none : found->second;
    for (const std::string& language : languages_of(texts, layout)) {
      const auto text = texts.find(language);
      out += "fields." + toml_key(field) + "." + toml_key(language) + " = " +
             toml_string(text == texts.end() ? "" : text->second) + '\n';
    }
  }
  return out;
}

// The keys a note of any kind has besides its kind (read first): its id and its tags. True when
// `name` was one of them.
bool read_shared_key(const std::string& name, const toml::node& node, const toml::key& key,
                     const NoteFileMessages& words, ReadNote& read) {
  if (name == "id") {
    read.lines["id"] = static_cast<int>(source_of(node, key).begin.line);
    read.note.id = read_text(node, key, name, words);
    return true;
  }
  if (name == "tags") {
    read.lines["tags"] = static_cast<int>(source_of(node, key).begin.line);
    read.note.tags = read_list(node, key, name, words);
    return true;
  }
  return false;
}

// Field `field`'s texts, written at `path` ("front", "fields.Word"): one per language, or a plain
// text in the default language.
void read_field_texts(const toml::node& node, const toml::key& key, const std::string& path,
                      const std::string& field, const std::string& default_language,
                      const NoteFileMessages& words, ReadNote& read,
                      std::vector<std::pair<std::string, toml::source_position>>& quotes) {
  read_by_language(node, key, path, default_language, read.lines,
                   [&](const std::string& language, const toml::node& value, const toml::key& at,
                       const std::string& where) {
                     if (value.is_table() || value.is_array()) {
                       fail_at(source_of(value, at), where, words.toml_not_texts);
                     }
                     std::string text = read_text(value, at, where, words);
                     quotes.emplace_back(where, value.source().begin);
                     if (!text.empty()) read.note.fields[field][language] = text;
                   });
}

void read_anki_note_toml(const toml::table& table, const std::string& default_language,
                         const NoteFileMessages& words, ReadNote& read,
                         std::vector<std::pair<std::string, toml::source_position>>& quotes) {
  NoteContent& note = read.note;
  for (const auto& [key, node] : table) {
    const std::string name(key.str());
    if (name == "kind" || read_shared_key(name, node, key, words, read)) continue;
    if (name == "fields" && node.is_table()) {
      for (const auto& [field_key, value] : *node.as_table()) {
        const std::string field(field_key.str());
        read_field_texts(value, field_key, "fields." + field, field, default_language, words, read,
                         quotes);
      }
    } else {
      fail_at(key.source(), name,
              fill_in(words.toml_unknown_key, {{"kind", note.kind}, {"fields", "fields.…"}}));
    }
  }
}

}  // namespace

NoteContent note_content(const protocol::NoteView& note) {
  NoteContent content;
  content.id = note.id;
  content.kind = note.kind;
  for (const auto& [name, texts] : note.fields) {
    for (const auto& [language, text] : texts) {
      if (!text.empty()) content.fields[name][language] = text;
    }
  }
  if (note.choices) content.choices = *note.choices;
  if (note.answer) content.answer = *note.answer;
  content.tags = note.tags;
  if (note.note_type) {
    content.type_name = note.note_type->name;
    content.type_fields = note.note_type->fields;
  }
  return content;
}

std::string write_note_toml(const NoteContent& note, const NoteTomlLayout& layout,
                            const NoteFileMessages& words) {
  if (note.kind == kAnkiKind) return write_anki_note_toml(note, layout, words);
  const NoteKind kind = parse_note_kind(note.kind);
  const NoteKindSpec& spec = note_kind_spec(kind);
  std::string out = note_file_heading(layout, words);
  if (!note.id.empty()) {
    append_comment(out, words.comment_id);
    out += "id = " + toml_string(note.id) + '\n';
  }
  append_comment(out, fill_in(words.comment_kind, {{"kinds", kind_names()}}));
  out += "kind = " + toml_string(note.kind) + '\n';
  append_comment(out, words.comment_tags);
  out += "tags = " + toml_list(note.tags) + '\n';
  bool first = true;
  for (const NoteFieldSpec& field : spec.fields) {
    out += '\n';
    append_comment(out, std::string(field_help(kind, field.name, words)) +
                            (field.required ? words.comment_required : ""));
    const auto found = note.fields.find(std::string(field.name));
    const std::map<std::string, std::string> none;
    const std::map<std::string, std::string>& texts =
        found == note.fields.end() ? none : found->second;
    for (const std::string& language : languages_of(texts, layout)) {
      const auto text = texts.find(language);
      out += std::string(field.name) + "." + toml_key(language) + " = " +
             toml_string(text == texts.end() ? "" : text->second) + '\n';
    }
    // A choice note's choices and answer follow its question.
    if (first && spec.has_choices) append_choices(out, note, layout, words);
    first = false;
  }
  // Any kind may have a source; it is not in a new note's template, but an edit keeps it.
  const auto source = note.fields.find(std::string(kSourceField));
  if (source != note.fields.end() && !source->second.empty()) {
    out += '\n';
    append_comment(out, words.field_source);
    for (const std::string& language : languages_of(source->second, layout)) {
      const auto text = source->second.find(language);
      out += std::string(kSourceField) + "." + toml_key(language) + " = " +
             toml_string(text == source->second.end() ? "" : text->second) + '\n';
    }
  }
  return out;
}

ReadNote read_note_toml(std::string_view text, const std::string& default_language,
                        const NoteFileMessages& words) {
  // The deck parser's bounds on what toml++ builds first: a file of deep keys or a great many
  // values would otherwise overflow toml++'s stack or take its time and memory
  // (docs/faults.md, "Deck files"). A note file has no [[…]] parts.
  try {
    const DeckFileLayout layout = scan_deck_layout(text, std::string(kNoteTomlName));
    if (!layout.entries.empty()) {
      throw NoteTomlError(layout.entries.front().first_line, 1, "", words.toml_no_tables);
    }
  } catch (const NoteTomlError&) {
    throw;
  } catch (const InputError& error) {
    throw NoteTomlError(error.line(), error.column(), error.field_message(),
                        error.problem_message());
  }
  toml::table table;
  try {
    table = toml::parse(text, kNoteTomlName);
  } catch (const toml::parse_error& error) {
    fail_at(error.source(), "", std::string(error.description()));
  }
  ReadNote read;
  NoteContent& note = read.note;
  std::vector<std::pair<std::string, toml::source_position>> quotes;
  const toml::node* kind_node = table.get("kind");
  if (kind_node == nullptr) throw NoteTomlError(1, 1, "kind", words.toml_no_kind);
  read.lines["kind"] = static_cast<int>(kind_node->source().begin.line);
  note.kind = read_text(*kind_node, toml::key("kind"), "kind", words);
  if (note.kind == kAnkiKind) {
    read_anki_note_toml(table, default_language, words, read, quotes);
    read.text_starts = text_starts_of(text, std::move(quotes));
    return read;
  }
  NoteKind kind{};
  try {
    kind = parse_note_kind(note.kind);
  } catch (const NoteError& error) {
    const toml::source_position place = kind_node->source().begin;
    throw NoteTomlError(static_cast<int>(place.line), static_cast<int>(place.column),
                        same_in_both("kind"), error.problem_message());
  }
  const NoteKindSpec& spec = note_kind_spec(kind);
  for (const auto& [key, node] : table) {
    const std::string name(key.str());
    if (name == "kind" || read_shared_key(name, node, key, words, read)) continue;
    if (spec.has_choices && name == "answer") {
      read.lines["answer"] = static_cast<int>(source_of(node, key).begin.line);
      const std::optional<std::int64_t> answer = node.value_exact<std::int64_t>();
      if (!answer) fail_at(source_of(node, key), name, words.toml_not_number);
      note.answer = *answer;
    } else if (spec.has_choices && name == "choices") {
      read_by_language(node, key, name, default_language, read.lines,
                       [&](const std::string& language, const toml::node& value,
                           const toml::key& at, const std::string& where) {
                         std::vector<std::string> choices = read_list(value, at, where, words);
                         if (!choices.empty()) note.choices[language] = std::move(choices);
                       });
    } else if (find_note_field(kind, name) != nullptr) {
      read_field_texts(node, key, name, name, default_language, words, read, quotes);
    } else {
      fail_at(
          key.source(), name,
          fill_in(words.toml_unknown_key, {{"kind", note.kind}, {"fields", field_names(kind)}}));
    }
  }
  read.text_starts = text_starts_of(text, std::move(quotes));
  return read;
}

namespace {

// The number at `at` in `text` (advancing past it), or 0.
int number_at(std::string_view text, std::size_t& at) {
  int number = 0;
  while (at < text.size() && text[at] >= '0' && text[at] <= '9' && number < 1'000'000) {
    number = number * 10 + (text[at++] - '0');
  }
  return number;
}

// The place describe_text_place wrote at `at` ("line 2, column 5: " or "column 5: "), in the
// field's text; {0, 0} when there is none.
FilePlace place_in_text(std::string_view message, std::size_t at) {
  FilePlace place{1, 0};
  if (message.substr(at, 5) == "line ") {
    at += 5;
    place.line = number_at(message, at);
    if (message.substr(at, 2) != ", ") return {};
    at += 2;
  }
  if (message.substr(at, 7) != "column ") return {};
  at += 7;
  place.column = number_at(message, at);
  return place.line > 0 && place.column > 0 ? place : FilePlace{};
}

}  // namespace

FilePlace place_of_daemon_problem(std::string_view message, const ReadNote& read) {
  // core's NoteError writes "field NAME: ..." or "field NAME.LANGUAGE: ...".
  const std::size_t at = message.find("field ");
  if (at == std::string_view::npos) return {};
  std::size_t end = at + 6;
  while (end < message.size() && message[end] != ':' && message[end] != ' ') ++end;
  const std::string named(message.substr(at + 6, end - at - 6));
  const FilePlace in_text = place_in_text(message, std::min(end + 2, message.size()));
  if (const auto start = read.text_starts.find(named);
      start != read.text_starts.end() && start->second.line > 0 && in_text.line > 0) {
    // Exact when the text has no escape before the place, as is usual.
    return in_text.line == 1
               ? FilePlace{start->second.line, start->second.column + in_text.column - 1}
               : FilePlace{start->second.line + in_text.line - 1, in_text.column};
  }
  if (const auto found = read.lines.find(named); found != read.lines.end()) {
    return {found->second, 0};
  }
  if (const auto dot = named.find('.'); dot != std::string::npos) {
    if (const auto found = read.lines.find(named.substr(0, dot)); found != read.lines.end()) {
      return {found->second, 0};
    }
  }
  return {};
}

}  // namespace kioku::cli
