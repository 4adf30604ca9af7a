// A zip entry's data turned back into its content, and the CRC-32 of that content, which the
// entry's directory record is checked against. A deflated entry is inflated by ISA-L's igzip,
// 2.3 times zlib's speed on an Anki collection (docs/decisions.md, "Session 37"): the package's
// collection must be whole before anything of it can be read, so this is on every import's path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <vector>

struct inflate_state;

namespace kioku::daemon {

// The data is not valid deflate.
class InvalidDeflateData : public std::runtime_error {
 public:
  InvalidDeflateData() : std::runtime_error("invalid deflate data") {}
};

class ZipEntryInflater {
 public:
  // `deflated`: the entry's data is a raw deflate stream (zip method 8); otherwise it is the
  // content as it is (method 0, stored).
  explicit ZipEntryInflater(bool deflated);
  ~ZipEntryInflater();
  ZipEntryInflater(const ZipEntryInflater&) = delete;
  ZipEntryInflater& operator=(const ZipEntryInflater&) = delete;

  // The entry's next `size` bytes of data. They are read from until next() gives an empty
  // piece, and must stay where they are until then.
  void take(const unsigned char* data, std::size_t size) noexcept;
  // The next piece of content from the data taken; empty once that data is used up (or the
  // deflate stream has ended: what follows its end is not content). A piece is valid until
  // the next call. Throws InvalidDeflateData.
  std::span<const unsigned char> next();
  // The CRC-32 (zip's, gzip's) of all the content given so far.
  std::uint32_t crc() const noexcept;

 private:
  bool deflated_;
  std::unique_ptr<inflate_state> state_;
  std::vector<unsigned char> out_;
  std::span<const unsigned char> stored_;  // a stored entry's data not yet given
  std::uint32_t stored_crc_ = 0;
};

}  // namespace kioku::daemon
