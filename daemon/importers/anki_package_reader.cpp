// minizip reads the archive through a duplicate of the passed descriptor, by pread (zlib's
// minizip, not libzip: libzip loads libcrypto for the encryption kioku never reads, 1.4 MiB of
// every kiokud's memory; docs/decisions.md, "Session 34"). zstd (Anki's own compression inside
// stored entries, version 3) is streamed, never decoded in one call, since a frame need not say
// its size (anki-formats.md 1.3).
#include "daemon/importers/anki_package_reader.hpp"

#include <minizip/unzip.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <unordered_map>
#include <vector>

#include "core/error.hpp"
#include "core/fnv1a.hpp"

namespace kioku::daemon {

namespace {

// minizip's file, read by pread from a descriptor the reader owns.
struct DescriptorFile {
  int descriptor = -1;
  std::uint64_t offset = 0;
  int last_error = 0;  // errno of the last failed call, for the message
};

voidpf open_descriptor(voidpf, const void* file, int) {
  return const_cast<void*>(file);
}

uLong read_descriptor(voidpf, voidpf stream, void* buffer, uLong size) {
  auto* file = static_cast<DescriptorFile*>(stream);
  while (true) {
    const ssize_t got = ::pread(file->descriptor, buffer, size, static_cast<off_t>(file->offset));
    if (got >= 0) {
      file->offset += static_cast<std::uint64_t>(got);
      return static_cast<uLong>(got);
    }
    if (errno != EINTR) {
      file->last_error = errno;
      return 0;
    }
  }
}

uLong write_nothing(voidpf, voidpf, const void*, uLong) {
  return 0;
}

ZPOS64_T tell_descriptor(voidpf, voidpf stream) {
  return static_cast<DescriptorFile*>(stream)->offset;
}

long seek_descriptor(voidpf, voidpf stream, ZPOS64_T offset, int origin) {
  auto* file = static_cast<DescriptorFile*>(stream);
  std::uint64_t from = 0;
  if (origin == ZLIB_FILEFUNC_SEEK_CUR) {
    from = file->offset;
  } else if (origin == ZLIB_FILEFUNC_SEEK_END) {
    struct stat info {};
    if (::fstat(file->descriptor, &info) != 0) {
      file->last_error = errno;
      return -1;
    }
    from = static_cast<std::uint64_t>(info.st_size);
  }
  file->offset = from + offset;
  return 0;
}

int close_nothing(voidpf, voidpf) {
  return 0;
}

int descriptor_error(voidpf, voidpf stream) {
  return static_cast<DescriptorFile*>(stream)->last_error;
}

}  // namespace

struct AnkiPackageReader::Zip {
  struct Entry {
    std::string name;
    unz64_file_pos position{};
    std::uint64_t compressed_size = 0;
    std::uint64_t size = 0;
    unsigned long method = 0;
    unsigned long flags = 0;
  };

  DescriptorFile file;
  unzFile archive = nullptr;
  std::vector<Entry> entries;
  std::unordered_map<std::string, std::size_t> index_by_name;

  ~Zip() {
    if (archive != nullptr) unzClose(archive);
    if (file.descriptor >= 0) ::close(file.descriptor);
  }
};

namespace {

constexpr std::uint64_t kMaxMetaBytes = 1u << 10;
constexpr std::uint64_t kMaxMediaMapBytes = 64u << 20;
constexpr unsigned long kEncryptedFlag = 1;  // general purpose bit 0
constexpr unsigned long kStored = 0;
constexpr unsigned long kDeflated = 8;

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

// What a minizip result says, in words.
std::string zip_problem(int result, const DescriptorFile& file) {
  switch (result) {
    case UNZ_ERRNO:
      return file.last_error != 0 ? std::strerror(file.last_error) : "cut short";
    case UNZ_BADZIPFILE:
      return "its headers do not agree";
    case UNZ_CRCERROR:
      return "its CRC does not match";
    case Z_DATA_ERROR:
      return "its deflated data is invalid";
    case Z_BUF_ERROR:
      return "its deflated data is cut short";
    case Z_MEM_ERROR:
      return "out of memory";
    default:
      return "error " + std::to_string(result);
  }
}

}  // namespace

AnkiPackageReader::AnkiPackageReader(int descriptor, std::string name)
    : name_(std::move(name)), zip_(std::make_unique<Zip>()) {
  struct stat info {};
  if (::fstat(descriptor, &info) != 0) fail(std::string("cannot read it: ") + std::strerror(errno));
  if (info.st_size == 0) fail("the file is empty, not an Anki package");
  zip_->file.descriptor = ::dup(descriptor);
  if (zip_->file.descriptor < 0) fail(std::string("cannot read it: ") + std::strerror(errno));
  zlib_filefunc64_def functions{};
  functions.zopen64_file = open_descriptor;
  functions.zread_file = read_descriptor;
  functions.zwrite_file = write_nothing;
  functions.ztell64_file = tell_descriptor;
  functions.zseek64_file = seek_descriptor;
  functions.zclose_file = close_nothing;
  functions.zerror_file = descriptor_error;
  zip_->archive = unzOpen2_64(&zip_->file, &functions);
  if (zip_->archive == nullptr) {
    if (zip_->file.last_error != 0) {
      fail(std::string("cannot read it: ") + std::strerror(zip_->file.last_error));
    }
    // A zip's first entry with no directory at the end: cut short in a download or a copy.
    char start[4] = {};
    if (::pread(descriptor, start, sizeof start, 0) == 4 && std::memcmp(start, "PK\3\4", 4) == 0) {
      fail("a damaged or truncated zip archive (its central directory is missing)");
    }
    fail("not a zip archive, so not an Anki package");
  }
  // The directory, and the limits from what its entries declare, before anything is expanded.
  std::vector<char> name_buffer(1u << 16);
  std::uint64_t declared = 0;
  for (int result = unzGoToFirstFile(zip_->archive); result != UNZ_END_OF_LIST_OF_FILE;
       result = unzGoToNextFile(zip_->archive)) {
    if (result != UNZ_OK) {
      fail("a damaged zip archive (its central directory: " + zip_problem(result, zip_->file) +
           ")");
    }
    unz_file_info64 entry_info{};
    result = unzGetCurrentFileInfo64(zip_->archive, &entry_info, name_buffer.data(),
                                     name_buffer.size(), nullptr, 0, nullptr, 0);
    Zip::Entry entry;
    if (result == UNZ_OK) result = unzGetFilePos64(zip_->archive, &entry.position);
    if (result != UNZ_OK) {
      fail("a damaged zip archive (its central directory: " + zip_problem(result, zip_->file) +
           ")");
    }
    entry.name.assign(name_buffer.data(),
                      std::min<std::size_t>(entry_info.size_filename, name_buffer.size()));
    entry.compressed_size = entry_info.compressed_size;
    entry.size = entry_info.uncompressed_size;
    entry.method = entry_info.compression_method;
    entry.flags = entry_info.flag;
    if (entry.size > kMaxAnkiPackageBytes - declared) {
      fail("its entries would expand past " + std::to_string(kMaxAnkiPackageBytes >> 30) +
           " GiB; kioku does not import a package that large");
    }
    declared += entry.size;
    // size > ratio * compressed + slack, without the product (a header may say 2^63 bytes).
    if (entry.size > kAnkiEntryRatioSlack &&
        (entry.size - kAnkiEntryRatioSlack - 1) / kMaxAnkiEntryRatio >= entry.compressed_size) {
      fail("entry \"" + entry.name + "\" would expand " +
           std::to_string(entry.size / (entry.compressed_size == 0 ? 1 : entry.compressed_size)) +
           " times its size (a zip bomb?); kioku refuses more than " +
           std::to_string(kMaxAnkiEntryRatio) + " times");
    }
    // Readers differ on which of two entries of one name they take (Python's the last,
    // libzip's check refused the zip): a package that has them is not read at all.
    if (!zip_->index_by_name.emplace(entry.name, zip_->entries.size()).second) {
      fail("a damaged zip archive (it has two entries named \"" + entry.name + "\")");
    }
    zip_->entries.push_back(std::move(entry));
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
  const auto found = zip_->index_by_name.find(entry);
  return found == zip_->index_by_name.end() ? -1 : static_cast<std::int64_t>(found->second);
}

template <typename Sink>
std::uint64_t AnkiPackageReader::stream(std::int64_t index, bool zstd, Sink&& sink) {
  Zip::Entry& zip_entry = zip_->entries[static_cast<std::size_t>(index)];
  const std::string& entry = zip_entry.name;
  if ((zip_entry.flags & kEncryptedFlag) != 0) {
    fail("entry \"" + entry + "\" is encrypted; an Anki package never is");
  }
  if (zip_entry.method != kStored && zip_entry.method != kDeflated) {
    fail("entry \"" + entry + "\" is compressed with zip method " +
         std::to_string(zip_entry.method) +
         ", which kioku does not read (Anki writes stored and deflated entries)");
  }
  int opened = unzGoToFilePos64(zip_->archive, &zip_entry.position);
  if (opened == UNZ_OK) opened = unzOpenCurrentFile(zip_->archive);
  if (opened != UNZ_OK) {
    fail("entry \"" + entry + "\" cannot be read (" + zip_problem(opened, zip_->file) + ")");
  }
  struct Closer {
    unzFile archive;
    ZSTD_DStream* zstd = nullptr;
    bool open = true;
    ~Closer() {
      if (open) unzCloseCurrentFile(archive);
      if (zstd != nullptr) ZSTD_freeDStream(zstd);
    }
  } closer{zip_->archive};
  // The same limit on what zstd gives as on what the zip declares.
  const std::uint64_t most_out = kMaxAnkiEntryRatio * zip_entry.size + kAnkiEntryRatioSlack;
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
    const int got = unzReadCurrentFile(zip_->archive, in.data(), static_cast<unsigned>(in.size()));
    if (got < 0) {
      fail("entry \"" + entry + "\" is damaged (" + zip_problem(got, zip_->file) + ")");
    }
    if (got == 0) break;
    read += static_cast<std::uint64_t>(got);
    if (read > zip_entry.size) fail("entry \"" + entry + "\" holds more than it declares");
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
  // minizip checks the CRC only of an entry read to its declared end.
  if (read != zip_entry.size) {
    fail("entry \"" + entry + "\" is cut short (" + std::to_string(read) + " of its " +
         std::to_string(zip_entry.size) + " bytes)");
  }
  closer.open = false;
  const int closed = unzCloseCurrentFile(zip_->archive);
  if (closed != UNZ_OK) {
    fail("entry \"" + entry + "\" is damaged (" + zip_problem(closed, zip_->file) + ")");
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
