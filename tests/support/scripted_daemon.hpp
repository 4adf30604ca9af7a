// A stand-in kiokud that answers one connection's requests, in turn, with scripted replies: a
// daemon of another protocol version, or one whose replies lack a field.
#pragma once

#include <string>
#include <thread>
#include <vector>

#include "tests/support/temp_home.hpp"

namespace kioku::test {

// The member that follows "id" in a scripted reply: a result or an error, as JSON text.
inline std::string scripted_result(const std::string& json) {
  return "\"result\":" + json;
}
inline std::string scripted_error(const std::string& json) {
  return "\"error\":" + json;
}

class ScriptedDaemon {
 public:
  // Listens on a socket in a fresh directory; answers the requests of the first connection with
  // `replies` (scripted_result / scripted_error), one each, then closes it.
  explicit ScriptedDaemon(std::vector<std::string> replies);
  ~ScriptedDaemon();
  ScriptedDaemon(const ScriptedDaemon&) = delete;
  ScriptedDaemon& operator=(const ScriptedDaemon&) = delete;

  const std::string& path() const noexcept { return path_; }
  // The methods asked for, in order, once the client has closed the connection.
  const std::vector<std::string>& methods();

 private:
  void serve(const std::vector<std::string>& replies);

  TempHome home_;
  std::string path_;
  int listener_ = -1;
  std::vector<std::string> methods_;
  std::thread thread_;
};

}  // namespace kioku::test
