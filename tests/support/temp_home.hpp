// A throwaway home for one test: private XDG_RUNTIME_DIR, XDG_DATA_HOME, XDG_STATE_HOME and
// XDG_CONFIG_HOME under a fresh temporary directory, removed afterwards.
#pragma once

#include <map>
#include <string>

namespace kioku::test {

class TempHome {
 public:
  TempHome();
  ~TempHome();
  TempHome(const TempHome&) = delete;
  TempHome& operator=(const TempHome&) = delete;

  const std::string& root() const noexcept { return root_; }
  std::string runtime_dir() const { return root_ + "/run"; }
  std::string socket_path() const { return root_ + "/run/kioku/kiokud.sock"; }
  std::string data_dir() const { return root_ + "/data/kioku"; }
  std::string collection_path() const { return data_dir() + "/collection.sqlite"; }
  std::string state_dir() const { return root_ + "/state/kioku"; }

  // Variables a child process gets so that it lives entirely inside this home, in English, and
  // outside any systemd service the tests run in (empty values unset).
  std::map<std::string, std::string> environment() const;

  // Writes `content` to root()/name and returns the full path.
  std::string write_file(const std::string& name, const std::string& content) const;

 private:
  std::string root_;
};

// The whole content of a file; throws std::runtime_error when it cannot be read.
std::string read_file(const std::string& path);

}  // namespace kioku::test
