// The tree is walked on a stack of its own (no recursion), every node once: sections that do not
// show are still walked, without output, so that their missing fields are listed as Anki finds
// them. Filters run only where the output shows.
#include "core/anki_template_render.hpp"

#include <set>

#include "core/anki_cloze.hpp"
#include "core/anki_template_filters.hpp"

namespace kioku {

namespace {

constexpr std::string_view kFrontSide = "FrontSide";

// {{#c12}}: a name Anki always knows, "c" and a number.
bool is_cloze_section(std::string_view name) {
  if (name.size() < 2 || name.front() != 'c') return false;
  std::string_view digits = name.substr(1);
  if (digits.front() == '+') digits.remove_prefix(1);  // Rust's u32 parse takes a '+'
  if (digits.empty()) return false;
  unsigned long long value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<unsigned>(c - '0');
    if (value > 0xFFFFFFFFull) return false;
  }
  return true;
}

// Where a byte string may be cut without splitting a UTF-8 sequence: back from `at` over
// continuation bytes.
std::size_t character_boundary(std::string_view text, std::size_t at) {
  while (at > 0 && at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) {
    --at;
  }
  return at;
}

class SideRenderer {
 public:
  SideRenderer(const AnkiFieldMap& fields, CardSide side, std::string_view front_side,
               const AnkiRenderLimits& limits)
      : fields_(fields), side_(side), front_side_(front_side), limits_(limits) {}

  AnkiRenderedSide render(const AnkiTemplate& side_template) {
    result_.unknown_filters = side_template.unknown_filters();
    struct Frame {
      const std::vector<AnkiTemplateNode>* nodes;
      std::size_t next;
      bool shows;
    };
    std::vector<Frame> pending{{&side_template.nodes(), 0, true}};
    while (!pending.empty()) {
      Frame& frame = pending.back();
      if (frame.next == frame.nodes->size()) {
        pending.pop_back();
        continue;
      }
      const AnkiTemplateNode& node = (*frame.nodes)[frame.next++];
      const bool shows = frame.shows;
      switch (node.kind) {
        case AnkiTemplateNode::Kind::kText:
          if (shows) append(node.text);
          break;
        case AnkiTemplateNode::Kind::kComment:
          if (shows) {
            append("<!--");
            append(node.text);
            append("-->");
          }
          break;
        case AnkiTemplateNode::Kind::kReplacement:
          replace(node, shows);
          break;
        case AnkiTemplateNode::Kind::kSection:
        case AnkiTemplateNode::Kind::kInvertedSection: {
          // Evaluated in hidden sections too: Anki reports their missing fields as well.
          const bool section_shown = section_shows(node);
          const bool children_show = shows && section_shown;
          // `frame` may move when the stack grows.
          pending.push_back(Frame{&node.children, 0, children_show});
          break;
        }
      }
    }
    return std::move(result_);
  }

 private:
  bool section_shows(const AnkiTemplateNode& node) {
    bool nonempty = fields_.is_nonempty(node.text);
    if (!nonempty && fields_.find(node.text) == nullptr && !is_cloze_section(node.text)) {
      const char lead = node.kind == AnkiTemplateNode::Kind::kSection ? '#' : '^';
      report(AnkiRenderProblem::Kind::kMissingSection, std::string("{{") + lead + node.text + "}}",
             node);
    }
    return node.kind == AnkiTemplateNode::Kind::kSection ? nonempty : !nonempty;
  }

  void replace(const AnkiTemplateNode& node, bool shows) {
    if (node.text == kFrontSide) {
      if (shows) append(front_side_);
      return;
    }
    // Anki: a filter with no field ("{{tts en_US:}}") makes its own text; none of ours does.
    if (node.text.empty() && !node.filters.empty()) return;
    const std::string* value = fields_.find(node.text);
    if (value == nullptr) {
      std::string tag = "{{";
      for (auto filter = node.filters.rbegin(); filter != node.filters.rend(); ++filter) {
        tag += *filter + ":";
      }
      report(AnkiRenderProblem::Kind::kMissingField, tag + node.text + "}}", node);
      return;
    }
    if (!shows || stopped_) return;
    std::string text = *value;
    for (const std::string& filter : effective_anki_filters(node.filters)) {
      filter_bytes_ += text.size();
      if (filter_bytes_ > limits_.max_filter_bytes) {
        stop();
        return;
      }
      text = apply(filter, text, node.text);
      if (text.size() > limits_.max_output_bytes) {
        text.resize(character_boundary(text, limits_.max_output_bytes));
      }
    }
    append(text);
  }

  std::string apply(const std::string& filter, const std::string& text, const std::string& field) {
    const int number = fields_.card_ordinal() + 1;
    if (filter == "text") return anki_strip_html(text);
    if (filter == "furigana") return anki_furigana(text);
    if (filter == "kanji") return anki_kanji(text);
    if (filter == "kana") return anki_kana(text);
    if (filter == "hint") return anki_hint(text);
    if (filter == "cloze") return render_anki_cloze(text, number, side_);
    if (filter == "cloze-only") return render_anki_cloze_only(text, number, side_);
    if (filter == "type" || filter == "type-cloze" || filter == "type-nc") {
      AnkiTypeAnswer answer;
      answer.kind = filter == "type"         ? AnkiTypeAnswer::Kind::kPlain
                    : filter == "type-cloze" ? AnkiTypeAnswer::Kind::kCloze
                                             : AnkiTypeAnswer::Kind::kNoCombining;
      answer.field = field;
      answer.marker = anki_type_marker(filter, field);
      result_.type_answers.push_back(answer);
      return answer.marker;
    }
    // "", "tts ..." (speech: the text shows as it is) and the unknown ones.
    return text;
  }

  void report(AnkiRenderProblem::Kind kind, std::string tag, const AnkiTemplateNode& node) {
    if (result_.problems.size() >= limits_.max_problems) return;
    result_.problems.push_back(AnkiRenderProblem{kind, std::move(tag), node.text, node.offset});
  }

  void append(std::string_view text) {
    if (stopped_) return;
    std::string& html = result_.html;
    if (html.size() + text.size() <= limits_.max_output_bytes) {
      html += text;
      return;
    }
    html += text.substr(0, character_boundary(text, limits_.max_output_bytes - html.size()));
    stop();
  }

  // No more output; the walk goes on for the problems.
  void stop() {
    stopped_ = true;
    result_.truncated = true;
  }

  const AnkiFieldMap& fields_;
  CardSide side_;
  std::string_view front_side_;
  const AnkiRenderLimits& limits_;
  AnkiRenderedSide result_;
  std::size_t filter_bytes_ = 0;
  bool stopped_ = false;
};

std::string join_tags(const std::vector<std::string>& tags) {
  std::string joined;
  for (std::size_t index = 0; index < tags.size(); ++index) {
    if (index > 0) joined += ' ';
    joined += tags[index];
  }
  return joined;
}

}  // namespace

bool is_anki_field_empty(std::string_view html) {
  // ^(?:[[:space:]]|</?(?:br|div)\ ?/?>)*$, case ignored: each piece is one way only, so a
  // greedy scan decides it.
  const auto is_space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
  };
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  std::size_t at = 0;
  while (at < html.size()) {
    if (is_space(html[at])) {
      ++at;
      continue;
    }
    if (html[at] != '<') return false;
    std::size_t next = at + 1;
    if (next < html.size() && html[next] == '/') ++next;
    const auto word = [&](std::string_view name) {
      if (html.size() - next < name.size()) return false;
      for (std::size_t index = 0; index < name.size(); ++index) {
        if (lower(html[next + index]) != name[index]) return false;
      }
      return true;
    };
    if (word("br")) {
      next += 2;
    } else if (word("div")) {
      next += 3;
    } else {
      return false;
    }
    if (next < html.size() && html[next] == ' ') ++next;
    if (next < html.size() && html[next] == '/') ++next;
    if (next >= html.size() || html[next] != '>') return false;
    at = next + 1;
  }
  return true;
}

AnkiFieldMap::AnkiFieldMap(const AnkiCardContext& card) : card_ordinal_(card.card_ordinal) {
  for (const auto& [name, value] : card.fields) values_.emplace(name, value);
  // Anki adds these only where they do not hide a field of the note.
  values_.emplace("Tags", join_tags(card.tags));
  values_.emplace("Type", card.note_type_name);
  const std::size_t last = card.deck.rfind("::");
  values_.emplace("Subdeck", last == std::string::npos ? card.deck : card.deck.substr(last + 2));
  values_.emplace("Deck", card.deck);
  values_.emplace("CardFlag", "flag" + std::to_string(card.flag));
  values_.emplace("Card", card.card_name);
  values_.emplace("CardID", card.card_id);
  values_.emplace("c" + std::to_string(static_cast<long long>(card.card_ordinal) + 1), "1");
  for (const auto& [name, value] : values_) nonempty_.emplace(name, !is_anki_field_empty(value));
}

const std::string* AnkiFieldMap::find(std::string_view name) const {
  const auto found = values_.find(name);
  return found == values_.end() ? nullptr : &found->second;
}

bool AnkiFieldMap::is_nonempty(std::string_view name) const {
  const auto found = nonempty_.find(name);
  return found != nonempty_.end() && found->second;
}

AnkiRenderedSide render_anki_side(const AnkiTemplate& side_template, const AnkiFieldMap& fields,
                                  CardSide side, std::string_view front_side,
                                  const AnkiRenderLimits& limits) {
  return SideRenderer(fields, side, front_side, limits).render(side_template);
}

bool anki_template_renders(const AnkiTemplate& question, const AnkiFieldMap& fields) {
  std::vector<const std::vector<AnkiTemplateNode>*> pending{&question.nodes()};
  while (!pending.empty()) {
    const std::vector<AnkiTemplateNode>* nodes = pending.back();
    pending.pop_back();
    for (const AnkiTemplateNode& node : *nodes) {
      const bool nonempty = fields.is_nonempty(node.text);
      switch (node.kind) {
        case AnkiTemplateNode::Kind::kReplacement:
          if (nonempty) return true;
          break;
        case AnkiTemplateNode::Kind::kSection:
          if (nonempty) pending.push_back(&node.children);
          break;
        case AnkiTemplateNode::Kind::kInvertedSection:
          if (!nonempty) pending.push_back(&node.children);
          break;
        default:
          break;
      }
    }
  }
  return false;
}

AnkiRenderedCard render_anki_card(const AnkiTemplate& question, const AnkiTemplate& answer,
                                  const AnkiCardContext& card, bool is_cloze_note_type,
                                  const AnkiRenderLimits& limits) {
  const AnkiFieldMap fields(card);
  AnkiRenderedCard rendered;
  rendered.question = render_anki_side(question, fields, CardSide::kQuestion, "", limits);
  if (is_cloze_note_type) {
    std::set<int> numbers;
    for (const auto& [name, value] : fields.values()) numbers.merge(anki_cloze_numbers(value));
    if (numbers.count(card.card_ordinal + 1) == 0) {
      rendered.empty = AnkiRenderedCard::Empty::kNoClozeForCard;
    }
  } else if (!anki_template_renders(question, fields)) {
    rendered.empty = AnkiRenderedCard::Empty::kBlankFront;
  }
  rendered.answer =
      render_anki_side(answer, fields, CardSide::kAnswer, rendered.question.html, limits);
  return rendered;
}

}  // namespace kioku
