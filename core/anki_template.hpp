// An Anki card template ("{{Front}}<hr id=answer>{{#Back}}{{Back}}{{/Back}}") read once into a
// tree that core/anki_template_render.hpp fills with a card's fields. The rules are those of
// Anki's renderer (rslib/src/template.rs); docs/anki-templates.md lists them and every place
// kioku decides differently. Pure: no I/O.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/text_place.hpp"

namespace kioku {

// Sections open inside each other at most this deep (Anki has no limit; real templates nest a
// handful). Keeps the tree's destructor, whose recursion follows the nesting, bounded.
inline constexpr int kMaxAnkiSectionDepth = 64;

struct AnkiTemplateNode {
  enum class Kind {
    kText,             // text outside any {{...}}, as written
    kComment,          // <!--...-->: kept as written; no {{...}} inside it is read
    kReplacement,      // {{filter:filter:Field}}
    kSection,          // {{#Field}}...{{/Field}}: shown when Field is not empty
    kInvertedSection,  // {{^Field}}...{{/Field}}: shown when Field is empty
  };
  Kind kind = Kind::kText;
  // kText: the text; kComment: what is between "<!--" and "-->"; the others: the field's name,
  // exactly as Anki reads it (the whole tag trimmed of whitespace, nothing around the ':').
  std::string text;
  // kReplacement: the filters in the order they apply, the one written nearest the field first
  // ("{{text:hint:F}}" is hint, then text). Empty names ("{{:F}}") are kept; they do nothing.
  std::vector<std::string> filters;
  std::vector<AnkiTemplateNode> children;  // the sections
  std::size_t offset = 0;                  // where the node starts in the template's text
};

class AnkiTemplate {
 public:
  // Reads `source` (any bytes; linear time). A template that starts (after whitespace) with
  // "{{=<% %>=}}" uses <% %> in place of {{ }} throughout, Anki's one other delimiter pair.
  // Throws AnkiTemplateError for a section never closed, a close that matches no open section,
  // and sections nested deeper than kMaxAnkiSectionDepth.
  static AnkiTemplate parse(std::string_view source);

  const std::vector<AnkiTemplateNode>& nodes() const noexcept { return nodes_; }
  // Every filter name the template uses that kioku does not know, once each in the order they
  // first appear (what the importer reports once per note type). Such a filter leaves the text
  // as it is.
  const std::vector<std::string>& unknown_filters() const noexcept { return unknown_filters_; }

 private:
  std::vector<AnkiTemplateNode> nodes_;
  std::vector<std::string> unknown_filters_;
};

class AnkiTemplateError : public Error {
 public:
  enum class Kind {
    kSectionNotClosed,    // {{#A}} (or {{^A}}) with no {{/A}}: the place of the open tag
    kWrongSectionClosed,  // {{/B}} while A is open: the place of {{/B}}
    kSectionNotOpen,      // {{/B}} with no section open
    kTooDeep,             // the open tag past kMaxAnkiSectionDepth
  };
  AnkiTemplateError(Kind kind, TextPlace place, std::string name, std::string open_name);
  Kind kind() const noexcept { return kind_; }
  const TextPlace& place() const noexcept { return place_; }
  // The section the tag at the place names; for kWrongSectionClosed, `open_name` is the one
  // that is open there.
  const std::string& name() const noexcept { return name_; }
  const std::string& open_name() const noexcept { return open_name_; }

 private:
  Kind kind_;
  TextPlace place_;
  std::string name_;
  std::string open_name_;
};

// Whether Anki counts a filter name as its own ("text", "cloze", "hint", "tts en_US"...).
bool is_known_anki_filter(std::string_view name);

// The filters Anki actually applies for a written list (in applying order): "type" written
// first keeps only itself, except "type:cloze:F" and "type:nc:F", which become one filter each
// ("type-cloze", "type-nc").
std::vector<std::string> effective_anki_filters(const std::vector<std::string>& filters);

}  // namespace kioku
