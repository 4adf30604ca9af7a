#include "core/import_format.hpp"

#include <array>
#include <string>

#include "core/ascii_text.hpp"

namespace kioku {

namespace {

bool ends_with(std::string_view text, std::string_view end) {
  return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

constexpr std::array<std::string_view, 12> kAnkiHeaders{
    "separator",       "html",        "tags",        "columns",     "notetype",    "deck",
    "notetype column", "deck column", "tags column", "guid column", "match scope", "if matches"};

bool is_anki_header(std::string_view line) {
  if (line.empty() || line.front() != '#') return false;
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) return false;
  const std::string key = lower_ascii(line.substr(1, colon - 1));
  for (const std::string_view header : kAnkiHeaders) {
    if (key == header) return true;
  }
  return false;
}

}  // namespace

std::optional<ImportFormat> parse_import_format(std::string_view name) {
  if (name == "toml") return ImportFormat::kToml;
  if (name == "anki-text") return ImportFormat::kAnkiText;
  if (name == "anki-package") return ImportFormat::kAnkiPackage;
  return std::nullopt;
}

ImportFormat import_format_of(std::string_view name, std::string_view start) {
  const std::string lower = lower_ascii(name);
  if (ends_with(lower, ".toml")) return ImportFormat::kToml;
  if (ends_with(lower, ".txt") || ends_with(lower, ".tsv") || ends_with(lower, ".csv")) {
    return ImportFormat::kAnkiText;
  }
  if (ends_with(lower, ".apkg") || ends_with(lower, ".colpkg")) return ImportFormat::kAnkiPackage;
  // A zip's local file header (or an empty zip's end record): no text format starts so.
  if (start.substr(0, 4) == std::string_view("PK\x03\x04", 4) ||
      start.substr(0, 4) == std::string_view("PK\x05\x06", 4)) {
    return ImportFormat::kAnkiPackage;
  }
  if (start.substr(0, 3) == "\xEF\xBB\xBF") start.remove_prefix(3);
  if (start.substr(0, 5) == "tags:") return ImportFormat::kAnkiText;
  std::size_t at = 0;
  while (at < start.size()) {
    std::size_t end = start.find('\n', at);
    if (end == std::string_view::npos) end = start.size();
    const std::string_view line = start.substr(at, end - at);
    at = end + 1;
    if (is_anki_header(line)) return ImportFormat::kAnkiText;
    std::size_t first = 0;
    while (first < line.size() &&
           (line[first] == ' ' || line[first] == '\t' || line[first] == '\r')) {
      ++first;
    }
    if (first == line.size() || line[first] == '#') continue;
    // A tab is the one separator that is no guess: Anki writes its exports with tabs, while
    // text with commas, spaces or none at all is as likely a broken TOML deck, which should
    // get TOML's error rather than be imported as one-field notes.
    const bool anki_text = line[first] != '[' && line.find('=') == std::string_view::npos &&
                           line.find('\t') != std::string_view::npos;
    return anki_text ? ImportFormat::kAnkiText : ImportFormat::kToml;
  }
  return ImportFormat::kToml;
}

}  // namespace kioku
