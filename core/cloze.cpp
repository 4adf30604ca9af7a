#include "core/cloze.hpp"

#include <algorithm>
#include <utility>

#include "core/cloze_walk.hpp"

namespace kioku {

namespace {

constexpr std::string_view kOpenMark = "{{c";
constexpr std::string_view kCloseMark = "}}";
// Ends an opening mark, and inside a deletion starts its hint.
constexpr std::string_view kColons = "::";
// How much of an over-long number or opening mark an error message quotes.
constexpr std::size_t kQuotedDigits = 24;
constexpr std::size_t kQuotedMark = 32;

ClozeError cloze_error_at(std::string_view text, std::size_t offset,
                          const BilingualMessage& problem) {
  return ClozeError(text_place_at(text, offset), problem);
}

bool is_digit(char c) noexcept {
  return c >= '0' && c <= '9';
}

struct OpeningMark {
  std::vector<ClozeNumber> numbers;
  std::size_t end = 0;  // the byte after its "::"
};

// The opening mark at `at` (which holds "{{c"), or none when the bytes there are plain text.
std::optional<OpeningMark> read_opening_mark(std::string_view text, std::size_t at) {
  std::size_t end = at + kOpenMark.size();
  while (end < text.size() && (is_digit(text[end]) || text[end] == ',')) ++end;
  if (text.substr(end, kColons.size()) != kColons) return std::nullopt;

  OpeningMark mark;
  std::size_t part_start = at + kOpenMark.size();
  while (part_start <= end) {
    std::size_t part_end = part_start;
    while (part_end < end && text[part_end] != ',') ++part_end;
    const std::string_view digits = text.substr(part_start, part_end - part_start);
    // An empty part ("{{c1,,3::") is skipped, as Anki does.
    if (!digits.empty()) {
      ClozeNumber number = 0;
      for (char digit : digits) {
        number = number * 10 + (digit - '0');
        if (number > kMaxClozeNumber) {
          const std::string written = std::string(digits.substr(0, kQuotedDigits)) +
                                      (digits.size() > kQuotedDigits ? "..." : "");
          throw cloze_error_at(
              text, part_start,
              bilingual("cloze number {number} is above the highest, {highest}",
                        "穴埋めの番号 {number} は上限の {highest} を超えています",
                        {{"number", written}, {"highest", std::to_string(kMaxClozeNumber)}}));
        }
      }
      mark.numbers.push_back(number);
    }
    part_start = part_end + 1;
  }
  if (mark.numbers.empty()) return std::nullopt;  // "{{c::" or "{{c,::": plain text
  std::sort(mark.numbers.begin(), mark.numbers.end());
  mark.numbers.erase(std::unique(mark.numbers.begin(), mark.numbers.end()), mark.numbers.end());
  mark.end = end + kColons.size();
  return mark;
}

class ClozeReader {
 public:
  explicit ClozeReader(std::string_view text) : text_(text) {}

  ClozeText read() {
    std::size_t at = 0;
    while (at < text_.size()) {
      const std::size_t mark = text_.find_first_of("{}", at);
      if (mark == std::string_view::npos) {
        extend_run(at, text_.size());
        break;
      }
      extend_run(at, mark);
      at = read_mark(mark);
    }
    end_run();
    if (!open_.empty()) {
      const std::size_t offset = open_.front().offset;
      const std::size_t length = opening_ends_.front() - offset;
      const std::string mark = std::string(text_.substr(offset, std::min(length, kQuotedMark))) +
                               (length > kQuotedMark ? "..." : "");
      throw cloze_error_at(
          text_, offset,
          bilingual("{mark} is never closed (a deletion ends with }})",
                    "{mark} が閉じられていません（穴埋めは }} で終わります）", {{"mark", mark}}));
    }
    return ClozeText{std::move(top_)};
  }

 private:
  // Reads what starts at `at` (a '{' or '}') and returns where reading goes on.
  std::size_t read_mark(std::size_t at) {
    const std::string_view rest = text_.substr(at);
    if (rest.starts_with(kOpenMark)) {
      if (std::optional<OpeningMark> mark = read_opening_mark(text_, at)) {
        end_run();
        if (open_.size() == static_cast<std::size_t>(kMaxClozeDepth)) {
          throw cloze_error_at(text_, at,
                               bilingual("deletions nested more than {depth} deep",
                                         "穴埋めの入れ子が {depth} 段を超えています",
                                         {{"depth", std::to_string(kMaxClozeDepth)}}));
        }
        ClozeSegment segment;
        segment.kind = ClozeSegment::Kind::kCloze;
        segment.numbers = std::move(mark->numbers);
        segment.offset = at;
        open_.push_back(std::move(segment));
        opening_ends_.push_back(mark->end);
        return mark->end;
      }
    } else if (rest.starts_with(kCloseMark) && !open_.empty()) {
      end_run();
      ClozeSegment closed = std::move(open_.back());
      open_.pop_back();
      opening_ends_.pop_back();
      current().push_back(std::move(closed));
      return at + kCloseMark.size();
    } else if (rest.starts_with(kCloseMark)) {
      extend_run(at, at + kCloseMark.size());  // no deletion open: plain text, as in Anki
      return at + kCloseMark.size();
    }
    extend_run(at, at + 1);
    return at + 1;
  }

  std::vector<ClozeSegment>& current() { return open_.empty() ? top_ : open_.back().content; }

  void extend_run(std::size_t from, std::size_t to) {
    if (from == to) return;
    if (run_.empty()) run_offset_ = from;
    run_.append(text_.substr(from, to - from));
  }

  // Ends the run of plain text before a mark; inside a deletion, its "::" starts the hint.
  void end_run() {
    if (run_.empty()) return;
    std::string text = std::move(run_);
    run_.clear();
    if (!open_.empty()) {
      const std::size_t hint = text.find(kColons);
      if (hint != std::string::npos) {
        open_.back().hint = text.substr(hint + kColons.size());
        text.resize(hint);
      }
    }
    if (text.empty()) return;
    ClozeSegment segment;
    segment.text = std::move(text);
    segment.offset = run_offset_;
    current().push_back(std::move(segment));
  }

  std::string_view text_;
  std::vector<ClozeSegment> top_;
  std::vector<ClozeSegment> open_;         // the deletions open now, outermost first
  std::vector<std::size_t> opening_ends_;  // where each open deletion's mark ends
  std::string run_;
  std::size_t run_offset_ = 0;
};

// The problem after its place: "line 2, column 5: ..." (core/text_place.hpp).
BilingualMessage placed(const TextPlace& place, const BilingualMessage& problem) {
  const BilingualMessage where = describe_text_place(place);
  return {where.english + problem.english, where.japanese + problem.japanese};
}

}  // namespace

bool ClozeSegment::is_active_for(ClozeNumber number) const noexcept {
  return kind == Kind::kCloze && number != 0 &&
         std::binary_search(numbers.begin(), numbers.end(), number);
}

ClozeError::ClozeError(TextPlace place, const BilingualMessage& problem)
    : Error(ErrorCode::kInvalidInput, placed(place, problem)), place_(place), problem_(problem) {}

ClozeText parse_cloze_text(std::string_view text) {
  return ClozeReader(text).read();
}

std::set<ClozeNumber> cloze_numbers(const ClozeText& text) {
  std::set<ClozeNumber> numbers;
  walk_cloze_segments(text.segments, [&](const ClozeSegment& segment) {
    for (ClozeNumber number : segment.numbers) {
      if (number != 0) numbers.insert(number);
    }
    return true;
  });
  return numbers;
}

std::string cloze_plain_text(const ClozeText& text) {
  return cloze_plain_text(text.segments);
}

std::string cloze_plain_text(const std::vector<ClozeSegment>& segments) {
  std::string plain;
  walk_cloze_segments(segments, [&](const ClozeSegment& segment) {
    if (!segment.is_cloze()) plain += segment.text;
    return true;
  });
  return plain;
}

}  // namespace kioku
