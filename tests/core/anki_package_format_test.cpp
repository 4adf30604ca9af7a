// The pure parts of the Anki package reader: protobuf's wire format, `meta`, both media maps,
// media names and the stock note types by structure.
#include <catch2/catch.hpp>
#include <string>

#include "core/anki_package_format.hpp"
#include "core/anki_stock_note_type.hpp"
#include "core/protobuf_wire.hpp"

using namespace kioku;

namespace {

std::string bytes(std::initializer_list<int> values) {
  std::string out;
  for (const int value : values) out += static_cast<char>(value);
  return out;
}

// A length-delimited field: key, length (< 128), bytes.
std::string message_field(int number, const std::string& content) {
  return bytes({number << 3 | 2, static_cast<int>(content.size())}) + content;
}

}  // namespace

TEST_CASE("protobuf wire: varints, fixed fields and bytes are read, unknown ones skipped",
          "[anki-package]") {
  // 1: varint 300; 2: "hi"; 3: fixed32 1; 4: fixed64 2
  const std::string message = bytes(
      {0x08, 0xAC, 0x02, 0x12, 0x02, 'h', 'i', 0x1D, 1, 0, 0, 0, 0x21, 2, 0, 0, 0, 0, 0, 0, 0});
  ProtobufReader reader(message);
  ProtobufField field;
  REQUIRE(reader.next(field));
  CHECK(field.number == 1);
  CHECK(field.value == 300);
  REQUIRE(reader.next(field));
  CHECK(field.bytes == "hi");
  REQUIRE(reader.next(field));
  CHECK((field.wire_type == 5 && field.value == 1));
  REQUIRE(reader.next(field));
  CHECK((field.wire_type == 1 && field.value == 2));
  CHECK_FALSE(reader.next(field));
}

TEST_CASE("protobuf wire: truncated and malformed messages throw", "[anki-package]") {
  const auto read_all = [](const std::string& message) {
    ProtobufReader reader(message);
    ProtobufField field;
    while (reader.next(field)) {
    }
  };
  CHECK_THROWS_AS(read_all(bytes({0x08})), ProtobufError);             // no value
  CHECK_THROWS_AS(read_all(bytes({0x08, 0x80})), ProtobufError);       // varint cut
  CHECK_THROWS_AS(read_all(bytes({0x12, 0x05, 'a'})), ProtobufError);  // length past the end
  CHECK_THROWS_AS(read_all(bytes({0x0B})), ProtobufError);             // a group
  CHECK_THROWS_AS(read_all(bytes({0x00, 0x00})), ProtobufError);       // field 0
  CHECK_THROWS_AS(read_all(std::string(11, '\xFF') + '\x01'), ProtobufError);  // 11-byte varint
}

TEST_CASE("package meta: the version picks the collection entry", "[anki-package]") {
  CHECK(anki_package_version(bytes({0x08, 0x02})) == 2);
  CHECK(anki_package_version(bytes({0x08, 0x03})) == 3);
  CHECK(anki_package_version("") == 0);
  CHECK(*anki_collection_entry(1) == "collection.anki2");
  CHECK(*anki_collection_entry(2) == "collection.anki21");
  CHECK(*anki_collection_entry(3) == "collection.anki21b");
  CHECK_FALSE(anki_collection_entry(0));
  CHECK_FALSE(anki_collection_entry(4));
  CHECK_THROWS_AS(anki_package_version(bytes({0x08})), AnkiPackageError);
}

TEST_CASE("media map: the legacy JSON object of names", "[anki-package]") {
  const auto entries =
      parse_anki_json_media_map(R"( {"0": "foo.wav", "12":"a\u00e9\ud83d\ude00\"b"} )");
  REQUIRE(entries.size() == 2);
  CHECK(entries[0].entry == "0");
  CHECK(entries[0].name == "foo.wav");
  CHECK(entries[1].entry == "12");
  CHECK(entries[1].name == "a\xC3\xA9\xF0\x9F\x98\x80\"b");
  CHECK(parse_anki_json_media_map("{}").empty());
  CHECK_THROWS_AS(parse_anki_json_media_map(R"({"0": 1})"), AnkiPackageError);
  CHECK_THROWS_AS(parse_anki_json_media_map(R"({"0": "a")"), AnkiPackageError);
  CHECK_THROWS_AS(parse_anki_json_media_map(R"({"0": "\ud800"})"), AnkiPackageError);
  CHECK_THROWS_AS(parse_anki_json_media_map(R"({"0": "a"} x)"), AnkiPackageError);
}

TEST_CASE("media map: the protobuf MediaEntries, entry i in zip entry i", "[anki-package]") {
  const std::string first = message_field(1, "a.png") + bytes({0x10, 0x05});
  const std::string second = message_field(1, "b.mp3") + bytes({0xF8, 0x0F, 0x07});  // 255: 7
  const std::string map = message_field(1, first) + message_field(1, second);
  const auto entries = parse_anki_protobuf_media_map(map);
  REQUIRE(entries.size() == 2);
  CHECK(entries[0].entry == "0");
  CHECK(entries[0].name == "a.png");
  CHECK(entries[0].size == 5u);
  CHECK(entries[1].entry == "7");
  CHECK(entries[1].name == "b.mp3");
  CHECK(parse_anki_protobuf_media_map("").empty());
  CHECK_THROWS_AS(parse_anki_protobuf_media_map(bytes({0x0A, 0x09, 0x0A})), AnkiPackageError);
}

TEST_CASE("media names: one normal component, else the reason", "[anki-package]") {
  CHECK_FALSE(anki_media_name_problem("foo.wav"));
  CHECK_FALSE(anki_media_name_problem("日本.png"));
  CHECK(anki_media_name_problem(".."));
  CHECK(anki_media_name_problem("../x"));
  CHECK(anki_media_name_problem("a/b"));
  CHECK(anki_media_name_problem("/etc/passwd"));
  CHECK(anki_media_name_problem("a\\b"));
  CHECK(anki_media_name_problem(std::string("a\0b", 3)));
  CHECK(anki_media_name_problem("C:x"));
  CHECK(anki_media_name_problem(""));
  CHECK(anki_media_name_problem("\xFF"));
  // kiokud's start would remove a media file by its temporary files' name.
  const auto kept = anki_media_name_problem(".kioku-incoming-AAAAAA");
  REQUIRE(kept);
  CHECK(kept->english == "a name kioku keeps for its own temporary files (.kioku-...)");
  CHECK_FALSE(anki_media_name_problem(".hidden.png"));
  // A clash renames ".kioku.png" to ".kioku-<hash>.png", a temporary file's name.
  CHECK(anki_media_name_problem(".kioku.png"));
  CHECK(anki_media_name_problem(".kioku."));
  CHECK(anki_media_name_problem(".kioku"));
  CHECK_FALSE(anki_media_name_problem(".kiokus.png"));
  CHECK_FALSE(anki_media_name_problem(".kioku.a.png"));
  CHECK(anki_media_renamed("a.png", 0x0123456789abcdefULL) == "a-0123456789abcdef.png");
  CHECK(anki_media_renamed("noext", 1) == "noext-0000000000000001");
}

TEST_CASE("package format: what is refused is said in English and Japanese", "[anki-package]") {
  const auto refusal = [](auto&& parse) -> BilingualMessage {
    try {
      parse();
    } catch (const AnkiPackageError& error) {
      CHECK(std::string(error.what()) == error.message().english);
      return error.message();
    }
    FAIL("not refused");
    return {};
  };
  const BilingualMessage not_a_string = refusal([] { parse_anki_json_media_map(R"({"0": 1})"); });
  CHECK(not_a_string.english ==
        "the media map is not a JSON object of names: expected '\"' at byte 7");
  CHECK(not_a_string.japanese ==
        "メディアマップが名前の JSON オブジェクトではありません（7 バイト目: '\"' がありません）");
  const BilingualMessage surrogate =
      refusal([] { parse_anki_json_media_map(R"({"0": "\udc00"})"); });
  CHECK(surrogate.english ==
        "the media map is not a JSON object of names: a lone surrogate at byte 13");
  CHECK(surrogate.japanese ==
        "メディアマップが名前の JSON オブジェクトではありません（13 バイト目: "
        "対になっていないサロゲートがあります）");
  const BilingualMessage meta = refusal([] { anki_package_version(bytes({0x08})); });
  CHECK(meta.english ==
        "its meta entry is not Anki's package metadata: a varint runs past the end of the "
        "message");
  // The wire reader's reason is worded in Japanese too.
  CHECK(meta.japanese ==
        "meta エントリが Anki のパッケージのメタデータではありません: varint "
        "がメッセージの終わりを越えています");
  const BilingualMessage entry = refusal([] {
    parse_anki_protobuf_media_map(bytes({0x08, 0x01}));
  });
  CHECK(entry.english == "the media map's entry is not a message");
  CHECK(entry.japanese == "メディアマップのエントリがメッセージではありません");
  const std::optional<BilingualMessage> path = anki_media_name_problem("../x");
  REQUIRE(path);
  CHECK(path->english == "a path, not a name");
  CHECK(path->japanese == "名前ではなくパスです");
  const std::optional<BilingualMessage> drive = anki_media_name_problem("C:x");
  REQUIRE(drive);
  CHECK(drive->english == "a Windows drive in the name");
  CHECK(drive->japanese == "名前に Windows のドライブが含まれています");
  const std::optional<BilingualMessage> empty = anki_media_name_problem("");
  REQUIRE(empty);
  CHECK(empty->english == "an empty name");
  CHECK(empty->japanese == "名前が空です");
}

TEST_CASE("stock note types: recognised by structure, not by name", "[anki-package]") {
  AnkiNoteType basic{
      1, "基本", false, {"表", "裏"}, {{"Card 1", "{{表}}", "{{FrontSide}}<hr id=answer>{{裏}}"}},
      ""};
  CHECK(anki_stock_kind(basic) == NoteKind::kBasic);
  AnkiNoteType typed{
      2, "x", false, {"Front", "Back"}, {{"Card 1", "{{Front}}\n\n{{type:Back}}", "{{Front}}"}},
      ""};
  CHECK(anki_stock_kind(typed) == NoteKind::kTyped);
  AnkiNoteType reverse{3,
                       "x",
                       false,
                       {"Front", "Back"},
                       {{"Card 1", "{{Front}}", "{{Back}}"}, {"Card 2", "{{Back}}", "{{Front}}"}},
                       ""};
  CHECK(anki_stock_kind(reverse) == NoteKind::kReverse);
  AnkiNoteType optional{4,
                        "x",
                        false,
                        {"Front", "Back", "Add Reverse"},
                        {{"Card 1", "{{Front}}", "{{Back}}"},
                         {"Card 2", "{{#Add Reverse}}{{Back}}{{/Add Reverse}}", "{{Front}}"}},
                        ""};
  CHECK(anki_stock_kind(optional) == NoteKind::kBasicOptionalReverse);
  AnkiNoteType cloze{5,
                     "Cloze-5f2d4",
                     true,
                     {"Text", "Extra"},
                     {{"Cloze", "{{cloze:Text}}", "{{cloze:Text}}<br>{{Extra}}"}},
                     ""};
  CHECK(anki_stock_kind(cloze) == NoteKind::kCloze);
  AnkiNoteType occlusion{6,
                         "Image Occlusion",
                         true,
                         {"Occlusion", "Image", "Header", "Back Extra", "Comments"},
                         {{"Image Occlusion", "{{cloze:Occlusion}}", ""}},
                         ""};
  CHECK_FALSE(anki_stock_kind(occlusion));
  AnkiNoteType vocabulary{
      7, "Basic", false, {"Word", "Meaning", "Example"}, {{"Card 1", "{{Word}}", "{{Meaning}}"}},
      ""};
  CHECK_FALSE(anki_stock_kind(vocabulary));
  CHECK(anki_card_key(NoteKind::kCloze, 2) == "c3");
  CHECK(anki_card_key(NoteKind::kReverse, 1) == "backward");
  CHECK(anki_card_key(NoteKind::kBasic, 0) == "card");
}
