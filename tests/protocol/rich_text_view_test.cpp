// Rich text on the wire (protocol/rich_text_types.hpp, rich_text_view.hpp): the JSON a client
// reads, the way back, and what a client does with words it does not know.
#include "protocol/rich_text_view.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <limits>
#include <string>

#include "core/field_markup.hpp"
#include "protocol/json_text.hpp"
#include "protocol/wire_text.hpp"

namespace kioku::protocol {
namespace {

RichText sample() {
  std::vector<MarkupInsert> inserts{{7, Span{Span::Kind::kBlank, "", "hint", true, false, false}}};
  RichText text = parse_field_markup("*a `b` ? c*\n\n- item\n  10. ten\n\n```cpp\nx\n```", inserts);
  return text;
}

TEST_CASE("rich text view: words for kinds, styles and marks, and empty fields left out",
          "[protocol][rich-text]") {
  const std::string expected =
      R"({"blocks":[{"kind":"paragraph","spans":[)"
      R"({"style":"text","text":"a ","marks":["emphasis"]},)"
      R"({"style":"text","text":"b","marks":["emphasis","code"]},)"
      R"({"style":"text","text":" ","marks":["emphasis"]},)"
      R"({"style":"blank","text":"","hint":"hint","marks":["emphasis"]},)"
      R"({"style":"text","text":" c","marks":["emphasis"]}]},)"
      R"({"kind":"bullet","spans":[{"style":"text","text":"item"}],"level":0},)"
      R"({"kind":"numbered","spans":[{"style":"text","text":"ten"}],"level":1,"number":10},)"
      R"({"kind":"code","spans":[{"style":"text","text":"x"}],"language":"cpp"}]})";
  const RichTextView view = rich_text_view(sample());
  CHECK(to_json_text(encode(view)) == expected);
  CHECK(wire_text(view) == expected);
}

TEST_CASE("rich text view: read back, it is the same rich text", "[protocol][rich-text]") {
  const RichText text = sample();
  const RichTextView view = decode_result<RichTextView>(
      "review.next", boost::json::parse(to_json_text(encode(rich_text_view(text)))));
  CHECK(rich_text_from_view(view) == text);
}

TEST_CASE("rich text view: words a client does not know read as a paragraph and text",
          "[protocol][rich-text]") {
  const RichTextView view =
      decode_result<RichTextView>("review.next", boost::json::parse(R"({"blocks":[
        {"kind":"table","spans":[{"style":"link","text":"t","hint":"h","marks":["wavy","strong"]}],
         "level":3,"number":4,"language":"x"},
        {"kind":"bullet","spans":[],"level":-5},
        {"kind":"numbered","spans":[],"level":99999999999,"number":-99999999999},
        {"kind":"code","spans":[{"style":"blank","text":"hidden answer"}]}]})"));
  const RichText text = rich_text_from_view(view);
  REQUIRE(text.blocks.size() == 4);
  CHECK(text.blocks[0].kind == Block::Kind::kParagraph);
  CHECK(text.blocks[0].level == 0);
  CHECK(text.blocks[0].number == 0);
  CHECK(text.blocks[0].language.empty());
  REQUIRE(text.blocks[0].spans.size() == 1);
  const Span& span = text.blocks[0].spans[0];
  CHECK(span.kind == Span::Kind::kText);
  CHECK(span.text == "t");
  CHECK_FALSE(span.hint.has_value());
  CHECK(span.strong);
  CHECK_FALSE(span.emphasis);
  CHECK(text.blocks[1].level == 0);
  CHECK(text.blocks[2].level == kMaxListLevel);
  CHECK(text.blocks[2].number == std::numeric_limits<int>::min());
  // A blank shows no text, whatever the wire says it holds.
  REQUIRE(text.blocks[3].spans.size() == 1);
  CHECK(text.blocks[3].spans[0].text.empty());
}

TEST_CASE("rich text view: a missing field is an error naming it", "[protocol][rich-text]") {
  CHECK_THROWS_WITH(decode_result<RichTextView>(
                        "review.next", boost::json::parse(R"({"blocks":[{"kind":"paragraph"}]})")),
                    Catch::Contains("blocks[0].spans"));
}

}  // namespace
}  // namespace kioku::protocol
