// Typed answers compared in grapheme clusters: each cluster is compared in its normalised form
// and shown in its own.
#include "core/typed_answer.hpp"

#include <cstdint>
#include <string>
#include <unordered_map>

#include "core/sequence_diff.hpp"
#include "core/unicode.hpp"
#include "core/utf8.hpp"

namespace kioku {

std::string_view to_string(DiffKind kind) noexcept {
  switch (kind) {
    case DiffKind::kSame:
      return "same";
    case DiffKind::kMissing:
      return "missing";
    case DiffKind::kExtra:
      return "extra";
  }
  return "same";
}

namespace {

// One thing the diff compares: a grapheme cluster, or a run of whitespace (which compares as
// one space). `begin` and `end` are its bytes in the answer; `key` numbers its normalised form.
struct Unit {
  std::size_t begin;
  std::size_t end;
  std::uint32_t key;
};

// Numbers for normalised forms, shared by both answers so that equal forms get equal numbers.
class Keys {
 public:
  std::uint32_t of(std::string form) {
    const auto [place, added] = numbers_.try_emplace(std::move(form), next_);
    if (added) ++next_;
    return place->second;
  }

 private:
  std::unordered_map<std::string, std::uint32_t> numbers_;
  std::uint32_t next_ = 0;
};

// `cluster`: valid UTF-8, not empty.
bool starts_with_whitespace(std::string_view cluster) {
  return is_unicode_whitespace(decode_utf8(cluster, 0).code);
}

// The units of `text` (valid UTF-8), without whitespace at either end. A cluster whose form is
// empty is whitespace (part of a run) or invisible (a zero-width space: in no unit).
std::vector<Unit> units_of(std::string_view text, Keys& keys) {
  const std::uint32_t space = keys.of(" ");
  std::vector<Unit> units;
  bool in_whitespace = false;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = grapheme_end(text, at);
    const std::string_view cluster = text.substr(at, end - at);
    std::string form = normalize_for_comparison(cluster);
    if (!form.empty()) {
      units.push_back({at, end, keys.of(std::move(form))});
      in_whitespace = false;
    } else if (starts_with_whitespace(cluster)) {
      if (in_whitespace) {
        units.back().end = end;
      } else if (!units.empty()) {
        units.push_back({at, end, space});
        in_whitespace = true;
      }
    }
    at = end;
  }
  if (in_whitespace) units.pop_back();
  return units;
}

std::vector<std::uint32_t> keys_of(const std::vector<Unit>& units) {
  std::vector<std::uint32_t> keys;
  keys.reserve(units.size());
  for (const Unit& unit : units) keys.push_back(unit.key);
  return keys;
}

// Segments of one side, built from ranges of its units; a range next to one of the same kind
// joins it (two kept runs on the expected line around text typed in excess), with whatever
// invisible clusters lie between them.
class Side {
 public:
  Side(std::string_view text, const std::vector<Unit>& units) : text_(text), units_(units) {}

  // Units [first, last) as a segment of `kind`.
  void add(DiffKind kind, std::size_t first, std::size_t last) {
    if (first == last) return;
    std::size_t begin = units_[first].begin;
    if (!segments_.empty() && segments_.back().kind == kind && last_from_units_) {
      begin = last_begin_;
      segments_.pop_back();
    }
    segments_.push_back({kind, std::string(text_.substr(begin, units_[last - 1].end - begin))});
    last_begin_ = begin;
    last_from_units_ = true;
  }

  // `text` from the other side as a segment of `kind` (missing text marked on the typed line).
  void add_other(DiffKind kind, std::string_view text) {
    segments_.push_back({kind, std::string(text)});
    last_from_units_ = false;
  }

  std::string_view text(std::size_t first, std::size_t last) const {
    if (first == last) return {};
    return text_.substr(units_[first].begin, units_[last - 1].end - units_[first].begin);
  }

  std::vector<DiffSegment> take() { return std::move(segments_); }

 private:
  std::string_view text_;
  const std::vector<Unit>& units_;
  std::vector<DiffSegment> segments_;
  std::size_t last_begin_ = 0;  // where the last segment starts in text_, when from units
  bool last_from_units_ = false;
};

TypedAnswerComparison diff(std::string_view expected, std::string_view given) {
  Keys keys;
  const std::vector<Unit> expected_units = units_of(expected, keys);
  const std::vector<Unit> given_units = units_of(given, keys);
  const bool short_enough = expected.size() <= kMaxDiffBytes && given.size() <= kMaxDiffBytes;
  const std::vector<DiffStep> steps = diff_sequences(keys_of(expected_units), keys_of(given_units),
                                                     short_enough ? kMaxDiffCells : 0);

  Side expected_side(expected, expected_units);
  Side given_side(given, given_units);
  std::size_t e = 0;  // the next unit of the expected answer
  std::size_t g = 0;  // the next unit of the given one
  for (std::size_t step = 0; step < steps.size();) {
    const std::size_t e_start = e;
    const std::size_t g_start = g;
    if (steps[step] == DiffStep::kKeep) {
      for (; step < steps.size() && steps[step] == DiffStep::kKeep; ++step, ++e, ++g) {
      }
      expected_side.add(DiffKind::kSame, e_start, e);
      given_side.add(DiffKind::kSame, g_start, g);
      continue;
    }
    // A stretch of changes up to the next kept unit: what was expected there is missing, what
    // was typed there is extra. With nothing typed in its place, the missing text is marked on
    // the given line too (Anki shows a dash per character), so the two lines line up.
    for (; step < steps.size() && steps[step] != DiffStep::kKeep; ++step) {
      if (steps[step] == DiffStep::kDelete) {
        ++e;
      } else {
        ++g;
      }
    }
    expected_side.add(DiffKind::kMissing, e_start, e);
    if (g == g_start) {
      given_side.add_other(DiffKind::kMissing, expected_side.text(e_start, e));
    } else {
      given_side.add(DiffKind::kExtra, g_start, g);
    }
  }
  return {false, given_side.take(), expected_side.take()};
}

}  // namespace

TypedAnswerComparison compare_typed_answer(std::string_view expected_text,
                                           std::string_view given_text) {
  const std::string expected = valid_utf8(expected_text);
  const std::string given = valid_utf8(given_text);
  if (normalize_for_comparison(expected) == normalize_for_comparison(given)) {
    TypedAnswerComparison right{true, {}, {}};
    const std::string_view given_trimmed = trim_unicode_whitespace(given);
    const std::string_view expected_trimmed = trim_unicode_whitespace(expected);
    if (!given_trimmed.empty())
      right.given.push_back({DiffKind::kSame, std::string(given_trimmed)});
    if (!expected_trimmed.empty()) {
      right.expected.push_back({DiffKind::kSame, std::string(expected_trimmed)});
    }
    return right;
  }
  // Trimmed first, so that both lines start where a right answer's would (a space before a
  // combining mark is cut off, not kept with the mark in one cluster).
  return diff(trim_unicode_whitespace(expected), trim_unicode_whitespace(given));
}

}  // namespace kioku
