// A set of many short strings (an import's note ids) kept as one buffer of their bytes and an
// open-addressing table of 4-byte indexes into it: about 20 bytes a string of ten, where a
// std::unordered_set<std::string> takes about 75 (a heap node each, with its cached hash, and
// the bucket array). A 20,000-note Anki package's two sets of ids were 1.4 MiB of kiokud's
// peak that way (docs/decisions.md, session 25).
#pragma once

#include <boost/unordered/unordered_flat_set.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kioku {

class CompactStringSet {
 public:
  CompactStringSet();
  // The table's hash and comparison read this object's buffer: it stays where it is made.
  CompactStringSet(const CompactStringSet&) = delete;
  CompactStringSet& operator=(const CompactStringSet&) = delete;

  // Adds `text`; false when it was there already. Throws std::length_error past 4 GiB of bytes.
  bool insert(std::string_view text);
  // Room for `strings` strings without growing the table or the list of their ends, whose
  // doubling would otherwise leave up to half of each unused.
  void reserve(std::size_t strings);
  bool contains(std::string_view text) const;
  std::size_t size() const noexcept { return ends_.size(); }
  bool empty() const noexcept { return ends_.empty(); }

 private:
  // String `index` of the buffer.
  std::string_view at(std::uint32_t index) const noexcept;

  // Both take an index into the buffer or the text itself (is_transparent), so that a lookup
  // by text builds nothing.
  struct Hash {
    using is_transparent = void;
    const CompactStringSet* set;
    std::size_t operator()(std::string_view text) const noexcept;
    std::size_t operator()(std::uint32_t index) const noexcept;
  };
  struct Equal {
    using is_transparent = void;
    const CompactStringSet* set;
    bool operator()(std::uint32_t left, std::uint32_t right) const noexcept;
    bool operator()(std::string_view left, std::uint32_t right) const noexcept;
    bool operator()(std::uint32_t left, std::string_view right) const noexcept;
  };

  std::string bytes_;                // every string's bytes, one after another
  std::vector<std::uint32_t> ends_;  // string i is bytes_[ends_[i - 1], ends_[i])
  boost::unordered_flat_set<std::uint32_t, Hash, Equal> indexes_;
};

}  // namespace kioku
