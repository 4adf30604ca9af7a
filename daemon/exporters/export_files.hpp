// Writing an export into the descriptor kioku passed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace kioku::daemon {

// Writes all of `bytes` to `descriptor`; throws kioku::Error (kStorage) naming errno when it
// cannot (a full disk).
void write_all(int descriptor, std::string_view bytes);

// Copies the file at `path` to `descriptor`; returns the bytes copied.
std::int64_t copy_file_to(const std::string& path, int descriptor);

}  // namespace kioku::daemon
