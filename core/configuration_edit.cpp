#include "core/configuration_edit.hpp"

#include "core/configuration_toml.hpp"
#include "core/toml.hpp"

#include <algorithm>
#include <limits>
#include <string_view>

namespace kioku {

namespace {

// A UTF-8 byte order mark, which toml++ reads past: its line 1, column 1 is the byte after it.
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

// The byte offset of the start of line `line` (from 1); text.size() past the last.
std::size_t line_offset(std::string_view text, std::size_t line) {
  std::size_t at = text.starts_with(kByteOrderMark) ? kByteOrderMark.size() : 0;
  for (std::size_t current = 1; current < line; ++current) {
    const std::size_t newline = text.find('\n', at);
    if (newline == std::string_view::npos) return text.size();
    at = newline + 1;
  }
  return at;
}

// The byte offset of toml++'s `position`, whose column counts code points from 1.
std::size_t offset_of(std::string_view text, const toml::source_position& position) {
  std::size_t at = line_offset(text, position.line);
  for (std::size_t column = 1; column < position.column && at < text.size(); ++column) {
    ++at;
    while (at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) ++at;
  }
  return at;
}

// Whether `table` was opened by a [header] line, not made by dotted keys or inline.
bool has_header(std::string_view text, const toml::table& table) {
  if (table.is_inline()) return false;
  const std::size_t at = offset_of(text, table.source().begin);
  return at < text.size() && text[at] == '[';
}

std::string insert_line(std::string_view text, std::size_t at, const std::string& line) {
  std::string out(text.substr(0, at));
  // After a last line with no newline ("[backups] # note" ending the file), the new line must
  // start a line of its own, or it would be part of that line (here, of its comment). Anywhere
  // else `at` starts a line (after a byte order mark, the first).
  if (at == text.size() && !out.empty() && out.back() != '\n') out += '\n';
  out += line + "\n";
  out += text.substr(at);
  return out;
}

// Text that ends with a newline (or is empty), so a line can be added after it.
std::string ended(std::string_view text) {
  std::string out(text);
  if (!out.empty() && out.back() != '\n') out += '\n';
  return out;
}

}  // namespace

std::string with_setting(std::string_view text, const ConfigKey& key, const ConfigValue& value,
                         const std::string& file) {
  const toml::table root = parse_config_toml(text, file);
  const std::string literal = toml_literal(value);
  const std::size_t dot = key.name.find('.');
  const std::string section(dot == std::string_view::npos ? "" : key.name.substr(0, dot));
  const std::string leaf(dot == std::string_view::npos ? key.name : key.name.substr(dot + 1));

  if (const toml::node* existing = root.at_path(key.name).node()) {
    const std::size_t begin = offset_of(text, existing->source().begin);
    const std::size_t end = offset_of(text, existing->source().end);
    std::string out(text.substr(0, begin));
    out += literal;
    out += text.substr(end);
    return out;
  }
  std::string line = leaf + " = " + literal;
  if (!section.empty()) {
    const toml::table* table = root[section].as_table();
    if (table == nullptr)
      return ended(text) + (text.empty() ? "" : "\n") + "[" + section + "]\n" + line + "\n";
    if (table->is_inline()) {
      throw Error(
          ErrorCode::kInvalidInput,
          bilingual("{file}: {section} is an inline table; set {key} in it by hand (kioku "
                    "config edit)",
                    "{file}: {section} はインラインテーブルです。その中の {key} "
                    "は手で設定してください（kioku config edit）",
                    {{"file", file}, {"section", section}, {"key", std::string(key.name)}}));
    }
    if (has_header(text, *table)) {
      return insert_line(text, line_offset(text, table->source().begin.line + 1), line);
    }
    // A section made by dotted keys ("backups.daily = 7") has no header to add a line under:
    // the key goes in its dotted form where the top-level keys are.
    line = std::string(key.name) + " = " + literal;
  }
  // Before the first [section]: a line after it would belong to that section.
  std::size_t first_section = std::numeric_limits<std::size_t>::max();
  for (auto&& [name, node] : root) {
    if (const toml::table* table = node.as_table(); table && has_header(text, *table)) {
      first_section = std::min<std::size_t>(first_section, table->source().begin.line);
    }
  }
  if (first_section == std::numeric_limits<std::size_t>::max()) return ended(text) + line + "\n";
  return insert_line(text, line_offset(text, first_section), line);
}

}  // namespace kioku
