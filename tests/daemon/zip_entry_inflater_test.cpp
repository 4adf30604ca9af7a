// ZipEntryInflater against zlib: what zlib deflates (raw, as a zip entry holds it) inflates back
// to the same bytes with zlib's CRC-32, however the data is cut into pieces; invalid data is
// refused; a stored entry's data is its content.
#include <zlib.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "daemon/importers/zip_entry_inflater.hpp"

using kioku::daemon::InvalidDeflateData;
using kioku::daemon::ZipEntryInflater;

namespace {

// Text that compresses (as a collection does) with random stretches that do not.
std::vector<unsigned char> sample_content(std::size_t size) {
  std::mt19937 random(7);
  std::vector<unsigned char> content;
  const std::string text = "INSERT INTO notes VALUES ('gradient checkpointing', 'メモリ'); ";
  while (content.size() < size) {
    if (random() % 8 == 0) {
      for (int i = 0; i < 200; ++i) content.push_back(static_cast<unsigned char>(random()));
    } else {
      content.insert(content.end(), text.begin(), text.end());
    }
  }
  content.resize(size);
  return content;
}

std::vector<unsigned char> raw_deflate(const std::vector<unsigned char>& content) {
  z_stream stream{};
  REQUIRE(deflateInit2(&stream, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::vector<unsigned char> data(deflateBound(&stream, content.size()));
  stream.next_in = const_cast<unsigned char*>(content.data());
  stream.avail_in = static_cast<uInt>(content.size());
  stream.next_out = data.data();
  stream.avail_out = static_cast<uInt>(data.size());
  REQUIRE(deflate(&stream, Z_FINISH) == Z_STREAM_END);
  data.resize(stream.total_out);
  deflateEnd(&stream);
  return data;
}

std::uint32_t zlib_crc(const std::vector<unsigned char>& content) {
  return static_cast<std::uint32_t>(crc32(0, content.data(), static_cast<uInt>(content.size())));
}

// All of `data` through `inflater`, `piece` bytes at a time.
std::vector<unsigned char> inflate_all(ZipEntryInflater& inflater,
                                       const std::vector<unsigned char>& data, std::size_t piece) {
  std::vector<unsigned char> content;
  for (std::size_t at = 0; at < data.size(); at += piece) {
    inflater.take(data.data() + at, std::min(piece, data.size() - at));
    for (auto out = inflater.next(); !out.empty(); out = inflater.next()) {
      content.insert(content.end(), out.begin(), out.end());
    }
  }
  return content;
}

}  // namespace

TEST_CASE("zip entry inflater: zlib's deflate inflates back, with zlib's CRC, in any pieces",
          "[daemon][anki]") {
  const std::vector<unsigned char> content = sample_content(700'000);
  const std::vector<unsigned char> data = raw_deflate(content);
  REQUIRE(data.size() < content.size() / 2);
  for (const std::size_t piece :
       {std::size_t{1} << 16, std::size_t{1}, std::size_t{4093}, data.size()}) {
    INFO("pieces of " << piece << " bytes");
    ZipEntryInflater inflater(true);
    CHECK(inflate_all(inflater, data, piece) == content);
    CHECK(inflater.crc() == zlib_crc(content));
  }
}

TEST_CASE("zip entry inflater: what follows the deflate stream's end is not content",
          "[daemon][anki]") {
  const std::vector<unsigned char> content = sample_content(5'000);
  std::vector<unsigned char> data = raw_deflate(content);
  data.insert(data.end(), 100, 0xff);
  ZipEntryInflater inflater(true);
  CHECK(inflate_all(inflater, data, 64) == content);
  CHECK(inflater.crc() == zlib_crc(content));
}

TEST_CASE("zip entry inflater: data that is not deflate is refused", "[daemon][anki]") {
  // Block type 3 does not exist.
  const std::vector<unsigned char> data{0x07, 0x00, 0x00, 0x00};
  ZipEntryInflater inflater(true);
  inflater.take(data.data(), data.size());
  CHECK_THROWS_AS(inflater.next(), InvalidDeflateData);
}

TEST_CASE("zip entry inflater: a stored entry's data is its content, with its CRC",
          "[daemon][anki]") {
  const std::vector<unsigned char> content = sample_content(100'000);
  ZipEntryInflater inflater(false);
  CHECK(inflate_all(inflater, content, 777) == content);
  CHECK(inflater.crc() == zlib_crc(content));
}
