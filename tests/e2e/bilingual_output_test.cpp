// The CLI's words in Japanese against a real kiokud: with --lang ja, and with a Japanese
// environment (LANG=ja_JP.UTF-8); --json and the daemon's own error messages stay as they are.
#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;

namespace {

// Runs kioku against `home`'s daemon with LANG set to `lang`.
CommandResult kioku_with_lang(const TempHome& home, const std::string& lang,
                              std::vector<std::string> arguments) {
  arguments.insert(arguments.begin(), {kioku_path(), "--socket", home.socket_path()});
  auto environment = home.environment();
  environment["KIOKU_DAEMON"] = kiokud_path();
  environment["LANG"] = lang;
  return run_command(arguments, environment);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("e2e: --lang ja writes every command's output in Japanese", "[e2e][lang]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();

  const auto imported = run_kioku(home, {"--lang", "ja", "import", format1_deck_path()});
  INFO(imported.out << imported.err);
  REQUIRE(imported.exit_code == 0);
  CHECK(contains(imported.out, "を取り込みました: 追加 8、更新 0、変更なし 0\n"));

  const auto decks = run_kioku(home, {"--lang", "ja", "decks"});
  INFO(decks.out);
  CHECK(decks.out.find("名前") != std::string::npos);
  CHECK(contains(decks.out, "カード   期限   新規 学習中    復習\n"));
  CHECK_FALSE(contains(decks.out, "CARDS"));

  const auto due = run_kioku(home, {"due", "--lang", "ja"});
  CHECK(due.out == "復習待ち 8 枚（新規 8、学習中 0、復習 0）\n");

  const auto stats = run_kioku(home, {"--lang", "ja", "stats"});
  INFO(stats.out);
  CHECK(contains(stats.out, "今日: 解答 0 回、0秒、正解率 N/A、成熟カードの正解率 N/A\n"));
  CHECK(contains(stats.out, "カード: 新規 8、学習中 0、再学習 0、若い 0、成熟 0\n"));
  CHECK(contains(stats.out, "真の定着率"));

  CHECK(run_kioku(home, {"--lang", "ja", "unbury"}).out == "0 枚のカードの延期を解除しました\n");

  const auto doctor = run_kioku(home, {"--lang", "ja", "doctor"});
  CHECK(doctor.exit_code == 0);
  CHECK(contains(doctor.out, "に問題はありません\n"));

  const auto status = run_kioku(home, {"--lang", "ja", "daemon", "status"});
  INFO(status.out);
  CHECK(contains(status.out, "は稼働中です（pid " + std::to_string(daemon.pid()) + "）\n"));
  // The labels are padded to the widest, "ソケットアクティベーション:" (27 columns), and a space.
  CHECK(contains(status.out, "  ソケット:" + std::string(19, ' ') + home.socket_path() + "\n"));

  SECTION("--json is the same in both languages") {
    // Not `decks --json`: its "name" is the deck's name in the language asked for, by design.
    for (const std::vector<std::string>& command :
         {std::vector<std::string>{"due", "--json"}, std::vector<std::string>{"stats", "--json"},
          std::vector<std::string>{"daemon", "status", "--json"}}) {
      std::vector<std::string> japanese = command;
      japanese.insert(japanese.begin(), {"--lang", "ja"});
      if (command.front() != "daemon") {
        CHECK(run_kioku(home, japanese).out == run_kioku(home, command).out);
        continue;
      }
      // The uptime may have moved on a second between the two.
      boost::json::object in_japanese = parse_output(run_kioku(home, japanese)).as_object();
      boost::json::object in_english = parse_output(run_kioku(home, command)).as_object();
      CHECK(in_japanese.erase("uptime_seconds") == 1);
      CHECK(in_english.erase("uptime_seconds") == 1);
      CHECK(in_japanese == in_english);
    }
  }
  SECTION("the CLI's own errors are Japanese, and so are the daemon's") {
    const auto unpaired = run_kioku(home, {"--lang", "ja", "deck", "config", "gc", "algorithm"});
    CHECK(unpaired.exit_code == 2);
    CHECK(unpaired.err == "kioku: key=value の形で指定してください（指定された値: 'algorithm'）\n");
    const auto english = run_kioku(home, {"deck", "config", "no-such-deck"});
    const auto japanese = run_kioku(home, {"--lang", "ja", "deck", "config", "no-such-deck"});
    CHECK(english.exit_code == 5);
    CHECK(japanese.exit_code == english.exit_code);
    CHECK(english.err == "kioku: no deck with id 'no-such-deck'\n");
    CHECK(japanese.err == "kioku: ID が 'no-such-deck' のデッキはありません\n");
  }
  SECTION("a file the daemon refuses is named with its problem in Japanese, and nothing lands") {
    const std::string package = home.write_file("bad.apkg", "not a zip");
    const std::string text = home.write_file("bad.txt", "a\tb\n\"open\tc\n");
    const std::string deck = home.write_file("bad.toml", "[deck]\nid = \"x\"\n");
    const std::vector<std::pair<std::string, std::pair<std::string, std::string>>> cases{
        {package,
         {": not a zip archive, so not an Anki package",
          ": zip アーカイブではないため、Anki のパッケージではありません"}},
        {text,
         {":2:1: the quote that opens this field is never closed",
          ":2:1: このフィールドを始める引用符が閉じられていません"}},
        {deck, {":1: format: missing (required)", ":1: format: ありません（必須）"}}};
    for (const auto& [file, said] : cases) {
      INFO(file);
      const auto in_english = run_kioku(home, {"import", file});
      const auto in_japanese = run_kioku(home, {"--lang", "ja", "import", file});
      CHECK(in_english.exit_code == 4);
      CHECK(in_japanese.exit_code == 4);
      CHECK(in_english.err == "kioku: " + file + said.first + "\n");
      CHECK(in_japanese.err == "kioku: " + file + said.second + "\n");
    }
    CHECK(run_kioku(home, {"due"}).out == "8 due (8 new, 0 learning, 0 review)\n");
  }
  SECTION("import's and sched replay's own errors") {
    const auto missing = run_kioku(home, {"--lang", "ja", "import", home.root() + "/none.toml"});
    CHECK(missing.exit_code != 0);
    CHECK(contains(missing.err, "/none.toml: ファイルを開けません: "));
    const auto replayed = run_kioku(home, {"--lang", "ja", "sched", "replay"},
                                    "{\"card\":\"c1\",\"time\":\"2024-01-01T09:00:00Z\","
                                    "\"rating\":\"ok\"}\n");
    CHECK(replayed.exit_code != 0);
    CHECK(contains(replayed.err, "again、hard、good、easy のどれかで指定してください"));
  }
  SECTION("a scripted review's time spent, in Japanese units") {
    const auto review =
        run_kioku(home, {"--lang", "ja", "review", "--no-shuffle", "--limit", "1"}, "1\n");
    INFO(review.out << review.err);
    CHECK(review.exit_code == 0);
    CHECK(contains(review.out, "所要時間 0秒"));
  }
}

TEST_CASE("e2e: LANG=ja_JP.UTF-8 chooses Japanese, and --lang en wins over it", "[e2e][lang]") {
  RunningDaemon daemon({"--no-bundled-decks", "--clock-start", clock_start(kMorning)});
  const TempHome& home = daemon.home();
  CHECK(kioku_with_lang(home, "ja_JP.UTF-8", {"decks"}).out ==
        "デッキはまだありません。kioku import FILE で取り込めます\n");
  CHECK(kioku_with_lang(home, "ja_JP.UTF-8", {"due"}).out ==
        "復習待ち 0 枚（新規 0、学習中 0、復習 0）\n");
  CHECK(kioku_with_lang(home, "ja_JP.UTF-8", {"--lang", "en", "due"}).out ==
        "0 due (0 new, 0 learning, 0 review)\n");
  const auto help = kioku_with_lang(home, "ja_JP.UTF-8", {"due", "--help"});
  CHECK(help.exit_code == 0);
  CHECK(contains(help.out, "今復習するカードの数を表示"));
  CHECK(contains(help.out, "使い方:"));
}

TEST_CASE("e2e: reaching no kiokud, in Japanese", "[e2e][lang]") {
  TempHome home;
  const auto due = kioku_with_lang(home, "ja_JP.UTF-8", {"--no-autostart", "due"});
  CHECK(due.exit_code == 3);
  CHECK(due.err.starts_with("kioku: " + home.socket_path() + " で kiokud が稼働していません（"));
  CHECK(contains(due.err, "kiokud で起動するか、--no-autostart を外してください\n"));
  const auto stop = kioku_with_lang(home, "ja_JP.UTF-8", {"daemon", "stop"});
  CHECK(stop.exit_code == 0);
  CHECK(stop.out == "kiokud は稼働していません\n");
  const auto status = kioku_with_lang(home, "C.UTF-8", {"--lang", "ja", "daemon", "status"});
  CHECK(status.exit_code == 3);
  CHECK(status.out == "kiokud は稼働していません（" + home.socket_path() + "）\n");
}
