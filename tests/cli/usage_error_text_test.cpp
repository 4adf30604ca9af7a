// Usage errors in both languages (cli/usage_error_text.hpp, cli/command_table.cpp): each kind of
// parse error kioku's table can raise, parsed by the real CLI11, reads in Japanese under --lang ja
// or a Japanese environment, and stays CLI11's English otherwise. A CLI11 that words an error
// another way fails here rather than showing English to a Japanese user.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command_table.hpp"
#include "cli/usage_error_text.hpp"

using namespace kioku::cli;

namespace {

struct Refusal {
  std::vector<std::string> arguments;
  std::string english;
  std::string japanese;
};

std::string error_of(const std::vector<std::string>& arguments, const std::string& language) {
  const CommandTable table = command_table();
  std::ostringstream out;
  std::ostringstream err;
  const ParsedLine parsed = parse_command_line(table, "kioku", arguments, out, err, language);
  CHECK(parsed.exit_code == kExitUsage);
  CHECK(out.str().empty());
  return err.str();
}

}  // namespace

TEST_CASE("usage errors: each kind reads in the user's language", "[cli][usage]") {
  const std::vector<Refusal> refusals = {
      {{"import"}, "FILE is required", "FILE が必要です"},
      {{"deck"}, "A subcommand is required", "サブコマンドが必要です"},
      {{"due", "extra"},
       "The following argument was not expected: extra",
       "想定していない引数です: extra"},
      {{"export", "D", "-o"}, "--output: 1 required TEXT missing", "--output に値がありません"},
      {{"due", "--json=x"}, "Could not convert: --json = x", "--json の値 x を読み取れません"},
      {{"--no-autostart=x", "due"},
       "Could not convert: --no-autostart = x",
       "--no-autostart の値 x を読み取れません"},
      {{"export", "D", "--format", "zip"},
       "--format: zip not in {toml,tsv,apkg}",
       "--format: zip は {toml,tsv,apkg} のどれでもありません"},
      {{"review", "--limit", "0"},
       "--limit: Value 0 not in range 1 to 2147483647",
       "--limit: 0 は 1 から 2147483647 の範囲にありません"},
      {{"review", "--limit", "many"},
       "--limit: Value many could not be converted",
       "--limit: many は数として読めません"},
      {{"--timeout", "0.01", "due"},
       "--timeout: Value 0.01 not in range 0.1 to 86400",
       "--timeout: 0.01 は 0.1 から 86400 の範囲にありません"},
      {{"import", ""},
       "FILE: must not be empty (give a deck file, or - for standard input)",
       "FILE: 空にはできません（デッキファイルか、標準入力なら - を指定）"},
      {{"export", "D", "-o", ""},
       "--output: must not be empty (leave -o out to write to standard output)",
       "--output: 空にはできません（標準出力に書き出すなら -o を付けない）"},
      {{"restore", ""}, "FILE: must not be empty", "FILE: 空にはできません"},
      {{"add", "--deck", "d", "--id", ""},
       "--id: must not be empty (leave --id out for a new id)",
       "--id: 空にはできません（新しい ID にするなら --id を付けない）"},
  };
  for (const Refusal& refusal : refusals) {
    INFO(refusal.english);
    CHECK(error_of(refusal.arguments, "en") ==
          refusal.english + "\nRun with --help for more information.\n");
    const std::string japanese =
        refusal.japanese + "\n詳しくは --help を付けて実行してください。\n";
    CHECK(error_of(refusal.arguments, "ja") == japanese);
    std::vector<std::string> with_lang = {"--lang", "ja"};
    with_lang.insert(with_lang.end(), refusal.arguments.begin(), refusal.arguments.end());
    CHECK(error_of(with_lang, "en") == japanese);
  }
}

TEST_CASE("usage errors: an error kioku has no Japanese for stays as CLI11 words it",
          "[cli][usage]") {
  CHECK(usage_error_in_japanese("RequiredError", "Requires at least 2 subcommands") ==
        "Requires at least 2 subcommands");
  CHECK(usage_error_in_japanese("", "FILE is required") == "FILE is required");
  // What a group matched is put in as it is, once: a value holding "{2}" is not filled in.
  CHECK(usage_error_in_japanese("ConversionError", "Could not convert: --x = {2}") ==
        "--x の値 {2} を読み取れません");
}

TEST_CASE("usage errors: a word that is no command is named, with where the commands are listed",
          "[cli][usage]") {
  CHECK(error_of({"bogus"}, "en") == "kioku bogus: no such command (kioku --help lists them)\n");
  CHECK(error_of({"deck", "bogus"}, "en") ==
        "kioku deck bogus: no such command (kioku deck --help lists them)\n");
  CHECK(error_of({"deck", "bogus"}, "ja") ==
        "kioku deck bogus: そのようなコマンドはありません（kioku deck --help で一覧できます）\n");
  // An option where a command belongs is still CLI11's own error, and so is a word after "--".
  CHECK(error_of({"--bogus"}, "en").find("no such command") == std::string::npos);
  CHECK(error_of({"deck", "--", "config"}, "en").find("no such command") == std::string::npos);
}
