// kioku doctor beyond SQLite's page check (docs/backup.md "What doctor checks"): a card whose
// stored state is not what its log replays to, and a row whose parent is gone (PRAGMA
// foreign_key_check), planted behind a stopped kiokud; for the damaged collection doctor names
// the newest backup that itself passes the check, skipping a newer one that does not, and the
// `kioku restore` line that puts it in place.
#include <sqlite3.h>

#include <filesystem>
#include <string>

#include "tests/e2e/clock_file.hpp"
#include "tests/e2e/collection_tampering.hpp"
#include "tests/e2e/e2e_helpers.hpp"

using namespace kioku::test;
namespace json = boost::json;

TEST_CASE("e2e: kioku doctor finds a card state its log does not give, and a broken foreign key",
          "[e2e][doctor][backup]") {
  TempHome home;
  set_clock(home, kMorning * 1000);
  std::int64_t answered = 0;
  std::string good;
  {
    RunningDaemon daemon(home, clocked_daemon_arguments(home));
    REQUIRE(run_kioku(home, {"import", format1_deck_path()}).exit_code == 0);
    answered = call(home, "review.next").at("card").at("id").as_int64();
    call(home, "review.answer", {{"card", answered}, {"choice", 1}, {"rating", "good"}});
    set_clock(home, kMorning * 1000 + 60'000);
    const CommandResult backup = run_kioku(home, {"backup", "--json"});
    REQUIRE(backup.exit_code == 0);
    good = std::string(parse_output(backup).at("path").as_string());
    const CommandResult sound = run_kioku(home, {"doctor"});
    INFO(sound.out << sound.err);
    CHECK(sound.exit_code == 0);
    CHECK(sound.out == "The collection " + home.collection_path() + " is intact\n");
  }
  // Behind the daemon's back: the answered card's state no longer what its log replays to.
  execute_sql(home.collection_path(),
              "UPDATE card_state SET reps = reps + 5 WHERE card_id = " + std::to_string(answered));
  {
    RunningDaemon daemon(home, clocked_daemon_arguments(home));
    const CommandResult english = run_kioku(home, {"doctor"});
    INFO(english.out << english.err);
    CHECK(english.exit_code == 1);
    CHECK(english.err.find("1 card's state differs from its review log (card " +
                           std::to_string(answered) + "); kioku doctor --rebuild recomputes it") !=
          std::string::npos);
    const CommandResult japanese = run_kioku(home, {"--lang", "ja", "doctor"});
    CHECK(japanese.err.find("カード 1 枚の状態が復習ログと一致しません（カード " +
                            std::to_string(answered) + "）") != std::string::npos);
    const json::value as_json = parse_output(run_kioku(home, {"doctor", "--json"}));
    CHECK(as_json.at("ok").as_bool());
    CHECK(as_json.at("differing").as_int64() == 1);
    CHECK(as_json.at("differing_cards") == json::array{answered});
    // The rebuild puts it right, and doctor agrees.
    CHECK(field(parse_output(run_kioku(home, {"doctor", "--rebuild", "--json"})), "changed") == 1);
    CHECK(run_kioku(home, {"doctor"}).exit_code == 0);
  }
  // A card row gone while its state and review stay: two foreign key violations. A copy of the
  // damaged collection, newer than the good backup, must not be offered.
  execute_sql(home.collection_path(), "PRAGMA foreign_keys = OFF; DELETE FROM cards WHERE id = " +
                                          std::to_string(answered));
  const std::string damaged_copy = home.data_dir() + "/backups/collection-20260601-110000.sqlite";
  std::filesystem::copy_file(home.collection_path(), damaged_copy);
  {
    RunningDaemon daemon(home, clocked_daemon_arguments(home));
    const CommandResult english = run_kioku(home, {"doctor"});
    INFO(english.out << english.err);
    CHECK(english.exit_code == 1);
    CHECK(english.out.find("foreign key: row " + std::to_string(answered) +
                           " of card_state refers to a missing row of cards\n") !=
          std::string::npos);
    CHECK(english.out.find(" of revlog refers to a missing row of cards\n") != std::string::npos);
    CHECK(english.out.find("The newest backup that passes the check: " + good + "\n") !=
          std::string::npos);
    CHECK(english.out.find("To put it in place: kioku restore " + good + "\n") !=
          std::string::npos);
    CHECK(english.err.find("SQLite found 2 problems") != std::string::npos);

    const CommandResult japanese = run_kioku(home, {"--lang", "ja", "doctor"});
    INFO(japanese.out << japanese.err);
    CHECK(japanese.exit_code == 1);
    CHECK(japanese.out.find("外部キー: card_state の行 " + std::to_string(answered) +
                            " が cards にない行を参照しています\n") != std::string::npos);
    CHECK(japanese.out.find("foreign key:") == std::string::npos);
    // What to do, in the language asked for.
    CHECK(japanese.err.find(home.collection_path() + " は壊れています。") != std::string::npos);
    CHECK(japanese.err.find("is damaged") == std::string::npos);
    CHECK(japanese.out.find("検査に通る最新のバックアップ: " + good + "\n") != std::string::npos);
    CHECK(japanese.out.find("元に戻すには: kioku restore " + good + "\n") != std::string::npos);

    const json::value as_json = parse_output(run_kioku(home, {"doctor", "--json"}));
    CHECK_FALSE(as_json.at("ok").as_bool());
    CHECK(as_json.at("good_backup").as_string() == good);
    CHECK(as_json.at("problems").as_array().size() == 2);

    // The line works: the restore brings back a collection doctor finds intact.
    REQUIRE(run_kioku(home, {"restore", good}).exit_code == 0);
    CHECK(run_kioku(home, {"doctor"}).exit_code == 0);
  }
}
