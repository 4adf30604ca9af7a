// One pass over the HTML: a tag is `<` then a letter, `/` or `!`, up to the next `>`.
#include "core/anki_html_text.hpp"

#include <array>
#include <cctype>
#include <cstdint>

#include "core/ascii_text.hpp"
#include "core/utf8.hpp"

namespace kioku {

namespace {

struct NamedEntity {
  std::string_view name;
  std::string_view text;
};

constexpr std::array<NamedEntity, 12> kEntities{{{"amp", "&"},
                                                 {"lt", "<"},
                                                 {"gt", ">"},
                                                 {"quot", "\""},
                                                 {"apos", "'"},
                                                 {"nbsp", " "},
                                                 {"ndash", "\xE2\x80\x93"},
                                                 {"mdash", "\xE2\x80\x94"},
                                                 {"hellip", "\xE2\x80\xA6"},
                                                 {"laquo", "\xC2\xAB"},
                                                 {"raquo", "\xC2\xBB"},
                                                 {"middot", "\xC2\xB7"}}};

constexpr std::array<std::string_view, 20> kBlockTags{
    "div", "p",  "h1", "h2", "h3",      "h4",    "h5",         "h6",      "ul",  "ol",
    "tr",  "li", "dt", "dd", "address", "table", "blockquote", "section", "pre", "hr"};

// The entity at `at` (a '&') appended to `out`; returns its length, or 0 when it is not one.
std::size_t decode_entity(std::string_view html, std::size_t at, std::string& out) {
  // Looked for only as far as the longest entity reaches: a field of '&' stays linear.
  const std::size_t semicolon_offset = html.substr(at, 13).find(';');
  if (semicolon_offset == std::string_view::npos) return 0;
  const std::size_t semicolon = at + semicolon_offset;
  const std::string_view name = html.substr(at + 1, semicolon - at - 1);
  if (name.size() >= 2 && name.front() == '#') {
    const bool hex = name[1] == 'x' || name[1] == 'X';
    const std::string_view digits = name.substr(hex ? 2 : 1);
    if (digits.empty() || digits.size() > 7) return 0;
    std::uint32_t code = 0;
    for (char c : digits) {
      const unsigned char u = static_cast<unsigned char>(c);
      if (hex ? !std::isxdigit(u) : !std::isdigit(u)) return 0;
      code = code * (hex ? 16 : 10) +
             static_cast<std::uint32_t>(std::isdigit(u) ? u - '0' : std::tolower(u) - 'a' + 10);
    }
    const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
    if (code > 0x10FFFF || surrogate || acts_on_terminal(code)) return 0;
    append_utf8(out, code);
    return semicolon - at + 1;
  }
  for (const NamedEntity& entity : kEntities) {
    if (name == entity.name) {
      out += entity.text;
      return semicolon - at + 1;
    }
  }
  return 0;
}

// The value of attribute `name` in a tag's text, or empty.
std::string attribute(std::string_view tag, std::string_view name) {
  const std::string lower = lower_ascii(tag);
  std::size_t at = 0;
  while ((at = lower.find(name, at)) != std::string::npos) {
    std::size_t after = at + name.size();
    const bool starts = at > 0 && std::isspace(static_cast<unsigned char>(lower[at - 1]));
    while (after < lower.size() && lower[after] == ' ') ++after;
    if (starts && after < lower.size() && lower[after] == '=') {
      ++after;
      while (after < lower.size() && lower[after] == ' ') ++after;
      if (after >= tag.size()) return "";
      const char quote = tag[after];
      if (quote == '"' || quote == '\'') {
        const std::size_t end = tag.find(quote, after + 1);
        if (end == std::string_view::npos) return "";
        return std::string(tag.substr(after + 1, end - after - 1));
      }
      std::size_t end = after;
      while (end < tag.size() && !std::isspace(static_cast<unsigned char>(tag[end])) &&
             tag[end] != '>' && tag[end] != '/') {
        ++end;
      }
      return std::string(tag.substr(after, end - after));
    }
    at = after;
  }
  return "";
}

// Where `needle` (lower case ASCII) starts in `text` at or after `from`, ASCII case ignored;
// npos when it does not.
std::size_t find_ascii_case_insensitive(std::string_view text, std::string_view needle,
                                        std::size_t from) {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  for (std::size_t at = from; at + needle.size() <= text.size(); ++at) {
    std::size_t matched = 0;
    while (matched < needle.size() && lower(text[at + matched]) == needle[matched]) ++matched;
    if (matched == needle.size()) return at;
  }
  return std::string_view::npos;
}

void line_break(std::string& out) {
  if (!out.empty() && out.back() != '\n') out += '\n';
}

}  // namespace

std::string anki_html_to_text(std::string_view html) {
  std::string out;
  out.reserve(html.size());
  std::size_t at = 0;
  // Once no '>' is left, no later '<' opens a tag: not looking again keeps a field of
  // unclosed '<' linear.
  bool closes_left = true;
  while (at < html.size()) {
    const char c = html[at];
    if (c == '&') {
      const std::size_t length = decode_entity(html, at, out);
      if (length > 0) {
        at += length;
        continue;
      }
      out += c;
      ++at;
      continue;
    }
    const bool tag_start = c == '<' && at + 1 < html.size() &&
                           (std::isalpha(static_cast<unsigned char>(html[at + 1])) ||
                            html[at + 1] == '/' || html[at + 1] == '!');
    const std::size_t close =
        tag_start && closes_left ? html.find('>', at) : std::string_view::npos;
    if (tag_start && close == std::string_view::npos) closes_left = false;
    if (close == std::string_view::npos) {
      out += c;
      ++at;
      continue;
    }
    if (html.substr(at, 4) == "<!--") {
      const std::size_t end = html.find("-->", at + 4);
      at = end == std::string_view::npos ? html.size() : end + 3;
      continue;
    }
    const std::string_view tag = html.substr(at + 1, close - at - 1);
    const bool closing = !tag.empty() && tag.front() == '/';
    std::size_t name_end = closing ? 1 : 0;
    while (name_end < tag.size() && std::isalnum(static_cast<unsigned char>(tag[name_end]))) {
      ++name_end;
    }
    const std::string name = lower_ascii(tag.substr(closing ? 1 : 0, name_end - (closing ? 1 : 0)));
    at = close + 1;
    if (!closing && (name == "script" || name == "style")) {
      const std::size_t end = find_ascii_case_insensitive(html, "</" + name, at);
      if (end == std::string_view::npos) {
        at = html.size();
      } else {
        const std::size_t end_close = html.find('>', end);
        at = end_close == std::string_view::npos ? html.size() : end_close + 1;
      }
      continue;
    }
    if (name == "br") {
      out += '\n';
    } else if (name == "b" || name == "strong") {
      out += "**";
    } else if (name == "i" || name == "em") {
      out += '*';
    } else if (name == "code") {
      out += '`';
    } else if (name == "img") {
      const std::string source = attribute(tag, "src");
      if (!source.empty()) out += "[image: " + source + "]";
    } else if (name == "li" && !closing) {
      line_break(out);
      out += "- ";
    } else {
      for (const std::string_view block : kBlockTags) {
        if (name == block) line_break(out);
      }
    }
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  std::size_t leading = 0;
  while (leading < out.size() && out[leading] == '\n') ++leading;
  return out.substr(leading);
}

}  // namespace kioku
