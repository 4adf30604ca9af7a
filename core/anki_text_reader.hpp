// Reads Anki's plain-text notes files (docs/anki-import.md): the optional `tags:` line and the
// `#key:value` headers, then the rows as RFC 4180 CSV with the file's separator, one row at a
// time from a ByteSource, so a file of any size is read in bounded memory. Anki's rules
// (rslib/src/import_export/text/csv/) with the places kioku is stricter named in the doc.
#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/byte_source.hpp"

namespace kioku {

// A tags field or header's tags: Anki splits them on whitespace, U+3000 (the ideographic space)
// included.
std::vector<std::string> split_anki_tags(std::string_view text);

// The longest header line or row kioku reads: bounds the memory a row with an unterminated quote
// could take before its error.
inline constexpr std::size_t kMaxAnkiTextRowBytes = 1024 * 1024;
// A column header (`#guid column:`...) names a column from 1 to this.
inline constexpr int kMaxAnkiTextColumns = 1000;
// Without `#separator`, the separator is the first of Anki's six found in this many bytes of the
// body, as Anki sniffs it.
inline constexpr std::size_t kAnkiSeparatorSniffBytes = 8 * 1024;
// Without `#html`, the file is HTML when any field of this many first rows looks like HTML.
inline constexpr std::size_t kAnkiHtmlSniffRows = 5;

// What the header lines say; a header left out keeps its empty value.
struct AnkiTextHeaders {
  char separator = 0;  // given by `#separator`; 0 when not given
  std::optional<bool> html;
  std::string deck;
  std::string notetype;
  int notetype_line = 0;          // the line of `#notetype`, for the error when kioku cannot map it
  std::vector<std::string> tags;  // `#tags` and the first line's `tags:`
  std::vector<std::string> columns;  // `#columns`, read with the file's separator
  int guid_column = 0;               // from 1; 0: none
  int deck_column = 0;
  int notetype_column = 0;
  int tags_column = 0;
};

struct AnkiTextRow {
  std::vector<std::string> fields;
  // Where each field starts, for errors: line from 1, column from 1 in code points.
  std::vector<int> field_lines;
  std::vector<int> field_columns;
  int line = 0;  // where the row starts
};

class AnkiTextReader {
 public:
  // Reads the headers and, when they do not give them, sniffs the separator and whether the
  // file is HTML (which reads the first rows ahead). Throws kioku::InputError naming
  // `file_name`, the line and the header for a bad header value, invalid UTF-8 in the headers,
  // or a file with no rows.
  AnkiTextReader(ByteSource& source, std::string file_name);

  const AnkiTextHeaders& headers() const noexcept { return headers_; }
  char separator() const noexcept { return separator_; }
  bool html() const noexcept { return html_; }
  const std::string& file_name() const noexcept { return file_name_; }

  // The next row into `row`; false at the end. Comment rows (a row whose first character is
  // `#`) and empty lines are skipped. Throws kioku::InputError naming the file, line and column
  // for invalid UTF-8, an unterminated quote or a row longer than kMaxAnkiTextRowBytes.
  bool next(AnkiTextRow& row);

 private:
  // Makes at least `count` bytes available from pos_ unless the source ends first; returns
  // whether it could.
  bool want(std::size_t count);
  // The header line at pos_ (without its line ending), or nothing when the line is not one.
  std::optional<std::string> header_line(bool first);
  void read_headers();
  void apply_header(const std::string& line, int line_number);
  void sniff_separator();
  bool parse_row(AnkiTextRow& row);
  void check_utf8(std::size_t begin, std::size_t end, int line, int column) const;
  // Advances pos_ past one byte, keeping line_ and column_.
  void advance();
  // Drops the bytes before pos_ once they are many; only between rows and header lines.
  void compact();

  ByteSource& source_;
  std::string file_name_;
  std::string buffer_;
  std::size_t pos_ = 0;
  bool at_end_ = false;
  int line_ = 1;
  int column_ = 1;
  AnkiTextHeaders headers_;
  std::string columns_text_;  // `#columns`' value, split once the separator is known
  int columns_line_ = 0;
  char separator_ = ' ';
  bool html_ = false;
  std::deque<AnkiTextRow> read_ahead_;
};

}  // namespace kioku
