// The system's reason for a failure (an errno) in the language of the message around it
// (core/system_error_reason.hpp): in kioku's own words (a file it cannot open) and in kiokud's
// (a media folder it cannot write in), English under --lang en and Japanese under --lang ja.
#include <filesystem>
#include <fstream>

#include "tests/e2e/anki_fixtures.hpp"
#include "tests/e2e/e2e_helpers.hpp"
#include "tests/support/skip.hpp"

using namespace kioku::test;

TEST_CASE("e2e: kioku says why it cannot open a deck file in the language asked",
          "[e2e][import][messages]") {
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  // No such file, in a folder that is not there either.
  const std::string missing = home.root() + "/no-such-folder/deck.toml";
  const auto english = daemon.kioku({"--lang", "en", "import", missing});
  CHECK(english.exit_code == 4);
  CHECK(english.err == "kioku: " + missing + ": cannot open file: No such file or directory\n");
  const auto japanese = daemon.kioku({"--lang", "ja", "import", missing});
  CHECK(japanese.exit_code == 4);
  CHECK(japanese.err ==
        "kioku: " + missing + ": ファイルを開けません: ファイルまたはディレクトリがありません\n");
  // A path through a file, which is no folder.
  const std::string through_file = home.write_file("plain.txt", "x\n") + "/deck.toml";
  CHECK(daemon.kioku({"--lang", "en", "import", through_file}).err ==
        "kioku: " + through_file + ": cannot open file: Not a directory\n");
  CHECK(daemon.kioku({"--lang", "ja", "import", through_file}).err ==
        "kioku: " + through_file + ": ファイルを開けません: ディレクトリではありません\n");
}

TEST_CASE("e2e: kiokud says why it cannot write an Anki package's media in the language asked",
          "[e2e][anki_package][messages]") {
  const std::string package = fixtures_directory() + "/anki_media.apkg";
  if (!have_fixtures()) KIOKU_SKIP("no fixtures at " + fixtures_directory());
  RunningDaemon daemon({"--no-bundled-decks"});
  const TempHome& home = daemon.home();
  // A file where the media folder belongs: nothing can be made inside it.
  const std::string media = home.data_dir() + "/media";
  std::filesystem::create_directories(home.data_dir());
  { std::ofstream(media) << "not a folder\n"; }
  const auto english = daemon.kioku({"--lang", "en", "import", package});
  CHECK(english.exit_code != 0);
  CHECK(english.err == "kioku: cannot make a temporary file in " + media + ": Not a directory\n");
  const auto japanese = daemon.kioku({"--lang", "ja", "import", package});
  CHECK(japanese.exit_code == english.exit_code);
  CHECK(japanese.err ==
        "kioku: " + media + " に一時ファイルを作れません: ディレクトリではありません\n");
}
