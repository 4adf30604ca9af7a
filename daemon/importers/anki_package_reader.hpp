// The zip of an Anki package (.apkg/.colpkg): its `meta`, the collection file that version picks
// (never the dummy collection.anki2 beside a newer one), the media map and the media entries,
// zstd-decompressed where the version says so (../shared/docs/anki-formats.md, section 1).
// Entries are looked up by exact name and written only to descriptors the caller opened: no
// entry name ever reaches the file system. Bounded: a package whose entries declare more than
// kMaxAnkiPackageBytes in all, or an entry that would expand more than kMaxAnkiEntryRatio times
// its compressed size (plus kAnkiEntryRatioSlack), is refused before anything is expanded, and
// the same limits hold while expanding, whatever the headers said.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/anki_package_format.hpp"

namespace kioku::daemon {

inline constexpr std::uint64_t kMaxAnkiPackageBytes = 2ull << 30;  // 2 GiB, all entries
inline constexpr std::uint64_t kMaxAnkiEntryRatio = 100;
inline constexpr std::uint64_t kAnkiEntryRatioSlack = 1u << 20;  // 1 MiB
// The whole package's entries against its compressed bytes, with one slack for all: each entry's
// own slack would let thousands of entries of a MiB of zeros expand a few MB into GBs.
inline constexpr std::uint64_t kAnkiPackageRatioSlack = 16u << 20;  // 16 MiB
// The most entries a package may have: each costs kiokud about 150 bytes while the package is
// read (a million took 144 MB), and the largest real decks have tens of thousands of media
// files.
inline constexpr std::size_t kMaxAnkiPackageEntries = 250'000;

class AnkiPackageReader {
 public:
  // Opens the zip at `descriptor` (not taken; read through a duplicate), reads `meta` and
  // checks the limits. Throws kioku::InputError naming `name`: not a zip, damaged, empty, an
  // unknown version (named), no collection entry, past the limits.
  AnkiPackageReader(int descriptor, std::string name);
  ~AnkiPackageReader();
  AnkiPackageReader(const AnkiPackageReader&) = delete;
  AnkiPackageReader& operator=(const AnkiPackageReader&) = delete;

  std::uint64_t version() const noexcept { return version_; }
  const std::string& collection_entry() const noexcept { return collection_entry_; }

  // Writes the collection file, expanded, to `out`.
  void extract_collection(int out);
  // The media map (empty when the package has none); every entry's zip entry exists and its
  // name is safe (anki_media_name_problem), else kioku::InputError naming it.
  std::vector<AnkiMediaEntry> media();
  // Writes media entry `entry`, expanded, to `out`; returns its FNV-1a hash and size.
  struct Written {
    std::uint64_t hash = 0;
    std::uint64_t size = 0;
  };
  Written extract_media(const AnkiMediaEntry& entry, int out);

 private:
  struct Zip;
  [[noreturn]] void fail(const BilingualMessage& problem) const;
  std::int64_t index_of(const std::string& entry) const;  // -1 when absent
  // Whether a failed read of the directory's next record is the end of a directory of 65,535
  // or more entries whose end record says 0xffff (minizip reads on there).
  bool at_directory_end(std::uint64_t declared_entries, std::uint64_t next_record) const;
  std::string read_small(std::int64_t index, std::uint64_t most);
  // Streams entry `index` to `sink`, zstd-decompressed when `zstd`; returns bytes given.
  template <typename Sink>
  std::uint64_t stream(std::int64_t index, bool zstd, Sink&& sink);

  std::string name_;
  std::unique_ptr<Zip> zip_;
  std::uint64_t version_ = 0;
  std::string collection_entry_;
  std::uint64_t expanded_ = 0;  // bytes expanded so far, against kMaxAnkiPackageBytes
};

}  // namespace kioku::daemon
