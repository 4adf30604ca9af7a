// Temporary homes for tests that run real processes.
#include "tests/support/temp_home.hpp"

#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace kioku::test {

namespace {

int remove_entry(const char* path, const struct stat*, int, struct FTW*) {
  return ::remove(path);
}

}  // namespace

TempHome::TempHome() {
  const char* base = std::getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/kioku-test-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  root_ = pattern;
  for (const char* directory : {"/run", "/data", "/state", "/config", "/home"}) {
    ::mkdir((root_ + directory).c_str(), 0700);
  }
}

TempHome::~TempHome() {
  ::nftw(root_.c_str(), remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

std::map<std::string, std::string> TempHome::environment() const {
  return {{"XDG_RUNTIME_DIR", root_ + "/run"},
          {"XDG_DATA_HOME", root_ + "/data"},
          {"XDG_STATE_HOME", root_ + "/state"},
          {"XDG_CONFIG_HOME", root_ + "/config"},
          {"HOME", root_ + "/home"},
          {"LC_ALL", ""},
          {"LC_MESSAGES", ""},
          {"LANG", "C.UTF-8"},
          {"NO_COLOR", "1"},
          {"TZ", "UTC"},
          // A test run under systemd (a CI service) must not have its kiokuds notify that
          // service's manager or mark their logs for a journal they do not write to.
          {"NOTIFY_SOCKET", ""},
          {"JOURNAL_STREAM", ""}};
}

std::string TempHome::write_file(const std::string& name, const std::string& content) const {
  const std::string path = root_ + "/" + name;
  std::ofstream file(path, std::ios::binary);
  file << content;
  if (!file) throw std::runtime_error("cannot write " + path);
  return path;
}

std::string read_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::runtime_error("cannot read " + path);
  std::ostringstream content;
  content << file.rdbuf();
  return content.str();
}

}  // namespace kioku::test
