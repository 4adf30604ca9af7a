// SQLite's temporary files (a sort's runs past its memory, a statement's journal past its
// memory) go beside the collection, not to $SQLITE_TMPDIR, $TMPDIR, /var/tmp or /tmp: a sandbox
// may leave those read-only or small, and an import then failed with advice about the
// collection's disk. Here the temporary directory the environment names is a full tmpfs.
#include <string>

#include "tests/e2e/faults/fault_helpers.hpp"
#include "tests/support/scratch_mount.hpp"

using namespace kioku::test;

TEST_CASE("faults: imports that spill to temporary files work with a full temporary directory",
          "[e2e][faults]") {
  if (const std::string reason = prepare_private_mounts(); !reason.empty()) KIOKU_SKIP(reason);
  TempHome home;
  // One page, nothing in it: no temporary file fits.
  const std::string full = home.root() + "/full";
  ScratchMount temporary = ScratchMount::tmpfs(full, 4096);
  RunningDaemon daemon(home,
                       {"--no-bundled-decks", "--backups-daily", "0", "--backups-weekly", "0"},
                       {{"SQLITE_TMPDIR", full}, {"TMPDIR", full}});
  // Notes enough that the Anki reader's sort of a package's cards by note (about 80 bytes a
  // card) passes the 256 KiB it keeps in memory.
  std::string rows;
  for (int row = 0; row < 6000; ++row) {
    rows +=
        "question number " + std::to_string(row) + "\tits answer, " + std::to_string(row) + "\n";
  }
  const std::string text = home.write_file("many.tsv", rows);
  const CommandResult imported =
      daemon.kioku({"import", text, "--deck", "Many", "--kind", "basic", "--json"});
  // The daemon's log with each step's output: what went wrong, if a step fails.
  INFO(imported.out << imported.err << "\nkiokud's log:\n" << daemon.log());
  REQUIRE(imported.exit_code == 0);
  const std::string package = home.root() + "/many.apkg";
  const CommandResult exported =
      daemon.kioku({"export", "many", "--format", "apkg", "-o", package});
  INFO(exported.out << exported.err << "\nkiokud's log:\n" << daemon.log());
  REQUIRE(exported.exit_code == 0);
  // Its notes are the deck's own: all unchanged, but every card is read and sorted.
  const CommandResult again = daemon.kioku({"import", package, "--json"});
  INFO(again.out << again.err << "\nkiokud's log:\n" << daemon.log());
  CHECK(again.exit_code == 0);
  CHECK(again.out.find("\"unchanged\":6000") != std::string::npos);
}
