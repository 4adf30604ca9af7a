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
#include <optional>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/error.hpp"
#include "core/fill_in.hpp"
#include "core/fnv1a.hpp"
#include "core/system_error_reason.hpp"
#include "daemon/importers/zip_entry_inflater.hpp"
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
    std::uint32_t crc = 0;  // of its content, as the central directory gives it
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
      const int error = errno;
      if (error == EINTR) continue;
      throw Error(ErrorCode::kStorage,
                  bilingual_with("{name}: cannot write what it holds: {error}",
                                 "{name}: 中身を書き込めません: {error}", "error",
                                 system_error_reason(error), {{"name", name}}));
    }
    data += wrote;
    size -= static_cast<std::size_t>(wrote);
  }
}

// What a minizip result says, in words.
BilingualMessage zip_problem(int result, const DescriptorFile& file) {
  switch (result) {
    case UNZ_ERRNO:
      return file.last_error != 0 ? system_error_reason(file.last_error)
                                  : bilingual("cut short", "途中で切れています");
    case UNZ_BADZIPFILE:
      return bilingual("its headers do not agree", "ヘッダーが食い違っています");
    case UNZ_CRCERROR:
      return bilingual("its CRC does not match", "CRC が一致しません");
    case Z_DATA_ERROR:
      return bilingual("its deflated data is invalid", "deflate のデータが不正です");
    case Z_BUF_ERROR:
      return bilingual("its deflated data is cut short", "deflate のデータが途中で切れています");
    case Z_MEM_ERROR:
      return bilingual("out of memory", "メモリが足りません");
    default:
      return bilingual("error {result}", "エラー {result}", {{"result", std::to_string(result)}});
  }
}

// `english` and `japanese` each filled in one pass, "{reason}" with `reason` in the same
// language: a reason worded apart (zip_problem's, a media name's) inside a message.
BilingualMessage with_reason(std::string_view english, std::string_view japanese,
                             const BilingualMessage& reason, const std::string& entry = "",
                             const std::string& name = "") {
  return {fill_in(english, {{"reason", reason.english}, {"entry", entry}, {"name", name}}),
          fill_in(japanese, {{"reason", reason.japanese}, {"entry", entry}, {"name", name}})};
}

BilingualMessage cannot_read(int error) {
  return bilingual_with("cannot read it: {error}", "読み込めません: {error}", "error",
                        system_error_reason(error));
}

BilingualMessage damaged_directory(int result, const DescriptorFile& file) {
  return with_reason("a damaged zip archive (its central directory: {reason})",
                     "壊れた zip アーカイブです（中央ディレクトリ: {reason}）",
                     zip_problem(result, file));
}

BilingualMessage damaged_entry(const std::string& entry, const BilingualMessage& reason) {
  return with_reason("entry \"{entry}\" is damaged ({reason})",
                     "エントリ \"{entry}\" は壊れています（{reason}）", reason, entry);
}

BilingualMessage not_zstd(const std::string& entry, std::size_t result) {
  return bilingual("entry \"{entry}\" is not valid zstd ({error})",
                   "エントリ \"{entry}\" は正しい zstd ではありません（{error}）",
                   {{"entry", entry}, {"error", ZSTD_getErrorName(result)}});
}

}  // namespace

AnkiPackageReader::AnkiPackageReader(int descriptor, std::string name)
    : name_(std::move(name)), zip_(std::make_unique<Zip>()) {
  struct stat info {};
  if (::fstat(descriptor, &info) != 0) fail(cannot_read(errno));
  if (info.st_size == 0) {
    fail(bilingual("the file is empty, not an Anki package",
                   "ファイルが空です。Anki のパッケージではありません"));
  }
  zip_->file.descriptor = protocol::UniqueFd(::dup(descriptor));
  if (!zip_->file.descriptor) fail(cannot_read(errno));
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
      fail(cannot_read(zip_->file.last_error));
    }
    // A zip's first entry with no directory at the end: cut short in a download or a copy.
    char start[4] = {};
    const bool read_start = ::pread(descriptor, start, sizeof start, 0) == 4;
    if (read_start && std::memcmp(start, "PK\3\4", 4) == 0) {
      fail(
          bilingual("a damaged or truncated zip archive (its central directory is missing)",
                    "壊れているか途中で切れた zip アーカイブです（中央ディレクトリがありません）"));
    }
    // minizip takes a directory at the file's start for none: a zip with no entry at all.
    if (read_start && std::memcmp(start, "PK\5\6", 4) == 0) {
      fail(bilingual("an empty zip archive: it holds no Anki collection",
                     "空の zip アーカイブです。Anki のコレクションが入っていません"));
    }
    fail(bilingual("not a zip archive, so not an Anki package",
                   "zip アーカイブではないため、Anki のパッケージではありません"));
  }
  // The directory, and the limits from what its entries declare, before anything is expanded.
  unz_global_info64 global{};
  if (unzGetGlobalInfo64(zip_->archive, &global) != UNZ_OK) {
    fail(bilingual("a damaged zip archive", "壊れた zip アーカイブです"));
  }
  std::vector<char> name_buffer(1u << 16);
  std::uint64_t declared = 0;
  std::uint64_t declared_compressed = 0;
  std::uint64_t next_record = 0;  // where the record after the last entry read begins
  for (int result = unzGoToFirstFile(zip_->archive); result != UNZ_END_OF_LIST_OF_FILE;
       result = unzGoToNextFile(zip_->archive)) {
    if (result != UNZ_OK) {
      if (at_directory_end(global.number_entry, next_record)) break;
      fail(damaged_directory(result, zip_->file));
    }
    if (zip_->entries.size() >= kMaxAnkiPackageEntries) {
      fail(bilingual(
          "it has more than {count} entries; kioku does not import a package that large",
          "エントリが {count} 個を超えています。kioku はそれほど大きなパッケージを取り込みません",
          {{"count", std::to_string(kMaxAnkiPackageEntries)}}));
    }
    unz_file_info64 entry_info{};
    result = unzGetCurrentFileInfo64(zip_->archive, &entry_info, name_buffer.data(),
                                     name_buffer.size(), nullptr, 0, nullptr, 0);
    Zip::Entry entry;
    if (result == UNZ_OK) result = unzGetFilePos64(zip_->archive, &entry.position);
    if (result != UNZ_OK) fail(damaged_directory(result, zip_->file));
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
    entry.crc = static_cast<std::uint32_t>(entry_info.crc);
    if (entry.size > kMaxAnkiPackageBytes - declared) {
      fail(bilingual(
          "its entries would expand past {size} GiB; kioku does not import a package that large",
          "エントリを展開すると {size} GiB を超えます。kioku はそれほど大きなパッケージを取り込み"
          "ません",
          {{"size", std::to_string(kMaxAnkiPackageBytes >> 30)}}));
    }
    declared += entry.size;
    declared_compressed += entry.compressed_size;
    // size > ratio * compressed + slack, without the product (a header may say 2^63 bytes).
    if (entry.size > kAnkiEntryRatioSlack &&
        (entry.size - kAnkiEntryRatioSlack - 1) / kMaxAnkiEntryRatio >= entry.compressed_size) {
      fail(bilingual(
          "entry \"{entry}\" would expand {ratio} times its size (a zip bomb?); kioku refuses "
          "more than {most} times",
          "エントリ \"{entry}\" は展開すると元の {ratio} 倍の大きさになります（zip 爆弾？）。kioku "
          "は {most} 倍を超えるものを拒否します",
          {{"entry", entry.name},
           {"ratio",
            std::to_string(entry.size / (entry.compressed_size == 0 ? 1 : entry.compressed_size))},
           {"most", std::to_string(kMaxAnkiEntryRatio)}}));
    }
    // Readers differ on which of two entries of one name they take (Python's the last,
    // libzip's check refused the zip): a package that has them is not read at all.
    const Zip::Entry& kept = zip_->entries.emplace_back(std::move(entry));
    if (!zip_->index_by_name.emplace(kept.name, zip_->entries.size() - 1).second) {
      fail(bilingual("a damaged zip archive (it has two entries named \"{entry}\")",
                     "壊れた zip アーカイブです（\"{entry}\" という名前のエントリが 2 つあります）",
                     {{"entry", kept.name}}));
    }
  }
  if (declared > kAnkiPackageRatioSlack &&
      (declared - kAnkiPackageRatioSlack - 1) / kMaxAnkiEntryRatio >= declared_compressed) {
    fail(bilingual(
        "its entries would expand {ratio} times their size together (a zip bomb?); kioku refuses "
        "more than {most} times",
        "エントリを合わせると展開して元の {ratio} 倍の大きさになります（zip 爆弾？）。kioku は "
        "{most} 倍を超えるものを拒否します",
        {{"ratio", std::to_string(declared / std::max<std::uint64_t>(declared_compressed, 1))},
         {"most", std::to_string(kMaxAnkiEntryRatio)}}));
  }
  // minizip gives the directory's place as the zip says it, and an entry's data as it is in
  // the file: with other bytes before the zip (a self-extracting archive) the two differ, and
  // the checks above and in stream() would compare them. No Anki package has such bytes.
  char signature[4] = {};
  if (!zip_->entries.empty() &&
      (zip_->file.read_at(signature, sizeof signature, zip_->directory_start) != 4 ||
       std::memcmp(signature, "PK\1\2", 4) != 0)) {
    fail(bilingual(
        "a zip with other bytes before it (a self-extracting archive?), which no Anki package "
        "is",
        "前に別のバイトが付いた zip です（自己解凍形式？）。"
        "Anki のパッケージはそうなっていません"));
  }
  const std::int64_t meta = index_of("meta");
  if (meta >= 0) {
    const std::string bytes = read_small(meta, kMaxMetaBytes);
    try {
      version_ = anki_package_version(bytes);
    } catch (const AnkiPackageError& problem) {
      fail(problem.message());
    }
    const auto entry = anki_collection_entry(version_);
    if (!entry) {
      fail(bilingual(
          "its meta says package version {version}, which kioku does not know (it reads 1, 2 and "
          "3); it was made by a newer Anki",
          "meta にあるパッケージのバージョン {version} を kioku は知りません（読めるのは 1、2、3 "
          "です）。新しい Anki で作られたパッケージです",
          {{"version", std::to_string(version_)}}));
    }
    collection_entry_ = std::string(*entry);
  } else {
    version_ = index_of("collection.anki21") >= 0 ? 2 : 1;
    collection_entry_ = std::string(*anki_collection_entry(version_));
  }
  if (index_of(collection_entry_) < 0) {
    fail(bilingual("it has no {entry}, the collection its version {version} needs",
                   "バージョン {version} に必要なコレクション {entry} がありません",
                   {{"entry", collection_entry_}, {"version", std::to_string(version_)}}));
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

void AnkiPackageReader::fail(const BilingualMessage& problem) const {
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
    fail(bilingual(
        "entry \"{entry}\" is encrypted; an Anki package never is",
        "エントリ \"{entry}\" は暗号化されています。Anki のパッケージが暗号化されることはあり"
        "ません",
        {{"entry", entry}}));
  }
  if (zip_entry.method != kStored && zip_entry.method != kDeflated) {
    fail(bilingual(
        "entry \"{entry}\" is compressed with zip method {method}, which kioku does not read "
        "(Anki writes stored and deflated entries)",
        "エントリ \"{entry}\" は kioku の読めない zip の圧縮方式 {method} で圧縮されています"
        "（Anki が書くのは stored と deflated のエントリです）",
        {{"entry", entry}, {"method", std::to_string(zip_entry.method)}}));
  }
  // Opened raw, for minizip's check of the entry's local header and where its data begins: the
  // data is read below and inflated by ZipEntryInflater (which makes the content's CRC);
  // minizip's own inflate is zlib's, at less than half the speed.
  int opened = unzGoToFilePos64(zip_->archive, &zip_entry.position);
  if (opened == UNZ_OK) opened = unzOpenCurrentFile2(zip_->archive, nullptr, nullptr, 1);
  if (opened != UNZ_OK) {
    fail(with_reason("entry \"{entry}\" cannot be read ({reason})",
                     "エントリ \"{entry}\" を読めません（{reason}）",
                     zip_problem(opened, zip_->file), entry));
  }
  // minizip stops at the size an entry declares, but reads its compressed bytes wherever the
  // header says they end: a size that claims bytes the entry does not have (running over the
  // directory, or past the file's end) would pass the ratio's check with bytes it lacks.
  const std::uint64_t data_start = unzGetCurrentFileZStreamPos64(zip_->archive);
  if (data_start > zip_->directory_start ||
      zip_entry.compressed_size > zip_->directory_start - data_start) {
    unzCloseCurrentFile(zip_->archive);
    fail(bilingual(
        "a damaged zip archive (entry \"{entry}\" says its data runs past the start of the "
        "central directory)",
        "壊れた zip アーカイブです（エントリ \"{entry}\" のデータが中央ディレクトリの始まりを越えて"
        "続くことになっています）",
        {{"entry", entry}}));
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
  std::vector<unsigned char> in(1 << 16);
  std::vector<char> out(zstd ? ZSTD_DStreamOutSize() : 0);
  ZipEntryInflater inflater(zip_entry.method == kDeflated);
  std::uint64_t given = 0;
  std::uint64_t read = 0;
  std::size_t last_result = 0;
  const auto give = [&](const char* data, std::size_t size) {
    given += size;
    expanded_ += size;
    if (expanded_ > kMaxAnkiPackageBytes) {
      fail(bilingual("it expands past {size} GiB", "展開すると {size} GiB を超えます",
                     {{"size", std::to_string(kMaxAnkiPackageBytes >> 30)}}));
    }
    if (zstd && given > most_out) {
      fail(bilingual("entry \"{entry}\" expands more than {most} times its size (a zstd bomb?)",
                     "エントリ \"{entry}\" は展開すると元の {most} 倍を超えます（zstd 爆弾？）",
                     {{"entry", entry}, {"most", std::to_string(kMaxAnkiEntryRatio)}}));
    }
    sink(data, size);
  };
  // A piece of the entry's content: given on, or through zstd.
  const auto content = [&](std::span<const unsigned char> piece) {
    read += piece.size();
    if (read > zip_entry.size) {
      fail(bilingual("entry \"{entry}\" holds more than it declares",
                     "エントリ \"{entry}\" には宣言されたより多くのデータがあります",
                     {{"entry", entry}}));
    }
    const char* bytes = reinterpret_cast<const char*>(piece.data());
    if (!zstd) {
      give(bytes, piece.size());
      return;
    }
    ZSTD_inBuffer input{bytes, piece.size(), 0};
    while (input.pos < input.size) {
      ZSTD_outBuffer output{out.data(), out.size(), 0};
      last_result = ZSTD_decompressStream(closer.zstd, &output, &input);
      if (ZSTD_isError(last_result)) {
        fail(not_zstd(entry, last_result));
      }
      give(out.data(), output.pos);
    }
  };
  // The entry's data by pread, from where minizip found it begins: minizip's raw read copies it
  // a byte at a time and makes a CRC of the compressed bytes that nothing checks, a third of
  // the time ISA-L takes to inflate them.
  std::uint64_t at = data_start;
  std::uint64_t left = zip_entry.compressed_size;
  while (left > 0) {
    const ssize_t got = zip_->file.read_at(reinterpret_cast<char*>(in.data()),
                                           std::min<std::uint64_t>(left, in.size()), at);
    if (got <= 0) {
      zip_->file.last_error = got < 0 ? errno : 0;
      fail(damaged_entry(entry, zip_problem(UNZ_ERRNO, zip_->file)));
    }
    at += static_cast<std::uint64_t>(got);
    left -= static_cast<std::uint64_t>(got);
    inflater.take(in.data(), static_cast<std::size_t>(got));
    try {
      for (auto piece = inflater.next(); !piece.empty(); piece = inflater.next()) content(piece);
    } catch (const InvalidDeflateData&) {
      fail(damaged_entry(entry, zip_problem(Z_DATA_ERROR, zip_->file)));
    }
  }
  if (read != zip_entry.size) {
    fail(bilingual("entry \"{entry}\" is cut short ({read} of its {size} bytes)",
                   "エントリ \"{entry}\" は途中で切れています（{size} バイトのうち {read} バイト）",
                   {{"entry", entry},
                    {"read", std::to_string(read)},
                    {"size", std::to_string(zip_entry.size)}}));
  }
  if (inflater.crc() != zip_entry.crc) {
    fail(damaged_entry(entry, zip_problem(UNZ_CRCERROR, zip_->file)));
  }
  closer.open = false;
  const int closed = unzCloseCurrentFile(zip_->archive);
  if (closed != UNZ_OK) fail(damaged_entry(entry, zip_problem(closed, zip_->file)));
  if (zstd) {
    // Flush what zstd still holds once the input is all in.
    while (last_result != 0) {
      ZSTD_inBuffer input{nullptr, 0, 0};
      ZSTD_outBuffer output{out.data(), out.size(), 0};
      last_result = ZSTD_decompressStream(closer.zstd, &output, &input);
      if (ZSTD_isError(last_result)) {
        fail(not_zstd(entry, last_result));
      }
      if (output.pos == 0) {
        fail(bilingual(
            "entry \"{entry}\" is cut short (its zstd frame does not end)",
            "エントリ \"{entry}\" は途中で切れています（zstd のフレームが終わっていません）",
            {{"entry", entry}}));
      }
      give(out.data(), output.pos);
    }
  }
  return given;
}

std::string AnkiPackageReader::read_small(std::int64_t index, std::uint64_t most) {
  std::string bytes;
  stream(index, false, [&](const char* data, std::size_t size) {
    if (bytes.size() + size > most) {
      fail(bilingual("its meta or media map is too large", "meta かメディアマップが大きすぎます"));
    }
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
        if (bytes.size() + size > kMaxMediaMapBytes) {
          fail(bilingual("its media map is too large", "メディアマップが大きすぎます"));
        }
        bytes.append(data, size);
      });
      entries = parse_anki_protobuf_media_map(bytes);
    } else {
      entries = parse_anki_json_media_map(read_small(index, kMaxMediaMapBytes));
    }
  } catch (const AnkiPackageError& problem) {
    fail(problem.message());
  }
  for (const AnkiMediaEntry& entry : entries) {
    if (const std::optional<BilingualMessage> problem = anki_media_name_problem(entry.name)) {
      fail(with_reason(
          "its media map names \"{name}\" (entry {entry}): {reason}; kioku writes media only "
          "as one file name inside its media folder",
          "メディアマップにある \"{name}\"（エントリ {entry}）は{reason}。kioku はメディアを"
          "メディアフォルダーの中の 1 つのファイル名としてしか書き込みません",
          *problem, entry.entry, entry.name));
    }
    if (index_of(entry.entry) < 0) {
      fail(bilingual(
          "its media map names \"{name}\" in entry {entry}, which the package does not have",
          "メディアマップが \"{name}\" をエントリ {entry} に置いていますが、パッケージにその"
          "エントリはありません",
          {{"name", entry.name}, {"entry", entry.entry}}));
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
    fail(bilingual("media \"{name}\" has {size} bytes where its map says {declared}",
                   "メディア \"{name}\" は {size} バイトですが、メディアマップでは {declared} "
                   "バイトとなっています",
                   {{"name", entry.name},
                    {"size", std::to_string(written.size)},
                    {"declared", std::to_string(*entry.size)}}));
  }
  return written;
}

}  // namespace kioku::daemon
