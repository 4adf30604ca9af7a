// Where kiokud read something, for the tests of which thread a request is read on: kiokud names
// its worker's and its readers' threads (daemon/server/server.cpp), and Linux counts each
// thread's read calls (/proc/PID/task/TID/io, syscr: files and sockets alike).
#pragma once

#include <sys/types.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

namespace kioku::test {

// The read calls so far of process `pid`'s thread named `name`; nullopt while no thread has the
// name (kiokud's are named by the first task each runs).
inline std::optional<std::int64_t> read_calls_of_thread(pid_t pid, const std::string& name) {
  const std::filesystem::path tasks = "/proc/" + std::to_string(pid) + "/task";
  for (const auto& task : std::filesystem::directory_iterator(tasks)) {
    std::ifstream comm(task.path() / "comm");
    std::string thread_name;
    if (!std::getline(comm, thread_name) || thread_name != name) continue;
    std::ifstream io(task.path() / "io");
    std::string key;
    std::int64_t value = 0;
    while (io >> key >> value) {
      if (key == "syscr:") return value;
    }
    FAIL("no syscr in " << (task.path() / "io").string());
  }
  return std::nullopt;
}

}  // namespace kioku::test
