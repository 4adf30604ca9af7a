// A package's compression (minizip's deflate, seconds on a large deck) tells how far it has come
// and stops when its report throws, leaving nothing behind.
#include <sys/stat.h>

#include <filesystem>

#include "core/work_progress.hpp"
#include "tests/daemon/daemon_fixture.hpp"
#include "tests/daemon/deck_package_writing.hpp"
#include "tests/support/temp_home.hpp"

using namespace kioku;
using namespace kioku::test;

namespace {

std::vector<std::string> names_in(const std::string& directory) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

TEST_CASE("anki package export: the compression tells its fraction and stops when told",
          "[daemon][anki]") {
  TempHome home;
  DaemonFixture source;
  source.import_choice_deck("big", 4000);
  const std::string path = home.root() + "/big.apkg";

  std::vector<double> fractions;
  const ProgressReport telling([&](WorkStage stage, double fraction, std::optional<std::uint64_t>) {
    if (stage == WorkStage::kWriting) fractions.push_back(fraction);
  });
  CHECK(write_deck_package(source, "big", home.root(), path, telling).notes == 4000);
  INFO("fractions heard: " << fractions.size());
  CHECK(std::is_sorted(fractions.begin(), fractions.end()));
  const auto between =
      std::count_if(fractions.begin(), fractions.end(), [](double f) { return f > 0 && f < 1; });
  CHECK(between >= 3);
  REQUIRE_FALSE(fractions.empty());
  CHECK(fractions.back() == 1.0);

  // Stopped midway: the report's exception comes back, and neither the package nor a temporary
  // file is left.
  const ProgressReport stopping([](WorkStage stage, double fraction, std::optional<std::uint64_t>) {
    if (stage == WorkStage::kWriting && fraction > 0.1)
      throw WorkCancelled(kioku::same_in_both("its client left"));
  });
  CHECK_THROWS_AS(write_deck_package(source, "big", home.root(), path, stopping), WorkCancelled);
  struct stat written {};
  REQUIRE(::stat(path.c_str(), &written) == 0);
  CHECK(written.st_size == 0);
  CHECK(names_in(home.root()) ==
        std::vector<std::string>{"big.apkg", "config", "data", "home", "run", "state"});
}
