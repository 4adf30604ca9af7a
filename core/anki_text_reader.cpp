// Bytes are kept from the start of the row being read: a row is at most kMaxAnkiTextRowBytes, so
// the buffer stays small whatever the file's size. Fields are copied out as they are read.
#include "core/anki_text_reader.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <limits>
#include <utility>

#include "core/ascii_text.hpp"
#include "core/deck_parser_text.hpp"
#include "core/error.hpp"
#include "core/utf8.hpp"

namespace kioku {

namespace {

constexpr std::size_t kReadChunk = 64 * 1024;
// The consumed bytes are dropped from the buffer once they pass this.
constexpr std::size_t kCompactAfter = 256 * 1024;

struct SeparatorName {
  std::string_view name;
  char byte;
};

// In Anki's order (proto Delimiter): the sniffer takes the first one it finds.
constexpr std::array<SeparatorName, 6> kSeparators{{{"tab", '\t'},
                                                    {"pipe", '|'},
                                                    {"semicolon", ';'},
                                                    {"colon", ':'},
                                                    {"comma", ','},
                                                    {"space", ' '}}};

int code_points(std::string_view text) {
  return static_cast<int>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// `#columns`' value as one CSV record with the file's separator.
std::vector<std::string> split_columns(std::string_view text, char separator) {
  std::vector<std::string> columns(1);
  bool quoted = false;
  bool at_start = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        columns.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        columns.back() += c;
      }
    } else if (c == separator) {
      columns.emplace_back();
      at_start = true;
      continue;
    } else if (c == '"' && at_start) {
      quoted = true;
    } else {
      columns.back() += c;
    }
    at_start = false;
  }
  return columns;
}

bool looks_like_html(const std::string& text) {
  const std::size_t open = text.find('<');
  return open != std::string::npos && text.find('>', open) != std::string::npos;
}

}  // namespace

std::vector<std::string> split_anki_tags(std::string_view text) {
  std::vector<std::string> tags;
  std::string tag;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool ideographic = text.substr(i, 3) == "\xE3\x80\x80";
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f' || ideographic) {
      if (!tag.empty()) tags.push_back(std::move(tag));
      tag.clear();
      if (ideographic) i += 2;
    } else {
      tag += c;
    }
  }
  if (!tag.empty()) tags.push_back(std::move(tag));
  return tags;
}

AnkiTextReader::AnkiTextReader(ByteSource& source, std::string file_name)
    : source_(source), file_name_(std::move(file_name)) {
  read_headers();
  if (headers_.separator != 0) {
    separator_ = headers_.separator;
  } else {
    sniff_separator();
  }
  if (columns_line_ > 0) headers_.columns = split_columns(columns_text_, separator_);
  const std::size_t ahead = headers_.html ? 1 : kAnkiHtmlSniffRows;
  while (read_ahead_.size() < ahead) {
    AnkiTextRow row;
    if (!parse_row(row)) break;
    read_ahead_.push_back(std::move(row));
  }
  if (read_ahead_.empty()) {
    throw InputError(file_name_, 0, "",
                     BilingualMessage{"has no notes: nothing but headers, comments or empty "
                                      "lines (an empty file?)",
                                      "ノートがありません: ヘッダー、コメント、空行しかありません"
                                      "（空のファイルでは？）"});
  }
  if (headers_.html) {
    html_ = *headers_.html;
  } else {
    for (const AnkiTextRow& row : read_ahead_) {
      html_ = html_ || std::any_of(row.fields.begin(), row.fields.end(), looks_like_html);
    }
  }
}

bool AnkiTextReader::want(std::size_t count) {
  while (buffer_.size() - pos_ < count && !at_end_) {
    const std::size_t old_size = buffer_.size();
    buffer_.resize(old_size + kReadChunk);
    const std::size_t got = source_.read(buffer_.data() + old_size, kReadChunk);
    buffer_.resize(old_size + got);
    if (got == 0) at_end_ = true;
  }
  return buffer_.size() - pos_ >= count;
}

void AnkiTextReader::advance() {
  const char c = buffer_[pos_];
  ++pos_;
  // Saturating: a file of any size may hold more than INT_MAX lines or a line that long.
  if (c == '\n' || (c == '\r' && !(want(1) && buffer_[pos_] == '\n'))) {
    if (line_ < std::numeric_limits<int>::max()) ++line_;
    column_ = 1;
  } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80 &&
             column_ < std::numeric_limits<int>::max()) {
    ++column_;
  }
}

void AnkiTextReader::check_utf8(std::size_t begin, std::size_t end, int line, int column) const {
  std::size_t at = begin;
  while (at < end) {
    const unsigned char c = static_cast<unsigned char>(buffer_[at]);
    if (c < 0x80) {
      // Line endings as advance() counts them: LF, CR LF, or a CR alone.
      if (c == '\n' || (c == '\r' && !(at + 1 < end && buffer_[at + 1] == '\n'))) {
        ++line;
        column = 1;
      } else {
        ++column;
      }
      ++at;
      continue;
    }
    const CodePoint point = decode_utf8(std::string_view(buffer_).substr(0, end), at);
    if (point.length == 0) {
      static constexpr char kHex[] = "0123456789ABCDEF";
      const std::string byte = {'0', 'x', kHex[c >> 4], kHex[c & 0xF]};
      throw InputError(file_name_, line, column, "",
                       bilingual("is not valid UTF-8 (byte {byte}); Anki's text files are "
                                 "UTF-8: save the file as UTF-8 and import it again",
                                 "UTF-8 として正しくありません（バイト {byte}）。Anki の"
                                 "テキストファイルは UTF-8 です。ファイルを UTF-8 で保存して、"
                                 "もう一度取り込んでください",
                                 {{"byte", byte}}));
    }
    at += point.length;
    ++column;
  }
}

std::optional<std::string> AnkiTextReader::header_line(bool first) {
  if (!want(1)) return std::nullopt;
  const bool tags_line = first && want(5) && std::string_view(buffer_).substr(pos_, 5) == "tags:";
  if (buffer_[pos_] != '#' && !tags_line) return std::nullopt;
  std::size_t end = pos_;
  while (true) {
    if (end - pos_ > kMaxAnkiTextRowBytes) {
      throw InputError(file_name_, line_, "",
                       bilingual("a header line longer than {max} bytes",
                                 "ヘッダー行が {max} バイトを超えています",
                                 {{"max", std::to_string(kMaxAnkiTextRowBytes)}}));
    }
    if (!want(end - pos_ + 1)) break;
    // A header line ends as a row does: at LF, CR LF or a CR alone.
    if (buffer_[end] == '\n' || buffer_[end] == '\r') break;
    ++end;
  }
  check_utf8(pos_, end, line_, 1);
  std::string line = buffer_.substr(pos_, end - pos_);
  std::size_t after = end;
  if (end < buffer_.size()) {
    after = end + 1;
    if (buffer_[end] == '\r' && want(end - pos_ + 2) && buffer_[end + 1] == '\n') after = end + 2;
  }
  while (pos_ < after) advance();
  return line;
}

void AnkiTextReader::read_headers() {
  if (want(3) && std::string_view(buffer_).substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
  bool first = true;
  while (true) {
    compact();
    const int line_number = line_;
    const std::optional<std::string> line = header_line(first);
    if (!line) break;
    if (first && line->rfind("tags:", 0) == 0) {
      headers_.tags = split_anki_tags(std::string_view(*line).substr(5));
    } else {
      apply_header(*line, line_number);
    }
    first = false;
  }
}

void AnkiTextReader::apply_header(const std::string& line, int line_number) {
  const std::size_t colon = line.find(':');
  // A `#` line without a colon is a comment among the headers, as in Anki.
  if (colon == std::string::npos) return;
  const std::string key =
      lower_ascii(trim_ascii_space(std::string_view(line).substr(1, colon - 1)));
  const std::string_view raw_value = std::string_view(line).substr(colon + 1);
  const std::string_view value = trim_ascii_space(raw_value);
  const std::string field = "#" + key;
  const int value_column = code_points(std::string_view(line).substr(0, colon + 1)) + 1;
  const auto fail = [&](const BilingualMessage& problem) -> void {
    throw InputError(file_name_, line_number, value_column, field, problem);
  };
  if (key == "separator") {
    for (const SeparatorName& separator : kSeparators) {
      const bool literal = raw_value.size() == 1 && raw_value.front() == separator.byte;
      if (literal || lower_ascii(value) == separator.name) headers_.separator = separator.byte;
    }
    if (headers_.separator == 0) {
      fail(
          bilingual("unknown separator {value}; Anki's are tab, comma, semicolon, space, pipe "
                    "and colon (by name or as the character)",
                    "区切り文字 {value} は不明です。Anki の区切り文字は tab、comma、semicolon、"
                    "space、pipe、colon です（名前か、その文字そのもので指定します）",
                    {{"value", quoted_for_error(value)}}));
    }
  } else if (key == "html") {
    const std::string flag = lower_ascii(value);
    if (flag != "true" && flag != "false") {
      fail(bilingual("must be true or false, not {value}",
                     "true か false にしてください（{value} になっています）",
                     {{"value", quoted_for_error(value)}}));
    }
    headers_.html = flag == "true";
  } else if (key == "tags") {
    headers_.tags = split_anki_tags(raw_value);
  } else if (key == "columns") {
    columns_text_ = std::string(raw_value);
    columns_line_ = line_number;
  } else if (key == "deck") {
    headers_.deck = std::string(value);
  } else if (key == "notetype") {
    headers_.notetype = std::string(value);
    headers_.notetype_line = line_number;
  } else if (key == "guid column" || key == "deck column" || key == "notetype column" ||
             key == "tags column") {
    int number = 0;
    const bool digits =
        !value.empty() && value.size() <= 4 && std::all_of(value.begin(), value.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c));
        });
    if (digits) number = std::stoi(std::string(value));
    if (number < 1 || number > kMaxAnkiTextColumns) {
      fail(bilingual(
          "must be a column number from 1 to {max}, not {value}",
          "1 から {max} までの列番号にしてください（{value} になっています）",
          {{"max", std::to_string(kMaxAnkiTextColumns)}, {"value", quoted_for_error(value)}}));
    }
    int& column = key == "guid column"       ? headers_.guid_column
                  : key == "deck column"     ? headers_.deck_column
                  : key == "notetype column" ? headers_.notetype_column
                                             : headers_.tags_column;
    column = number;
  } else if (key == "if matches") {
    if (lower_ascii(value) != "update current") {
      fail(
          bilingual("kioku always updates a note the file has again (\"update current\"); "
                    "{value} is not read",
                    "kioku はファイルに再び現れたノートを常に更新します（\"update current\"）。"
                    "{value} は読み込みません",
                    {{"value", quoted_for_error(value)}}));
    }
  }
  // Anything else (`match scope`, keys of later Ankis) is ignored, as Anki ignores what it does
  // not know.
}

void AnkiTextReader::sniff_separator() {
  want(kAnkiSeparatorSniffBytes);
  const std::string_view body = std::string_view(buffer_).substr(pos_, kAnkiSeparatorSniffBytes);
  for (const SeparatorName& separator : kSeparators) {
    if (body.find(separator.byte) != std::string_view::npos) {
      separator_ = separator.byte;
      return;
    }
  }
  separator_ = ' ';
}

bool AnkiTextReader::next(AnkiTextRow& row) {
  if (!read_ahead_.empty()) {
    row = std::move(read_ahead_.front());
    read_ahead_.pop_front();
    return true;
  }
  return parse_row(row);
}

void AnkiTextReader::compact() {
  if (pos_ > kCompactAfter) {
    buffer_.erase(0, pos_);
    pos_ = 0;
  }
}

bool AnkiTextReader::parse_row(AnkiTextRow& row) {
  // Empty lines and comment rows before the row; a comment may be any length.
  while (true) {
    compact();
    if (!want(1)) return false;
    const char c = buffer_[pos_];
    if (c == '\n' || c == '\r') {
      advance();
    } else if (c == '#') {
      // Skipped without advance(): a comment's columns are never reported, and one may be
      // longer than a column number can count.
      while (want(1) && buffer_[pos_] != '\n' && buffer_[pos_] != '\r') {
        ++pos_;
        compact();
      }
    } else {
      break;
    }
  }
  row.fields.clear();
  row.field_lines.clear();
  row.field_columns.clear();
  row.line = line_;
  const std::size_t begin = pos_;
  const int begin_line = line_;
  const int begin_column = column_;
  const auto check_length = [&] {
    if (pos_ - begin > kMaxAnkiTextRowBytes) {
      throw InputError(file_name_, row.line, "",
                       bilingual("a row longer than {max} bytes (a quote that is never closed?)",
                                 "行が {max} バイトを超えています（閉じられていない引用符が"
                                 "あるのでは？）",
                                 {{"max", std::to_string(kMaxAnkiTextRowBytes)}}));
    }
  };
  while (true) {
    // Bounded like the columns a header may name: past it no field could be mapped, and a row
    // of separators alone would otherwise cost a string per byte.
    if (static_cast<int>(row.fields.size()) == kMaxAnkiTextColumns) {
      throw InputError(file_name_, row.line, "",
                       bilingual("a row with more than {max} fields; kioku maps at most that "
                                 "many columns",
                                 "行のフィールドが {max} 個を超えています。kioku が対応付けられる"
                                 "列はその数までです",
                                 {{"max", std::to_string(kMaxAnkiTextColumns)}}));
    }
    row.fields.emplace_back();
    row.field_lines.push_back(line_);
    row.field_columns.push_back(column_);
    std::string& field = row.fields.back();
    if (want(1) && buffer_[pos_] == '"') {
      const int quote_line = line_;
      const int quote_column = column_;
      advance();
      while (true) {
        check_length();
        if (!want(1)) {
          check_utf8(begin, pos_, begin_line, begin_column);
          throw InputError(file_name_, quote_line, quote_column, "",
                           BilingualMessage{"the quote that opens this field is never closed",
                                            "このフィールドを始める引用符が閉じられていません"});
        }
        const char c = buffer_[pos_];
        if (c == '"') {
          if (want(2) && buffer_[pos_ + 1] == '"') {
            field += '"';
            advance();
            advance();
            continue;
          }
          advance();
          break;
        }
        field += c;
        advance();
      }
    }
    // Unquoted text, or what follows a closing quote, which Anki (the csv crate) keeps as it is.
    while (want(1)) {
      const char c = buffer_[pos_];
      if (c == separator_ || c == '\n' || c == '\r') break;
      field += c;
      advance();
      check_length();
    }
    if (want(1) && buffer_[pos_] == separator_) {
      advance();
      continue;
    }
    break;
  }
  check_utf8(begin, pos_, begin_line, begin_column);
  if (want(1)) advance();  // the row's line ending: "\r\n" is one, through advance()
  if (pos_ > begin && buffer_[pos_ - 1] == '\r' && want(1) && buffer_[pos_] == '\n') advance();
  return true;
}

}  // namespace kioku
