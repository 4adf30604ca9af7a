#include "core/anki_template_filters.hpp"

#include "core/ascii_text.hpp"
#include "core/next_place.hpp"
#include "core/unicode.hpp"

namespace kioku {

namespace {

enum class Ruby { kBase, kReading, kBoth };

std::string ruby(std::string_view source, Ruby keep) {
  std::string text;
  text.reserve(source.size());
  // Anki's first step.
  for (std::size_t at = 0; at < source.size();) {
    if (source.substr(at).starts_with("&nbsp;")) {
      text += ' ';
      at += 6;
    } else {
      text += source[at++];
    }
  }
  std::string out;
  out.reserve(text.size() + text.size() / 2);
  std::size_t copied = 0;        // text before this is in `out`
  std::size_t run_start = 0;     // where a base could start: after a space, a '>' or a match
  std::size_t failed_until = 0;  // a '[' before this has no reading
  std::size_t at = 0;
  while (at < text.size()) {
    const char c = text[at];
    if (c == ' ' || c == '>') {
      run_start = at + 1;
      ++at;
      continue;
    }
    if (c != '[' || at == run_start || at < failed_until) {
      ++at;
      continue;
    }
    // The reading: at least one byte, then up to the first ']', none of it a line feed.
    std::size_t end = at + 1;
    if (end < text.size() && text[end] != '\n') {
      ++end;
      while (end < text.size() && text[end] != ']' && text[end] != '\n') ++end;
    }
    if (end >= text.size() || text[end] != ']') {
      failed_until = end;
      ++at;
      continue;
    }
    std::size_t match_start = run_start;
    if (match_start > copied && text[match_start - 1] == ' ') --match_start;
    const std::string_view base = std::string_view(text).substr(run_start, at - run_start);
    const std::string_view reading = std::string_view(text).substr(at + 1, end - at - 1);
    out.append(text, copied, match_start - copied);
    if (reading.starts_with("sound:")) {
      out.append(text, match_start, end + 1 - match_start);
    } else if (keep == Ruby::kBase) {
      out += base;
    } else if (keep == Ruby::kReading) {
      out += reading;
    } else {
      out += "<ruby><rb>";
      out += base;
      out += "</rb><rp>(</rp><rt>";
      out += reading;
      out += "</rt><rp>)</rp></ruby>";
    }
    copied = run_start = at = end + 1;
  }
  out.append(text, copied, std::string::npos);
  return out;
}

}  // namespace

std::string anki_strip_html(std::string_view html) {
  // Anki's expression, tried at each '<': a comment, a <style> or <script> block, any tag.
  const std::string lower = lower_ascii(html);
  NextPlace closes(html, ">");
  NextPlace comment_ends(html, "-->");
  NextPlace style_ends(lower, "</style>");
  NextPlace script_ends(lower, "</script>");
  std::string out;
  out.reserve(html.size());
  std::size_t at = 0;
  while (at < html.size()) {
    const std::size_t open = html.find('<', at);
    if (open == std::string_view::npos) break;
    const std::size_t close = closes.from(open + 1);
    if (close == std::string_view::npos) break;  // no '>' left: no tag from here on
    out.append(html.substr(at, open - at));
    std::size_t end = close + 1;
    if (html.substr(open).starts_with("<!--")) {
      const std::size_t comment_end = comment_ends.from(open + 4);
      if (comment_end != std::string_view::npos) end = comment_end + 3;
    } else {
      const std::string_view rest = std::string_view(lower).substr(open);
      NextPlace* block_end = rest.starts_with("<style")    ? &style_ends
                             : rest.starts_with("<script") ? &script_ends
                                                           : nullptr;
      if (block_end != nullptr) {
        const std::size_t found = block_end->from(close + 1);
        if (found != std::string_view::npos) {
          end = found + (block_end == &style_ends ? 8 : 9);
        }
      }
    }
    at = end;
  }
  if (at < html.size()) out.append(html.substr(at));
  return out;
}

std::string anki_kanji(std::string_view text) {
  return ruby(text, Ruby::kBase);
}

std::string anki_kana(std::string_view text) {
  return ruby(text, Ruby::kReading);
}

std::string anki_furigana(std::string_view text) {
  return ruby(text, Ruby::kBoth);
}

std::string anki_hint(std::string_view text) {
  if (trim_unicode_whitespace(text).empty()) return std::string(text);
  std::string out = "<span class=\"hint\">[? ";
  out += text;
  out += "]</span>";
  return out;
}

std::string anki_type_marker(std::string_view filter, std::string_view field) {
  std::string marker = "[[type:";
  if (filter == "type-cloze") marker += "cloze:";
  if (filter == "type-nc") marker += "nc:";
  marker += field;
  marker += "]]";
  return marker;
}

}  // namespace kioku
