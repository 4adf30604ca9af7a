// A string as a file descriptor, for the readers that read one (cli/line_reader.hpp): a file in
// memory holding `content`, at offset 0. Header-only so that the fuzz targets use it too.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <stdexcept>
#include <string_view>

#include "protocol/unique_fd.hpp"

namespace kioku::test {

inline protocol::UniqueFd memory_file(std::string_view content) {
  protocol::UniqueFd file(::memfd_create("kioku-test-input", MFD_CLOEXEC));
  if (!file) throw std::runtime_error("memfd_create failed");
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t count = ::write(file.get(), content.data() + written, content.size() - written);
    if (count <= 0) throw std::runtime_error("writing the memory file failed");
    written += static_cast<std::size_t>(count);
  }
  ::lseek(file.get(), 0, SEEK_SET);
  return file;
}

}  // namespace kioku::test
