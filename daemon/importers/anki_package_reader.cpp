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

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/error.hpp"
#include "core/fnv1a.hpp"
#include "protocol/unique_fd.hpp"

namespace kioku::daemon {

namespace {

// minizip's file, read by pread from a descriptor the reader owns, through a buffer: minizip
// reads every header field a byte at a time (its own stdio functions hid that behind stdio's
// buffer), 93 reads a directory entry, and a crafted directory of 5.7 MB took 6.7 s unbuffered.
struct DescriptorFile {
  static constexpr std::size_t kBufferBytes = 1 << 16;

  protocol::UniqueFd descriptor;
  std::uint64_t offset = 0;
  int last_error = 0;  // errno of the last failed read, for the message; 0 after a good one
  std::vector<char> buffer = std::vector<char>(kBufferBytes);
  std::uint64_t buffer_offset = 0;  // where in the file buffer[0] is
  std::size_t buffered = 0;         // bytes of the buffer that hold the file

  // Up to `size` bytes at `at`, by pread; the byte count, or -1 with errno.
  ssize_t read_at(char* into, std::size_t size, std::uint64_t at) const {
    while (true) {
      const ssize_t got = ::pread(descriptor.get(), into, size, static_cast<off_t>(at));
      if (got >= 0 || errno != EINTR) return got;
    }
  }
};

voidpf open_descriptor(voidpf, const void* file, int) {
  return const_cast<void*>(file);
}

uLong read_descriptor(voidpf, voidpf stream, void* into, uLong size) {
  auto* file = static_cast<DescriptorFile*>(stream);
  auto* out = static_cast<char*>(into);
  std::size_t given = 0;
  while (given < size) {
    const std::uint64_t at = file->offset;
    if (at >= file->buffer_offset && at - file->buffer_offset < file->buffered) {
      const std::size_t from = static_cast<std::size_t>(at - file->buffer_offset);
      const std::size_t part = std::min<std::size_t>(size - given, file->buffered - from);
      std::memcpy(out + given, file->buffer.data() + from, part);
      given += part;
      file->offset += part;
      continue;
    }
    // A large read (an entry's data) goes straight to its place; a small one fills the buffer.
    const bool direct = size - given >= DescriptorFile::kBufferBytes;
    const ssize_t got = direct ? file->read_at(out + given, size - given, at)
                               : file->read_at(file->buffer.data(), file->buffer.size(), at);
    if (got < 0) {
      file->last_error = errno;
      break;
    }
    file->last_error = 0;
    if (got == 0) break;  // the file's end
    if (direct) {
      given += static_cast<std::size_t>(got);
      file->offset += static_cast<std::uint64_t>(got);
    } else {
      file->buffer_offset = at;
      file->buffered = static_cast<std::size_t>(got);
    }
  }
  return static_cast<uLong>(given);
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
    if (::fstat(file->descriptor.get(), &info) != 0) {
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
  std::deque<Entry> entries;  // a deque: the names the index views never move
  std::unordered_map<std::string_view, std::size_t> index_by_name;
  std::uint64_t directory_start = 0;  // where the central directory begins

  ~Zip() {
    if (archive != nullptr) unzClose(archive);
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
  zip_->file.descriptor = protocol::UniqueFd(::dup(descriptor));
  if (!zip_->file.descriptor) fail(std::string("cannot read it: ") + std::strerror(errno));
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
    const bool read_start = ::pread(descriptor, start, sizeof start, 0) == 4;
    if (read_start && std::memcmp(start, "PK\3\4", 4) == 0) {
      fail("a damaged or truncated zip archive (its central directory is missing)");
    }
    // minizip takes a directory at the file's start for none: a zip with no entry at all.
    if (read_start && std::memcmp(start, "PK\5\6", 4) == 0) {
      fail("an empty zip archive: it holds no Anki collection");
    }
    fail("not a zip archive, so not an Anki package");
  }
  // The directory, and the limits from what its entries declare, before anything is expanded.
  unz_global_info64 global{};
  if (unzGetGlobalInfo64(zip_->archive, &global) != UNZ_OK) fail("a damaged zip archive");
  std::vector<char> name_buffer(1u << 16);
  std::uint64_t declared = 0;
  std::uint64_t next_record = 0;  // where the record after the last entry read begins
  for (int result = unzGoToFirstFile(zip_->archive); result != UNZ_END_OF_LIST_OF_FILE;
       result = unzGoToNextFile(zip_->archive)) {
    if (result != UNZ_OK) {
      if (at_directory_end(global.number_entry, next_record)) break;
      fail("a damaged zip archive (its central directory: " + zip_problem(result, zip_->file) +
           ")");
    }
    if (zip_->entries.size() >= kMaxAnkiPackageEntries) {
      fail("it has more than " + std::to_string(kMaxAnkiPackageEntries) +
           " entries; kioku does not import a package that large");
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
    if (zip_->entries.empty()) zip_->directory_start = entry.position.pos_in_zip_directory;
    // A directory record: 46 bytes, then its name, extra field and comment.
    next_record = entry.position.pos_in_zip_directory + 46 + entry_info.size_filename +
                  entry_info.size_file_extra + entry_info.size_file_comment;
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
    const Zip::Entry& kept = zip_->entries.emplace_back(std::move(entry));
    if (!zip_->index_by_name.emplace(kept.name, zip_->entries.size() - 1).second) {
      fail("a damaged zip archive (it has two entries named \"" + kept.name + "\")");
    }
  }
  // minizip gives the directory's place as the zip says it, and an entry's data as it is in
  // the file: with other bytes before the zip (a self-extracting archive) the two differ, and
  // the checks above and in stream() would compare them. No Anki package has such bytes.
  char signature[4] = {};
  if (!zip_->entries.empty() &&
      (zip_->file.read_at(signature, sizeof signature, zip_->directory_start) != 4 ||
       std::memcmp(signature, "PK\1\2", 4) != 0)) {
    fail(
        "a zip with other bytes before it (a self-extracting archive?), which no Anki package "
        "is");
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

bool AnkiPackageReader::at_directory_end(std::uint64_t declared_entries,
                                         std::uint64_t next_record) const {
  // A zip of 65,535 entries or more without zip64's records says 65,535 (0xffff), and minizip
  // then reads records until one is not an entry's, which it calls a bad zip. Past 65,535
  // entries, an end record where the next entry's would be is the directory's end.
  if (declared_entries != 0xffff || zip_->entries.size() < 0xffff) return false;
  char signature[4] = {};
  return zip_->file.read_at(signature, sizeof signature, next_record) == 4 &&
         (std::memcmp(signature, "PK\5\6", 4) == 0 || std::memcmp(signature, "PK\6\6", 4) == 0);
}

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
  // minizip stops at the size an entry declares, but reads its compressed bytes wherever the
  // header says they end: a size that claims bytes the entry does not have (running over the
  // directory, or past the file's end) would pass the ratio's check with bytes it lacks.
  const std::uint64_t data_start = unzGetCurrentFileZStreamPos64(zip_->archive);
  if (data_start > zip_->directory_start ||
      zip_entry.compressed_size > zip_->directory_start - data_start) {
    unzCloseCurrentFile(zip_->archive);
    fail("a damaged zip archive (entry \"" + entry +
         "\" says its data runs past the start of the central directory)");
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
