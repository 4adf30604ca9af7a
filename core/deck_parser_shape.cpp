// A lexer for just enough of TOML to know, for every valid TOML prefix, what toml++ knows: where
// strings and comments are (so that no '.', '[' or '{' inside them counts), which text is a key
// and which a value, and where top-level headers begin. Past a point where toml++ would stop
// with a syntax error the counts may be anything, and that is safe: toml++ builds nothing past
// its first error, and too high a count only refuses a file toml++ would refuse anyway.
#include "core/deck_parser_shape.hpp"

#include <algorithm>

#include "core/deck_parser_limits.hpp"
#include "core/error.hpp"

namespace kioku {

namespace {

// An open array or inline table. `level` is where an array's elements sit, or where an inline
// table's keys start counting.
struct Frame {
  bool is_array;
  int level;
};

enum class State {
  kStatement,   // at the top level, before a header or a key
  kInlineKey,   // in an inline table, before a key
  kValue,       // before a value (after '=', '[' or an array's ',')
  kAfterValue,  // after a value, before what separates it from the next
};

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// Characters that end a bare key; the quotes, '.' and blanks are handled before this is asked.
bool ends_key(char c) {
  return c == '=' || c == ']' || c == '[' || c == '}' || c == '{' || c == ',' || c == '#' ||
         c == '\n';
}

bool ends_scalar(char c) {
  return is_blank(c) || c == '\n' || c == ',' || c == ']' || c == '}' || c == '[' || c == '{' ||
         c == '#' || c == '"' || c == '\'';
}

class ShapeScanner {
 public:
  ShapeScanner(std::string_view text, const std::string& source_name)
      : text_(text), source_name_(source_name) {}

  DeckFileLayout run() {
    while (at_ < text_.size()) step();
    finish_part(text_.size());
    return std::move(layout_);
  }

 private:
  void step() {
    const char c = text_[at_];
    if (c == '\n') {
      ++line_;
      ++at_;
      // A line ends a top-level statement; inside an array it is only space (and inside an
      // inline table toml++ refuses it).
      if (frames_.empty()) state_ = State::kStatement;
      return;
    }
    if (is_blank(c)) {
      ++at_;
      return;
    }
    if (c == '#') {
      while (at_ < text_.size() && text_[at_] != '\n') ++at_;
      return;
    }
    switch (state_) {
      case State::kStatement:
        if (c == '[') {
          header();
        } else {
          key(table_level_);
        }
        return;
      case State::kInlineKey:
        if (c == '}') {
          close();
        } else if (c == ',') {
          ++at_;
        } else {
          key(frames_.back().level);
        }
        return;
      case State::kValue:
        if (c == ']' && !frames_.empty() && frames_.back().is_array) {
          close();
        } else {
          value(c);
        }
        return;
      case State::kAfterValue:
        after_value(c);
        return;
    }
  }

  // `[table]` or `[[array.of.tables]]` at the start of a statement. Counted as two levels and
  // two values per part: a part may pass through the array of tables its first header made.
  void header() {
    const std::size_t begin = at_;
    ++at_;
    const bool array_of_tables = at_ < text_.size() && text_[at_] == '[';
    if (array_of_tables) ++at_;
    const std::size_t name_begin = at_;
    const int header_line = line_;
    const int parts = key_parts();
    // [[note_types]] before the entries belongs to the head, which holds what the entries use.
    if (array_of_tables && !(entry_parts_ == 0 &&
                             trimmed(text_.substr(name_begin, at_ - name_begin)) == "note_types")) {
      start_entry_part(begin, header_line, text_.substr(name_begin, at_ - name_begin));
    }
    table_level_ = 2 * parts;
    reach(table_level_);
    count_values(2 * static_cast<std::size_t>(parts));
    count_dotted(static_cast<std::size_t>(parts - 1));
    if (at_ < text_.size() && text_[at_] == ']') ++at_;
    if (array_of_tables && at_ < text_.size() && text_[at_] == ']') ++at_;
    state_ = State::kAfterValue;  // the rest of the line is a comment or nothing
  }

  // A key at the top level or in an inline table whose keys start at `base`; its value sits one
  // level deeper per part.
  void key(int base) {
    const int parts = key_parts();
    value_level_ = base + parts;
    reach(value_level_);
    count_values(static_cast<std::size_t>(parts));
    count_dotted(static_cast<std::size_t>(parts - 1));
    if (at_ < text_.size() && text_[at_] == '=') {
      ++at_;
      state_ = State::kValue;
    } else {
      state_ = State::kAfterValue;  // not a key-value pair: toml++ stops here
    }
  }

  // The parts of the key at at_, which is left at the first character that cannot continue it.
  // At least one, so that every frame opened below a key sits deeper than its parent.
  int key_parts() {
    int parts = 1;
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (is_blank(c)) {
        ++at_;
      } else if (c == '"' || c == '\'') {
        skip_string();
      } else if (c == '.') {
        ++parts;
        ++at_;
      } else if (ends_key(c)) {
        break;
      } else {
        ++at_;
      }
    }
    return parts;
  }

  void value(char c) {
    count_values(1);
    if (c == '[') {
      ++at_;
      frames_.push_back({true, value_level_ + 1});
      reach(value_level_ + 1);
      value_level_ += 1;
      state_ = State::kValue;
    } else if (c == '{') {
      ++at_;
      frames_.push_back({false, value_level_});
      state_ = State::kInlineKey;
    } else if (c == '"' || c == '\'') {
      skip_string();
      state_ = State::kAfterValue;
    } else {
      // A number, boolean or date; a date-time's time after a space reads as a second scalar.
      while (at_ < text_.size() && !ends_scalar(text_[at_])) ++at_;
      state_ = State::kAfterValue;
    }
  }

  void after_value(char c) {
    if (!frames_.empty() && frames_.back().is_array && c == ',') {
      ++at_;
      value_level_ = frames_.back().level;
      state_ = State::kValue;
    } else if (!frames_.empty() && !frames_.back().is_array && c == ',') {
      ++at_;
      state_ = State::kInlineKey;
    } else if (!frames_.empty() && c == (frames_.back().is_array ? ']' : '}')) {
      close();
    } else if (c == '"' || c == '\'') {
      skip_string();  // toml++ refuses anything after a value; skip it whole all the same
    } else {
      ++at_;
    }
  }

  // The ']' or '}' at at_ closes the innermost array or inline table, itself a value.
  void close() {
    ++at_;
    frames_.pop_back();
    state_ = State::kAfterValue;
  }

  // Skips the string whose opening quote is at at_, as toml++ reads it: a basic string ends at
  // an unescaped '"', a literal one at the next '\'', both at the end of the line (an error); a
  // multi-line string ends at the first run of three to five quotes, the extra ones its own.
  void skip_string() {
    const char quote = text_[at_];
    const bool escapes = quote == '"';
    if (text_.compare(at_, 3, std::string(3, quote)) != 0) {
      ++at_;
      while (at_ < text_.size() && text_[at_] != '\n') {
        const char c = text_[at_++];
        if (c == quote) return;
        if (escapes && c == '\\' && at_ < text_.size() && text_[at_] != '\n') ++at_;
      }
      return;
    }
    at_ += 3;
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '\n') {
        ++line_;
        ++at_;
      } else if (escapes && c == '\\') {
        ++at_;
        if (at_ < text_.size()) {
          if (text_[at_] == '\n') ++line_;
          ++at_;
        }
      } else if (c == quote) {
        std::size_t run = 0;
        while (run < 5 && at_ < text_.size() && text_[at_] == quote) {
          ++run;
          ++at_;
        }
        if (run >= 3) return;
      } else {
        ++at_;
      }
    }
  }

  // A [[ header whose key is `name` (as written, blanks around it included) starts a part: a
  // note's under [[notes]], else a card's (what any other header would be in format 1).
  static std::string_view trimmed(std::string_view name) {
    const std::size_t first = name.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    return name.substr(first, name.find_last_not_of(" \t") - first + 1);
  }

  void start_entry_part(std::size_t begin, int line, std::string_view name) {
    finish_part(begin);
    in_notes_ = trimmed(name) == "notes";
    std::size_t& count = in_notes_ ? note_parts_ : card_parts_;
    ++count;
    ++entry_parts_;
    if (count > (in_notes_ ? kMaxNotes : kMaxCards)) fail(too_many_entries(in_notes_));
    part_begin_ = begin;
    part_line_ = line;
    shape_ = {};
  }

  void finish_part(std::size_t end) {
    DeckFilePart part{text_.substr(part_begin_, end - part_begin_), part_line_, shape_};
    if (entry_parts_ == 0) {
      layout_.head = part;
    } else {
      layout_.entries.push_back(part);
    }
  }

  void reach(int level) {
    shape_.depth = std::max(shape_.depth, level);
    if (level > kMaxTomlDepth) {
      fail(
          bilingual("tables, arrays and key parts are nested more than {most} levels deep (a "
                    "deck needs 5)",
                    "テーブル、配列、キーの部分の入れ子が {most} 段を超えています（デッキに必要なの"
                    "は 5 段です）",
                    {{"most", std::to_string(kMaxTomlDepth)}}));
    }
  }

  void count_values(std::size_t count) {
    shape_.values += count;
    if (shape_.values > kMaxTomlValuesPerPart) {
      const std::string most = std::to_string(kMaxTomlValuesPerPart);
      if (entry_parts_ == 0) {
        fail(bilingual("more than {most} values before the first [[cards]] or [[notes]]",
                       "最初の [[cards]] または [[notes]] より前の値が {most} 個を超えています",
                       {{"most", most}}));
      }
      fail(bilingual("more than {most} values in one [[{table}]] table",
                     "1 つの [[{table}]] テーブルの値が {most} 個を超えています",
                     {{"most", most}, {"table", table()}}));
    }
  }

  void count_dotted(std::size_t count) {
    shape_.dotted_key_parts += count;
    if (shape_.dotted_key_parts > kMaxDottedKeyPartsPerPart) {
      const std::string most = std::to_string(kMaxDottedKeyPartsPerPart);
      if (entry_parts_ == 0) {
        fail(
            bilingual("more than {most} parts of dotted keys and table headers (as `question` "
                      "in `question.en`) before the first [[cards]] or [[notes]]",
                      "最初の [[cards]] または [[notes]] より前の、ドット付きのキーとテーブルの"
                      "見出しの部分（`question.en` の `question` など）が {most} 個を超えています",
                      {{"most", most}}));
      }
      fail(
          bilingual("more than {most} parts of dotted keys and table headers (as `question` in "
                    "`question.en`) in one [[{table}]] table",
                    "1 つの [[{table}]] テーブルの、ドット付きのキーとテーブルの見出しの部分"
                    "（`question.en` の `question` など）が {most} 個を超えています",
                    {{"most", most}, {"table", table()}}));
    }
  }

  // The kind of the part being read, as its header names it.
  std::string table() const { return in_notes_ ? "notes" : "cards"; }

  [[noreturn]] void fail(const BilingualMessage& message) const {
    std::string field;
    if (entry_parts_ > 0) {
      field = in_notes_ ? "notes[" + std::to_string(note_parts_) + "]"
                        : "cards[" + std::to_string(card_parts_) + "]";
    }
    throw InputError(source_name_, line_, field, message);
  }

  std::string_view text_;
  const std::string& source_name_;
  std::size_t at_ = 0;
  int line_ = 1;
  State state_ = State::kStatement;
  std::vector<Frame> frames_;  // never deeper than kMaxTomlDepth: each one is a level deeper
  int table_level_ = 0;        // of the table the last header opened
  int value_level_ = 0;        // of the value about to be read

  DeckFileLayout layout_;
  std::size_t entry_parts_ = 0;
  std::size_t card_parts_ = 0;
  std::size_t note_parts_ = 0;
  bool in_notes_ = false;  // the part being read is a [[notes]] table's
  std::size_t part_begin_ = 0;
  int part_line_ = 1;
  TomlShape shape_;
};

}  // namespace

BilingualMessage too_many_entries(bool notes) {
  return notes ? bilingual("a deck holds at most {most} notes",
                           "1 つのデッキに入るノートは {most} 件までです",
                           {{"most", std::to_string(kMaxNotes)}})
               : bilingual("a deck holds at most {most} cards",
                           "1 つのデッキに入るカードは {most} 枚までです",
                           {{"most", std::to_string(kMaxCards)}});
}

DeckFileLayout scan_deck_layout(std::string_view text, const std::string& source_name) {
  return ShapeScanner(text, source_name).run();
}

}  // namespace kioku
