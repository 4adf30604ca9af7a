// Unicode text rules on utf8proc; the only file that includes <utf8proc.h>.
#include "core/unicode.hpp"

#include <utf8proc.h>

#include <cstdlib>
#include <memory>
#include <new>

#include "core/error.hpp"
#include "core/utf8.hpp"

namespace kioku {

namespace {

constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

bool is_ascii(std::string_view text) noexcept {
  for (const char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

// The code point at `at`, U+FFFD with a length of 1 for a byte that is not UTF-8.
CodePoint decode_or_replace(std::string_view text, std::size_t at) noexcept {
  const CodePoint point = decode_utf8(text, at);
  if (point.length == 0) return {0xFFFD, 1};
  return point;
}

struct FreeDeleter {
  void operator()(utf8proc_uint8_t* bytes) const noexcept { std::free(bytes); }
};

// utf8proc_map on valid UTF-8; `text` may hold NULs, so its length is given.
std::string map_valid(std::string_view text, int options) {
  utf8proc_uint8_t* mapped = nullptr;
  const utf8proc_ssize_t length = utf8proc_map(
      reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
      static_cast<utf8proc_ssize_t>(text.size()), &mapped, static_cast<utf8proc_option_t>(options));
  const std::unique_ptr<utf8proc_uint8_t, FreeDeleter> owner(mapped);
  if (length == UTF8PROC_ERROR_NOMEM) throw std::bad_alloc();
  // The input was made valid and the options are fixed: any other failure is a bug here.
  if (length < 0)
    throw Error(ErrorCode::kInternal, std::string("utf8proc: ") + utf8proc_errmsg(length));
  return std::string(reinterpret_cast<const char*>(mapped), static_cast<std::size_t>(length));
}

std::string map(std::string_view text, int options) {
  const std::string valid = valid_utf8(text);
  return map_valid(valid, options);
}

// Every White_Space run as one U+0020, none at either end.
std::string collapse_whitespace(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool pending_space = false;
  for (std::size_t at = 0; at < text.size();) {
    const CodePoint point = decode_or_replace(text, at);
    if (is_unicode_whitespace(point.code)) {
      pending_space = !out.empty();
    } else {
      if (pending_space) out += ' ';
      pending_space = false;
      out.append(text.substr(at, point.length));
    }
    at += point.length;
  }
  return out;
}

}  // namespace

std::string valid_utf8(std::string_view text) {
  std::string out;
  std::size_t copied = 0;  // bytes of `text` already in `out`
  for (std::size_t at = 0; at < text.size();) {
    if (static_cast<unsigned char>(text[at]) < 0x80) {
      ++at;
      continue;
    }
    const CodePoint point = decode_utf8(text, at);
    if (point.length != 0) {
      at += point.length;
      continue;
    }
    if (out.empty()) out.reserve(text.size() + 2);
    out.append(text.substr(copied, at - copied));
    out += kReplacementCharacter;
    copied = ++at;
  }
  if (copied == 0) return std::string(text);
  out.append(text.substr(copied));
  return out;
}

std::string nfkc(std::string_view text) {
  if (is_ascii(text)) return std::string(text);
  return map(text, UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT);
}

std::string case_fold(std::string_view text) {
  if (is_ascii(text)) {
    std::string out(text);
    for (char& c : out) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
  }
  return map(text, UTF8PROC_STABLE | UTF8PROC_CASEFOLD);
}

bool is_unicode_whitespace(char32_t code) noexcept {
  if (code <= 0x20) return code == 0x20 || (code >= 0x09 && code <= 0x0D);
  if (code == 0x85) return true;
  if (code > 0x10FFFF) return false;
  // The separators (Zs, Zl, Zp) are White_Space, and no other code point past U+0085 is.
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(code))) {
    case UTF8PROC_CATEGORY_ZS:
    case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP:
      return true;
    default:
      return false;
  }
}

bool is_opening_punctuation(char32_t code) noexcept {
  if (code > 0x10FFFF) return false;
  const utf8proc_category_t category = utf8proc_category(static_cast<utf8proc_int32_t>(code));
  return category == UTF8PROC_CATEGORY_PS || category == UTF8PROC_CATEGORY_PI;
}

bool is_closing_punctuation(char32_t code) noexcept {
  if (code > 0x10FFFF) return false;
  const utf8proc_category_t category = utf8proc_category(static_cast<utf8proc_int32_t>(code));
  return category == UTF8PROC_CATEGORY_PE || category == UTF8PROC_CATEGORY_PF;
}

std::string_view trim_unicode_whitespace(std::string_view text) noexcept {
  std::size_t begin = 0;
  while (begin < text.size()) {
    const CodePoint point = decode_or_replace(text, begin);
    if (!is_unicode_whitespace(point.code)) break;
    begin += point.length;
  }
  // Forward again from `begin`, remembering where the last non-whitespace ended: UTF-8 can be
  // read backwards, but not the replacement rule for invalid bytes.
  std::size_t end = begin;
  for (std::size_t at = begin; at < text.size();) {
    const CodePoint point = decode_or_replace(text, at);
    at += point.length;
    if (!is_unicode_whitespace(point.code)) end = at;
  }
  return text.substr(begin, end - begin);
}

std::string normalize_for_comparison(std::string_view text) {
  if (is_ascii(text)) return collapse_whitespace(case_fold(text));
  // NFKC_Casefold (UAX #15, DerivedNormalizationProps.txt): NFKC, case folding, and the default
  // ignorable code points (soft hyphen, zero-width space and joiners, variation selectors)
  // removed: invisible, a learner cannot type them, and a pasted answer often holds some.
  return collapse_whitespace(map(text, UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT |
                                           UTF8PROC_CASEFOLD | UTF8PROC_IGNORE));
}

int code_point_width(char32_t code) noexcept {
  if (code > 0x10FFFF) return 1;
  return utf8proc_charwidth(static_cast<utf8proc_int32_t>(code));
}

int display_width(std::string_view text) noexcept {
  int width = 0;
  for (std::size_t at = 0; at < text.size();) {
    const auto byte = static_cast<unsigned char>(text[at]);
    if (byte < 0x80) {
      // utf8proc gives controls no width; printable ASCII one column.
      if (byte >= 0x20 && byte != 0x7F) ++width;
      ++at;
      continue;
    }
    const CodePoint point = decode_or_replace(text, at);
    width += code_point_width(point.code);
    at += point.length;
  }
  return width;
}

std::size_t grapheme_end(std::string_view text, std::size_t at) noexcept {
  const CodePoint first = decode_utf8(text, at);
  if (first.length == 0) return at + 1;
  utf8proc_int32_t state = 0;
  auto previous = static_cast<utf8proc_int32_t>(first.code);
  std::size_t end = at + first.length;
  while (end < text.size()) {
    const CodePoint next = decode_utf8(text, end);
    if (next.length == 0) break;
    const auto code = static_cast<utf8proc_int32_t>(next.code);
    if (utf8proc_grapheme_break_stateful(previous, code, &state)) break;
    previous = code;
    end += next.length;
  }
  return end;
}

std::vector<std::string_view> grapheme_clusters(std::string_view text) {
  std::vector<std::string_view> clusters;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = grapheme_end(text, at);
    clusters.push_back(text.substr(at, end - at));
    at = end;
  }
  return clusters;
}

}  // namespace kioku
