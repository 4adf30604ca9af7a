// One pass over the text into a tree no deeper than kAnkiMaxClozeDepth, so the walks below may
// recurse: their depth is bounded by the parser, and the tree type never leaves this file.
#include "core/anki_cloze.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace kioku {

namespace {

constexpr std::string_view kOpenMark = "{{c";
constexpr std::string_view kCloseMark = "}}";
constexpr std::string_view kHintMark = "::";
// Anki's image occlusion deletions keep their "::" (shapes, not a hint); shown as text here.
constexpr std::string_view kImageOcclusion = "image-occlusion:";

struct Node {
  bool is_cloze = false;
  std::string text;                     // plain text
  std::vector<std::uint16_t> ordinals;  // a deletion's numbers, ascending and distinct
  std::vector<Node> children;           // a deletion's content
  std::optional<std::string> hint;
  std::size_t offset = 0;  // where a deletion's opening mark starts
};

struct Parsed {
  std::vector<Node> nodes;
  std::set<int> ordinals;  // every deletion's numbers, 0 too
};

bool is_digit(char c) noexcept {
  return c >= '0' && c <= '9';
}

// The numbers of the opening mark at `at` (which holds "{{c") and the byte after its "::";
// none when the bytes are plain text. A part that is not a number up to 65535 is skipped.
std::optional<std::pair<std::vector<std::uint16_t>, std::size_t>> read_opening_mark(
    std::string_view text, std::size_t at) {
  std::size_t end = at + kOpenMark.size();
  while (end < text.size() && (is_digit(text[end]) || text[end] == ',')) ++end;
  if (text.substr(end, kHintMark.size()) != kHintMark) return std::nullopt;
  std::vector<std::uint16_t> ordinals;
  std::size_t part = at + kOpenMark.size();
  while (part <= end) {
    std::size_t part_end = part;
    while (part_end < end && text[part_end] != ',') ++part_end;
    if (part_end > part) {
      std::uint32_t value = 0;
      bool fits = true;
      for (std::size_t index = part; index < part_end && fits; ++index) {
        value = value * 10 + static_cast<std::uint32_t>(text[index] - '0');
        fits = value <= kMaxAnkiClozeNumber;
      }
      if (fits) ordinals.push_back(static_cast<std::uint16_t>(value));
    }
    part = part_end + 1;
  }
  if (ordinals.empty()) return std::nullopt;
  std::sort(ordinals.begin(), ordinals.end());
  ordinals.erase(std::unique(ordinals.begin(), ordinals.end()), ordinals.end());
  return std::make_pair(std::move(ordinals), end + kHintMark.size());
}

Parsed parse(std::string_view text) {
  Parsed parsed;
  std::vector<Node> open;  // outermost first
  std::size_t text_start = 0;
  const auto flush_text = [&](std::size_t end) {
    if (end <= text_start) return;
    std::string_view run = text.substr(text_start, end - text_start);
    if (open.empty()) {
      parsed.nodes.push_back(Node{false, std::string(run), {}, {}, std::nullopt, text_start});
      return;
    }
    // Anki: in a deletion, a run of text with "::" ends at it; the rest is the hint, and a later
    // run with "::" replaces it.
    Node& cloze = open.back();
    const std::size_t hint = run.find(kHintMark);
    if (!run.starts_with(kImageOcclusion) && hint != std::string_view::npos) {
      cloze.hint = std::string(run.substr(hint + kHintMark.size()));
      run = run.substr(0, hint);
    }
    cloze.children.push_back(Node{false, std::string(run), {}, {}, std::nullopt, text_start});
  };

  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t mark = text.find_first_of("{}", at);
    if (mark == std::string_view::npos) break;
    const std::string_view rest = text.substr(mark);
    if (rest.starts_with(kOpenMark)) {
      if (auto opening = read_opening_mark(text, mark)) {
        flush_text(mark);
        if (open.size() < static_cast<std::size_t>(kAnkiMaxClozeDepth)) {
          Node cloze;
          cloze.is_cloze = true;
          cloze.ordinals = std::move(opening->first);
          cloze.offset = mark;
          open.push_back(std::move(cloze));
        }
        at = text_start = opening->second;
        continue;
      }
    } else if (rest.starts_with(kCloseMark)) {
      flush_text(mark);
      text_start = at = mark + kCloseMark.size();
      if (open.empty()) {
        parsed.nodes.push_back(Node{false, std::string(kCloseMark), {}, {}, std::nullopt, mark});
        continue;
      }
      Node closed = std::move(open.back());
      open.pop_back();
      (open.empty() ? parsed.nodes : open.back().children).push_back(std::move(closed));
      continue;
    }
    at = mark + 1;
  }
  if (open.empty()) {
    flush_text(text.size());
  } else {
    // Deletions never closed: everything from the outermost one's mark is plain text. Their
    // numbers (and those of deletions closed inside them) make no card, as in Anki.
    const std::size_t from = open.front().offset;
    parsed.nodes.push_back(Node{false, std::string(text.substr(from)), {}, {}, std::nullopt, from});
  }
  const auto collect = [&](const auto& self, const std::vector<Node>& nodes) -> void {
    for (const Node& node : nodes) {
      if (!node.is_cloze) continue;
      parsed.ordinals.insert(node.ordinals.begin(), node.ordinals.end());
      self(self, node.children);
    }
  };
  collect(collect, parsed.nodes);
  return parsed;
}

bool asks_for(const Node& node, int number) {
  return node.is_cloze && number >= 0 && number <= kMaxAnkiClozeNumber &&
         std::binary_search(node.ordinals.begin(), node.ordinals.end(),
                            static_cast<std::uint16_t>(number));
}

std::string ordinals_text(const Node& node) {
  std::string text;
  for (std::uint16_t ordinal : node.ordinals) {
    if (!text.empty()) text += ',';
    text += std::to_string(ordinal);
  }
  return text;
}

// A deletion's text without markup, nested deletions shown.
void append_plain(const std::vector<Node>& nodes, std::string& out) {
  for (const Node& node : nodes) {
    if (node.is_cloze) {
      append_plain(node.children, out);
    } else {
      out += node.text;
    }
  }
}

void append_side(const std::vector<Node>& nodes, int number, CardSide side, std::string& out) {
  for (const Node& node : nodes) {
    if (!node.is_cloze) {
      out += node.text;
      continue;
    }
    const bool asked = asks_for(node, number);
    out += asked ? "<span class=\"cloze\" data-ordinal=\""
                 : "<span class=\"cloze-inactive\" "
                   "data-ordinal=\"";
    out += ordinals_text(node);
    out += "\">";
    if (asked && side == CardSide::kQuestion) {
      out += '[';
      out += node.hint.value_or("...");
      out += ']';
    } else {
      append_side(node.children, number, side, out);
    }
    out += "</span>";
  }
}

// The asked deletions in reading order, outer before inner: their hints or their text.
void collect_asked(const std::vector<Node>& nodes, int number, CardSide side,
                   std::vector<std::string>& out) {
  for (const Node& node : nodes) {
    if (!node.is_cloze) continue;
    if (asks_for(node, number)) {
      if (side == CardSide::kQuestion) {
        out.push_back(node.hint.value_or("..."));
      } else {
        std::string text;
        append_plain(node.children, text);
        out.push_back(std::move(text));
      }
    }
    collect_asked(node.children, number, side, out);
  }
}

std::string join(const std::vector<std::string>& parts) {
  std::string joined;
  for (std::size_t index = 0; index < parts.size(); ++index) {
    if (index > 0) joined += ", ";
    joined += parts[index];
  }
  return joined;
}

}  // namespace

std::set<int> anki_cloze_numbers(std::string_view text) {
  std::set<int> numbers = parse(text).ordinals;
  numbers.erase(0);
  return numbers;
}

std::string render_anki_cloze(std::string_view text, int number, CardSide side) {
  const Parsed parsed = parse(text);
  if (number == 0 || parsed.ordinals.count(number) == 0) return "";
  std::string out;
  out.reserve(text.size() + 64);
  append_side(parsed.nodes, number, side, out);
  return out;
}

std::string render_anki_cloze_only(std::string_view text, int number, CardSide side) {
  std::vector<std::string> asked;
  collect_asked(parse(text).nodes, number, side, asked);
  return join(asked);
}

std::string anki_cloze_answer_for_typing(std::string_view text, int number) {
  std::vector<std::string> asked;
  collect_asked(parse(text).nodes, number, CardSide::kAnswer, asked);
  if (!asked.empty() &&
      std::all_of(asked.begin(), asked.end(), [&](const auto& part) { return part == asked[0]; })) {
    return asked.front();
  }
  return join(asked);
}

}  // namespace kioku
