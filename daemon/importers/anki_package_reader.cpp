// libzip reads the archive through a duplicate of the passed descriptor; zstd (Anki's own
// compression inside stored entries, version 3) is streamed, never decoded in one call, since a
// frame need not say its size (anki-formats.md 1.3).
#include "daemon/importers/anki_package_reader.hpp"

#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "core/error.hpp"
#include "core/fnv1a.hpp"

namespace kioku::daemon {

struct AnkiPackageReader::Zip {
  zip_t* archive = nullptr;
  ~Zip() {
    if (archive != nullptr) zip_discard(archive);
  }
};

namespace {

constexpr std::uint64_t kMaxMetaBytes = 1u << 10;
constexpr std::uint64_t kMaxMediaMapBytes = 64u << 20;

void write_all(int out, const char* data, std::size_t size, const std::string& name) {
  while (size > 0) {
    const ssize_t wrote = ::write(out, data, size);
    if (wrote < 0) {
      if (errno == EINTR) continue;
      throw Error(ErrorCode::kStorage,
                  name + ": cannot write what it holds: " + std::strerror(errno));
    }
    data += wrote;
    size -= static_cast<std::size_t>(wrote);
  }
}

}  // namespace

AnkiPackageReader::AnkiPackageReader(int descriptor, std::string name)
    : name_(std::move(name)), zip_(std::make_unique<Zip>()) {
  struct stat info {};
  if (::fstat(descriptor, &info) != 0) fail(std::string("cannot read it: ") + std::strerror(errno));
  if (info.st_size == 0) fail("the file is empty, not an Anki package");
  const int copy = ::dup(descriptor);
  if (copy < 0) fail(std::string("cannot read it: ") + std::strerror(errno));
  int error = 0;
  zip_->archive = zip_fdopen(copy, ZIP_CHECKCONS | ZIP_RDONLY, &error);
  if (zip_->archive == nullptr) {
    ::close(copy);
    zip_error_t reason;
    zip_error_init_with_code(&reason, error);
    const std::string why = zip_error_strerror(&reason);
    zip_error_fini(&reason);
    if (error != ZIP_ER_NOZIP) fail("a damaged zip archive (" + why + ")");
    // A zip's first entry with no directory at the end: cut short in a download or a copy.
    char start[4] = {};
    if (::pread(descriptor, start, sizeof start, 0) == 4 && std::memcmp(start, "PK\3\4", 4) == 0) {
      fail("a damaged or truncated zip archive (its central directory is missing)");
    }
    fail("not a zip archive, so not an Anki package");
  }
  // The limits, from what the entries declare, before anything is expanded.
  const zip_int64_t count = zip_get_num_entries(zip_->archive, 0);
  std::uint64_t declared = 0;
  for (zip_int64_t index = 0; index < count; ++index) {
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_stat_index(zip_->archive, static_cast<zip_uint64_t>(index), 0, &stat) != 0) {
      fail(std::string("a damaged zip archive (") + zip_strerror(zip_->archive) + ")");
    }
    if (stat.size > kMaxAnkiPackageBytes - declared) {
      fail("its entries would expand past " + std::to_string(kMaxAnkiPackageBytes >> 30) +
           " GiB; kioku does not import a package that large");
    }
    declared += stat.size;
    if (stat.size > kMaxAnkiEntryRatio * stat.comp_size + kAnkiEntryRatioSlack) {
      fail("entry \"" + std::string(stat.name == nullptr ? "" : stat.name) + "\" would expand " +
           std::to_string(stat.size / (stat.comp_size == 0 ? 1 : stat.comp_size)) +
           " times its size (a zip bomb?); kioku refuses more than " +
           std::to_string(kMaxAnkiEntryRatio) + " times");
    }
  }
  const std::int64_t meta = index_of("meta");
  if (meta >= 0) {
    const std::string bytes = read_small(meta, kMaxMetaBytes);
    try {
      version_ = anki_package_version(bytes);
    } catch (const AnkiPackageError& problem) {
      fail(problem.what());
    }
    const auto entry = anki_collection_entry(version_);
    if (!entry) {
      fail("its meta says package version " + std::to_string(version_) +
           ", which kioku does not know (it reads 1, 2 and 3); it was made by a newer Anki");
    }
    collection_entry_ = std::string(*entry);
  } else {
    version_ = index_of("collection.anki21") >= 0 ? 2 : 1;
    collection_entry_ = std::string(*anki_collection_entry(version_));
  }
  if (index_of(collection_entry_) < 0) {
    fail("it has no " + collection_entry_ + ", the collection its version " +
         std::to_string(version_) + " needs");
  }
}

AnkiPackageReader::~AnkiPackageReader() = default;

void AnkiPackageReader::fail(const std::string& problem) const {
  throw InputError(name_, 0, "", problem);
}

std::int64_t AnkiPackageReader::index_of(const std::string& entry) const {
  return zip_name_locate(zip_->archive, entry.c_str(), ZIP_FL_ENC_RAW);
}

template <typename Sink>
std::uint64_t AnkiPackageReader::stream(std::int64_t index, bool zstd, Sink&& sink) {
  zip_stat_t stat;
  zip_stat_init(&stat);
  zip_stat_index(zip_->archive, static_cast<zip_uint64_t>(index), 0, &stat);
  const std::string entry = stat.name != nullptr ? stat.name : "?";
  zip_file_t* file = zip_fopen_index(zip_->archive, static_cast<zip_uint64_t>(index), 0);
  if (file == nullptr) {
    fail("entry \"" + entry + "\" cannot be read (" + zip_strerror(zip_->archive) + ")");
  }
  struct Closer {
    zip_file_t* file;
    ZSTD_DStream* zstd = nullptr;
    ~Closer() {
      zip_fclose(file);
      if (zstd != nullptr) ZSTD_freeDStream(zstd);
    }
  } closer{file};
  // The same limit on what zstd gives as on what the zip declares.
  const std::uint64_t most_out = kMaxAnkiEntryRatio * stat.size + kAnkiEntryRatioSlack;
  if (zstd) {
    closer.zstd = ZSTD_createDStream();
    if (closer.zstd == nullptr) throw Error(ErrorCode::kInternal, "zstd: out of memory");
    ZSTD_initDStream(closer.zstd);
  }
  std::vector<char> in(1 << 16);
  std::vector<char> out(zstd ? ZSTD_DStreamOutSize() : 0);
  std::uint64_t given = 0;
  std::uint64_t read = 0;
  std::size_t last_result = 0;
  const auto give = [&](const char* data, std::size_t size) {
    given += size;
    expanded_ += size;
    if (expanded_ > kMaxAnkiPackageBytes) {
      fail("it expands past " + std::to_string(kMaxAnkiPackageBytes >> 30) + " GiB");
    }
    if (zstd && given > most_out) {
      fail("entry \"" + entry + "\" expands more than " + std::to_string(kMaxAnkiEntryRatio) +
           " times its size (a zstd bomb?)");
    }
    sink(data, size);
  };
  while (true) {
    const zip_int64_t got = zip_fread(file, in.data(), in.size());
    if (got < 0) {
      fail("entry \"" + entry + "\" is damaged (" + zip_file_strerror(file) + ")");
    }
    if (got == 0) break;
    read += static_cast<std::uint64_t>(got);
    if (read > stat.size) fail("entry \"" + entry + "\" holds more than it declares");
    if (!zstd) {
      give(in.data(), static_cast<std::size_t>(got));
      continue;
    }
    ZSTD_inBuffer input{in.data(), static_cast<std::size_t>(got), 0};
    while (input.pos < input.size) {
      ZSTD_outBuffer output{out.data(), out.size(), 0};
      last_result = ZSTD_decompressStream(closer.zstd, &output, &input);
      if (ZSTD_isError(last_result)) {
        fail("entry \"" + entry + "\" is not valid zstd (" + ZSTD_getErrorName(last_result) + ")");
      }
      give(out.data(), output.pos);
    }
  }
  if (zstd) {
    // Flush what zstd still holds once the input is all in.
    while (last_result != 0) {
      ZSTD_inBuffer input{nullptr, 0, 0};
      ZSTD_outBuffer output{out.data(), out.size(), 0};
      last_result = ZSTD_decompressStream(closer.zstd, &output, &input);
      if (ZSTD_isError(last_result)) {
        fail("entry \"" + entry + "\" is not valid zstd (" + ZSTD_getErrorName(last_result) + ")");
      }
      if (output.pos == 0) {
        fail("entry \"" + entry + "\" is cut short (its zstd frame does not end)");
      }
      give(out.data(), output.pos);
    }
  }
  return given;
}

std::string AnkiPackageReader::read_small(std::int64_t index, std::uint64_t most) {
  std::string bytes;
  stream(index, false, [&](const char* data, std::size_t size) {
    if (bytes.size() + size > most) fail("its meta or media map is too large");
    bytes.append(data, size);
  });
  return bytes;
}

void AnkiPackageReader::extract_collection(int out) {
  stream(index_of(collection_entry_), version_ >= 3,
         [&](const char* data, std::size_t size) { write_all(out, data, size, name_); });
}

std::vector<AnkiMediaEntry> AnkiPackageReader::media() {
  const std::int64_t index = index_of("media");
  if (index < 0) return {};  // old AnkiDroid packages have none: Anki reads that as {}
  std::vector<AnkiMediaEntry> entries;
  try {
    if (version_ >= 3) {
      std::string bytes;
      stream(index, true, [&](const char* data, std::size_t size) {
        if (bytes.size() + size > kMaxMediaMapBytes) fail("its media map is too large");
        bytes.append(data, size);
      });
      entries = parse_anki_protobuf_media_map(bytes);
    } else {
      entries = parse_anki_json_media_map(read_small(index, kMaxMediaMapBytes));
    }
  } catch (const AnkiPackageError& problem) {
    fail(problem.what());
  }
  for (const AnkiMediaEntry& entry : entries) {
    const std::string problem = anki_media_name_problem(entry.name);
    if (!problem.empty()) {
      fail("its media map names \"" + entry.name + "\" (entry " + entry.entry + "): " + problem +
           "; kioku writes media only as one file name inside its media folder");
    }
    if (index_of(entry.entry) < 0) {
      fail("its media map names \"" + entry.name + "\" in entry " + entry.entry +
           ", which the package does not have");
    }
  }
  return entries;
}

AnkiPackageReader::Written AnkiPackageReader::extract_media(const AnkiMediaEntry& entry, int out) {
  Written written;
  written.hash = kFnv1aStart;
  written.size =
      stream(index_of(entry.entry), version_ >= 3, [&](const char* data, std::size_t size) {
        written.hash = fnv1a_64(std::string_view(data, size), written.hash);
        write_all(out, data, size, name_);
      });
  if (entry.size && *entry.size != written.size) {
    fail("media \"" + entry.name + "\" has " + std::to_string(written.size) +
         " bytes where its map says " + std::to_string(*entry.size));
  }
  return written;
}

}  // namespace kioku::daemon
