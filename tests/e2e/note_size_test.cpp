// A note at kMaxNoteTextBytes, of the characters JSON writes twice as long, goes to kiokud and
// back over the real socket; one byte more is refused as an invalid note naming the field and
// the limit, not as a request line too long, from note.update and from kioku add alike
// (docs/notes.md, "How much a note holds").
#include <boost/json.hpp>
#include <string>
#include <vector>

#include "core/deck_parser_limits.hpp"
#include "protocol/framing.hpp"
#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;
namespace json = boost::json;

namespace {

const std::string kLimit = std::to_string(kioku::kMaxNoteTextBytes);

// A basic note whose three texts reach the limit together, each at its field's own limit; the
// JSON of its quotes, backslashes and newlines is twice the text.
json::object largest_fields() {
  const std::size_t third = kioku::kMaxNoteTextBytes / 3;
  return {{"front", {{"en", std::string(third, '"')}, {"ja", std::string(third - 1, '\n') + "x"}}},
          {"back", {{"en", std::string(third, '\\')}}}};
}

// A kiokud with one deck, "words", to add notes to.
struct WordsDaemon {
  RunningDaemon daemon{std::vector<std::string>{"--no-bundled-decks"}};
  WordsDaemon() {
    REQUIRE(daemon
                .kioku({"import", daemon.home().write_file("words.toml", numbered_basic_notes_deck(
                                                                             "words", "Words", 1))})
                .exit_code == 0);
  }
};

}  // namespace

TEST_CASE("e2e: a note at the text limit goes to kiokud and back, and one byte more is refused",
          "[e2e][notes]") {
  WordsDaemon words;
  RunningDaemon& daemon = words.daemon;
  const json::object fields = largest_fields();
  // Over 1.5 times as long as the text: escaping counts.
  CHECK(json::serialize(fields).size() > kioku::kMaxNoteTextBytes * 3 / 2);
  const json::value added = daemon.call(
      "note.add", {{"deck", "words"}, {"id", "big"}, {"kind", "basic"}, {"fields", fields}});
  CHECK(added.at("note").at("fields") == fields);
  CHECK(daemon.call("note.get", {{"note", "big"}}).at("fields") == fields);
  const json::value same =
      daemon.call("note.update", {{"note", "big"}, {"kind", "basic"}, {"fields", fields}});
  CHECK(same.at("changed") == false);

  // One byte more, in a tag: the note's error, and the connection answered it.
  const json::value refused =
      daemon.rpc("note.update", {{"note", "big"}, {"fields", fields}, {"tags", json::array{"t"}}});
  REQUIRE(refused.as_object().contains("error"));
  CHECK(refused.at("error").at("code") == -32602);
  const std::string message(refused.at("error").at("message").as_string());
  INFO(message);
  CHECK(message.find("invalid note: field tags: brings the note's text to " +
                     std::to_string(kioku::kMaxNoteTextBytes + 1) + " bytes") == 0);
  CHECK(message.find("at most " + kLimit + " bytes") != std::string::npos);
  CHECK(daemon.call("note.get", {{"note", "big"}}).at("tags").as_array().empty());
}

TEST_CASE("e2e: kioku add refuses a note past the text limit by its field, before its request",
          "[e2e][notes]") {
  // Six texts of 100,000 quotes: 600,000 bytes of text, 1.2 MB of JSON, past a request line.
  // Counted as kiokud counts them, by field and language: front.en passes the limit.
  WordsDaemon words;
  RunningDaemon& daemon = words.daemon;
  const std::string quotes(100'000, '"');
  std::vector<std::string> arguments{"add", "--deck", "words"};
  for (const char* field : {"front", "back"}) {
    for (const char* language : {"en", "ja", "fr"}) {
      arguments.insert(arguments.end(),
                       {"--field", std::string(field) + "." + language + "=" + quotes});
    }
  }
  const CommandResult refused = daemon.kioku(arguments);
  INFO(refused.err);
  CHECK(refused.exit_code != 0);
  CHECK(refused.err.find("invalid note: field front.en: brings the note's text to 400000 bytes") !=
        std::string::npos);
  CHECK(refused.err.find(kLimit) != std::string::npos);
  CHECK(refused.err.find("request line") == std::string::npos);
  const CommandResult japanese = daemon.kioku([&] {
    std::vector<std::string> with_lang = arguments;
    with_lang.insert(with_lang.end(), {"--lang", "ja"});
    return with_lang;
  }());
  CHECK(japanese.err.find("ノートが正しくありません: フィールド front.en: ") != std::string::npos);
  CHECK(japanese.err.find(kLimit + " バイトまでです") != std::string::npos);
  CHECK(daemon.call("note.find", {{"deck", "words"}}).at("notes").as_array().size() == 1);
}

TEST_CASE("e2e: kioku add refuses control characters before its request, which they would pass",
          "[e2e][notes]") {
  // Two texts of 100,000 U+0001: 200,000 bytes of text, under the limit, but JSON writes each
  // in six bytes (\u0001), 1.2 MB in all, past a request line.
  WordsDaemon words;
  RunningDaemon& daemon = words.daemon;
  const std::string controls(100'000, '\x01');
  const CommandResult refused =
      daemon.kioku({"add", "--deck", "words", "--field", "front.en=" + controls, "--field",
                    "back.en=" + controls});
  INFO(refused.err);
  CHECK(refused.exit_code != 0);
  CHECK(refused.err.find("invalid note: field back.en: the text contains the control character "
                         "U+0001 at character 1") != std::string::npos);
  CHECK(refused.err.find("request line") == std::string::npos);
}
