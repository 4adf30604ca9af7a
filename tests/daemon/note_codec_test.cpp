// How a note's fields are stored (daemon/store/note_codec.hpp): the bytes must stay the ones
// Boost.JSON's serializer gives the array of {"name", "text"} objects, because every card's
// content hash holds them and a changed byte would count each card as edited on re-import.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "daemon/store/note_codec.hpp"

namespace json = boost::json;
using kioku::NoteField;

namespace {

// The fields as kiokud first stored them: the objects built, then serialized.
std::string serialized_objects(const std::vector<NoteField>& fields) {
  json::array array;
  for (const NoteField& field : fields) {
    json::object text;
    for (const auto& [language, value] : field.text) text[language] = value;
    array.push_back(json::object{{"name", field.name}, {"text", std::move(text)}});
  }
  return json::serialize(array);
}

}  // namespace

TEST_CASE("note codec: the fields' JSON is byte for byte the serialized objects",
          "[daemon][notes]") {
  std::string long_text(1000, 'x');
  long_text += "\"\\\n";
  const std::vector<std::vector<NoteField>> cases{
      {},
      {NoteField{.name = "front", .text = {{"en", "plain"}}}},
      {NoteField{.name = "front", .text = {{"en", "quote \" backslash \\ slash /"}, {"ja", "猫"}}},
       NoteField{.name = "back", .text = {{"en", "tab\tnew\nline\rcr\bbs\fff\x01\x1f\x7f"}}}},
      {NoteField{.name = "text", .text = {{"en", long_text}, {"ja", "{{c1::東京}}"}}},
       NoteField{.name = "extra", .text = {{"de", ""}, {"en", "\xe2\x80\xae rtl"}}}},
  };
  for (const std::vector<NoteField>& fields : cases) {
    const std::string written = kioku::daemon::note_fields_to_json(fields);
    CHECK(written == serialized_objects(fields));
    const std::vector<NoteField> read = kioku::daemon::note_fields_from_json(written);
    REQUIRE(read.size() == fields.size());
    for (std::size_t index = 0; index < fields.size(); ++index) {
      CHECK(read[index].name == fields[index].name);
      CHECK(read[index].text == fields[index].text);
    }
  }
}
