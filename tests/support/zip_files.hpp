// Zips read and written through minizip, as kiokud's own: real packages taken apart, malformed
// ones made. A test binary that includes this links minizip (tests/CMakeLists.txt).
#pragma once

#include <minizip/unzip.h>
#include <minizip/zip.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

namespace kioku::test {

struct UnzipCloser {
  unzFile archive;
  ~UnzipCloser() { unzClose(archive); }
};

// Whether the zip at `path` has an entry `name`.
inline bool zip_has_entry(const std::string& path, const std::string& name) {
  const UnzipCloser zip{unzOpen64(path.c_str())};
  REQUIRE(zip.archive != nullptr);
  return unzLocateFile(zip.archive, name.c_str(), 1) == UNZ_OK;
}

// The bytes of entry `name` of the zip at `path` (for taking a real package apart).
inline std::string zip_entry(const std::string& path, const std::string& name) {
  const UnzipCloser zip{unzOpen64(path.c_str())};
  REQUIRE(zip.archive != nullptr);
  REQUIRE(unzLocateFile(zip.archive, name.c_str(), 1) == UNZ_OK);
  unz_file_info64 info{};
  REQUIRE(unzGetCurrentFileInfo64(zip.archive, &info, nullptr, 0, nullptr, 0, nullptr, 0) ==
          UNZ_OK);
  REQUIRE(unzOpenCurrentFile(zip.archive) == UNZ_OK);
  std::string bytes(info.uncompressed_size, '\0');
  std::size_t at = 0;
  while (at < bytes.size()) {
    const int got = unzReadCurrentFile(
        zip.archive, bytes.data() + at,
        static_cast<unsigned>(std::min<std::size_t>(bytes.size() - at, std::size_t{1} << 30)));
    REQUIRE(got > 0);
    at += static_cast<std::size_t>(got);
  }
  REQUIRE(unzCloseCurrentFile(zip.archive) == UNZ_OK);  // the CRC checked
  return bytes;
}

enum class ZipMethod { kDeflated, kStored };

// A zip at `path` of `entries` (name, bytes), in that order.
inline void write_zip(const std::string& path,
                      const std::vector<std::pair<std::string, std::string>>& entries,
                      ZipMethod method = ZipMethod::kDeflated) {
  zipFile archive = zipOpen64(path.c_str(), APPEND_STATUS_CREATE);
  REQUIRE(archive != nullptr);
  for (const auto& [name, bytes] : entries) {
    const bool deflated = method == ZipMethod::kDeflated;
    REQUIRE(zipOpenNewFileInZip64(archive, name.c_str(), nullptr, nullptr, 0, nullptr, 0, nullptr,
                                  deflated ? Z_DEFLATED : 0, deflated ? Z_DEFAULT_COMPRESSION : 0,
                                  0) == ZIP_OK);
    REQUIRE(zipWriteInFileInZip(archive, bytes.data(), static_cast<unsigned>(bytes.size())) ==
            ZIP_OK);
    REQUIRE(zipCloseFileInZip(archive) == ZIP_OK);
  }
  REQUIRE(zipClose(archive, nullptr) == ZIP_OK);
}

}  // namespace kioku::test
