// The zip under an Anki package: what the reader refuses in an entry's headers and bytes, each
// with a message naming the entry (daemon/importers/anki_package_reader.cpp, over minizip).
#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "daemon/importers/anki_package_reader.hpp"
#include "tests/support/temp_home.hpp"
#include "tests/support/zip_files.hpp"

using namespace kioku;
using namespace kioku::daemon;
using namespace kioku::test;

namespace {

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// Little-endian fields of the one entry's local header (`PK\3\4`) and central header (`PK\1\2`).
struct EntryHeaders {
  std::string& bytes;
  std::size_t local = bytes.find(std::string("PK\x03\x04", 4));
  std::size_t central = bytes.find(std::string("PK\x01\x02", 4));

  void put(std::size_t at, std::uint32_t value, int width) {
    for (int i = 0; i < width; ++i) bytes[at + i] = static_cast<char>((value >> (8 * i)) & 0xff);
  }
  // A field both headers hold, at `local_at` in the local one and `central_at` in the other.
  void set(std::size_t local_at, std::size_t central_at, std::uint32_t value, int width) {
    put(local + local_at, value, width);
    put(central + central_at, value, width);
  }
  void set_flags(std::uint16_t flags) { set(6, 8, flags, 2); }
  void set_method(std::uint16_t method) { set(8, 10, method, 2); }
  void set_compressed_size(std::uint32_t size) { set(18, 20, size, 4); }
  void set_size(std::uint32_t size) { set(22, 24, size, 4); }
  std::size_t data() const {
    const auto field = [&](std::size_t at) {
      return static_cast<unsigned char>(bytes[at]) | static_cast<unsigned char>(bytes[at + 1]) << 8;
    };
    return local + 30 + field(local + 26) + field(local + 28);
  }
};

// The collection entry of the package at `path`, extracted (then its media map read, when
// `with_media`); throws what the reader throws.
std::string extract(const std::string& path, const std::string& directory,
                    bool with_media = false) {
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  REQUIRE(descriptor >= 0);
  struct Closer {
    int descriptor;
    ~Closer() { ::close(descriptor); }
  } closer{descriptor};
  AnkiPackageReader reader(descriptor, path);
  const std::string out_path = directory + "/collection";
  const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  REQUIRE(out >= 0);
  try {
    reader.extract_collection(out);
    if (with_media) reader.media();
  } catch (...) {
    ::close(out);
    throw;
  }
  ::close(out);
  return bytes_of(out_path);
}

}  // namespace

TEST_CASE("anki package zip: an entry read whole, stored or deflated", "[anki-package]") {
  TempHome home;
  const std::string path = home.root() + "/plain.apkg";
  const std::string content = "SQLite format 3" + std::string(5000, 'k');
  for (const ZipMethod method : {ZipMethod::kStored, ZipMethod::kDeflated}) {
    write_zip(path, {{"collection.anki2", content}}, method);
    CHECK(extract(path, home.root()) == content);
  }
}

TEST_CASE("anki package zip: two entries of one name are refused, whichever is read",
          "[anki-package]") {
  TempHome home;
  const std::string path = home.root() + "/twice.apkg";
  write_zip(path, {{"collection.anki2", "first"}, {"media", "{}"}, {"collection.anki2", "second"}});
  CHECK_THROWS_WITH(extract(path, home.root()),
                    Catch::Matchers::Contains(
                        "a damaged zip archive (it has two entries named \"collection.anki2\")"));
}

TEST_CASE("anki package zip: what an entry's headers or bytes get wrong is refused by name",
          "[anki-package]") {
  TempHome home;
  const std::string path = home.root() + "/bad.apkg";
  const std::string content(5000, 'k');
  const auto refused = [&](ZipMethod method, auto&& damage, const std::string& problem) {
    write_zip(path, {{"collection.anki2", content}}, method);
    std::string bytes = bytes_of(path);
    EntryHeaders headers{bytes};
    REQUIRE(headers.local != std::string::npos);
    REQUIRE(headers.central != std::string::npos);
    damage(headers);
    write_bytes(path, bytes);
    CHECK_THROWS_WITH(extract(path, home.root()),
                      Catch::Matchers::Contains("entry \"collection.anki2\" " + problem));
  };
  SECTION("encrypted") {
    refused(
        ZipMethod::kStored, [](EntryHeaders& headers) { headers.set_flags(1); },
        "is encrypted; an Anki package never is");
  }
  SECTION("a compression method kioku does not read (bzip2)") {
    refused(
        ZipMethod::kStored, [](EntryHeaders& headers) { headers.set_method(12); },
        "is compressed with zip method 12, which kioku does not read");
  }
  SECTION("a byte changed in a stored entry") {
    refused(
        ZipMethod::kStored, [](EntryHeaders& headers) { headers.bytes[headers.data() + 10] = 'j'; },
        "is damaged (its CRC does not match)");
  }
  SECTION("a deflated entry that ends before the size it declares") {
    refused(
        ZipMethod::kDeflated, [&](EntryHeaders& headers) { headers.set_size(6000); },
        "is cut short (5000 of its 6000 bytes)");
  }
  SECTION("a compressed size that runs over the central directory") {
    // 5,000 bytes in some 20 deflated, said to be 4,000: the ratio's check would pass with
    // bytes the entry does not have (libzip's consistency check refused this; minizip reads on).
    write_zip(path, {{"collection.anki2", content}}, ZipMethod::kDeflated);
    std::string bytes = bytes_of(path);
    EntryHeaders headers{bytes};
    headers.set_compressed_size(4000);
    write_bytes(path, bytes);
    CHECK_THROWS_WITH(extract(path, home.root()),
                      Catch::Matchers::Contains("a damaged zip archive (entry \"collection.anki2\" "
                                                "says its data runs past the start of the central "
                                                "directory)"));
  }
  SECTION("deflated bytes that are not deflate") {
    refused(
        ZipMethod::kDeflated,
        [](EntryHeaders& headers) {
          for (int i = 0; i < 4; ++i) headers.bytes[headers.data() + i] = '\xff';
        },
        "is damaged (its deflated data is invalid)");
  }
}

TEST_CASE("anki package zip: a zip with bytes before it is refused, saying so", "[anki-package]") {
  // minizip reads such a zip (as unzip does), but gives the directory's place without the bytes
  // and an entry's data with them: refused for what it is, not as a damaged entry.
  TempHome home;
  const std::string path = home.root() + "/stub.apkg";
  write_zip(path, {{"collection.anki2", std::string(3000, 'c')}, {"media", "{}"}});
  write_bytes(path, std::string(700, 'x') + bytes_of(path));
  CHECK_THROWS_WITH(extract(path, home.root()),
                    Catch::Matchers::Contains("a zip with other bytes before it (a "
                                              "self-extracting archive?), which no Anki package "
                                              "is"));
}

TEST_CASE("anki package zip: 65,535 entries without zip64's records are read to their end",
          "[anki-package]") {
  // Their end record says 0xffff, which minizip reads as "more may follow" and then calls the
  // end record a bad entry. Python's zipfile and minizip's own writer make such zips.
  TempHome home;
  const std::string path = home.root() + "/many.apkg";
  std::vector<std::pair<std::string, std::string>> entries{{"collection.anki2", "the one"}};
  for (int i = 1; i < 0xffff; ++i) entries.emplace_back("x" + std::to_string(i), "");
  write_zip(path, entries, ZipMethod::kStored);
  CHECK(extract(path, home.root()) == "the one");
}

TEST_CASE("anki package zip: a zip with no entry, and one with too many, are refused",
          "[anki-package]") {
  TempHome home;
  const std::string path = home.root() + "/odd.apkg";
  SECTION("no entry") {
    write_zip(path, {});
    CHECK_THROWS_WITH(
        extract(path, home.root()),
        Catch::Matchers::Contains("an empty zip archive: it holds no Anki collection"));
  }
  SECTION("more entries than kioku reads") {
    std::vector<std::pair<std::string, std::string>> entries{{"collection.anki2", "x"}};
    for (std::size_t i = 0; i < kMaxAnkiPackageEntries; ++i) {
      entries.emplace_back(std::to_string(i), "");
    }
    write_zip(path, entries, ZipMethod::kStored);
    CHECK_THROWS_WITH(extract(path, home.root()),
                      Catch::Matchers::Contains("it has more than 250000 entries; kioku does not "
                                                "import a package that large"));
  }
}

TEST_CASE("anki package zip: what is refused is said in English and in Japanese",
          "[anki-package]") {
  TempHome home;
  const std::string path = home.root() + "/said.apkg";
  const std::string content(5000, 'k');
  // What reading the package at `path` (its collection, then its media map) is refused with:
  // the English as it always was, and the Japanese beside it.
  const auto refused = [&](const std::string& english, const std::string& japanese) {
    try {
      extract(path, home.root(), true);
      FAIL("not refused");
    } catch (const InputError& error) {
      CHECK(std::string(error.what()) == path + ": " + english);
      CHECK(error.japanese() == path + ": " + japanese);
    }
  };
  const auto damaged = [&](ZipMethod method, auto&& damage) {
    write_zip(path, {{"collection.anki2", content}}, method);
    std::string bytes = bytes_of(path);
    EntryHeaders headers{bytes};
    damage(headers);
    write_bytes(path, bytes);
  };
  SECTION("an empty file") {
    write_bytes(path, "");
    refused("the file is empty, not an Anki package",
            "ファイルが空です。Anki のパッケージではありません");
  }
  SECTION("no zip at all") {
    write_bytes(path, "SQLite format 3");
    refused("not a zip archive, so not an Anki package",
            "zip アーカイブではないため、Anki のパッケージではありません");
  }
  SECTION("a zip with no entry") {
    write_zip(path, {});
    refused("an empty zip archive: it holds no Anki collection",
            "空の zip アーカイブです。Anki のコレクションが入っていません");
  }
  SECTION("two entries of one name") {
    write_zip(path, {{"collection.anki2", "first"}, {"collection.anki2", "second"}});
    refused(
        "a damaged zip archive (it has two entries named \"collection.anki2\")",
        "壊れた zip アーカイブです（\"collection.anki2\" という名前のエントリが 2 つあります）");
  }
  SECTION("an encrypted entry") {
    damaged(ZipMethod::kStored, [](EntryHeaders& headers) { headers.set_flags(1); });
    refused("entry \"collection.anki2\" is encrypted; an Anki package never is",
            "エントリ \"collection.anki2\" は暗号化されています。Anki "
            "のパッケージが暗号化されることはありません");
  }
  SECTION("a compression method kioku does not read") {
    damaged(ZipMethod::kStored, [](EntryHeaders& headers) { headers.set_method(12); });
    refused(
        "entry \"collection.anki2\" is compressed with zip method 12, which kioku does not read "
        "(Anki writes stored and deflated entries)",
        "エントリ \"collection.anki2\" は kioku の読めない zip の圧縮方式 12 "
        "で圧縮されています（Anki が書くのは stored と deflated のエントリです）");
  }
  SECTION("a CRC that does not match, the reason in its language") {
    damaged(ZipMethod::kStored,
            [](EntryHeaders& headers) { headers.bytes[headers.data() + 10] = 'j'; });
    refused("entry \"collection.anki2\" is damaged (its CRC does not match)",
            "エントリ \"collection.anki2\" は壊れています（CRC が一致しません）");
  }
  SECTION("an entry cut short") {
    damaged(ZipMethod::kDeflated, [](EntryHeaders& headers) { headers.set_size(6000); });
    refused("entry \"collection.anki2\" is cut short (5000 of its 6000 bytes)",
            "エントリ \"collection.anki2\" は途中で切れています（6000 バイトのうち 5000 バイト）");
  }
  SECTION("a media map that is not one of names") {
    write_zip(path, {{"collection.anki2", content}, {"media", R"({"0": 1})"}});
    refused("the media map is not a JSON object of names: expected '\"' at byte 7",
            "メディアマップが名前の JSON オブジェクトではありません（7 バイト目: '\"' "
            "がありません）");
  }
  SECTION("a media name that is a path") {
    write_zip(path, {{"collection.anki2", content}, {"media", R"({"0": "../x"})"}, {"0", "x"}});
    refused(
        "its media map names \"../x\" (entry 0): a path, not a name; kioku writes media only "
        "as one file name inside its media folder",
        "メディアマップにある \"../x\"（エントリ 0）は名前ではなくパスです。kioku "
        "はメディアをメディアフォルダーの中の 1 つのファイル名としてしか書き込みません");
  }
  SECTION("a media entry the package does not have") {
    write_zip(path, {{"collection.anki2", content}, {"media", R"({"3": "a.png"})"}});
    refused("its media map names \"a.png\" in entry 3, which the package does not have",
            "メディアマップが \"a.png\" をエントリ 3 に置いていますが、パッケージにそのエントリは"
            "ありません");
  }
}
