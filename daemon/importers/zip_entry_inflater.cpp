// A zip entry's content from its data (daemon/importers/zip_entry_inflater.hpp).
#include "daemon/importers/zip_entry_inflater.hpp"

#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>

namespace kioku::daemon {

namespace {

// As large as the zip reader's pieces of data: one call inflates one piece at most about
// four times over, in a few calls.
constexpr std::size_t kPieceBytes = std::size_t{1} << 16;

}  // namespace

ZipEntryInflater::ZipEntryInflater(bool deflated) : deflated_(deflated) {
  if (!deflated_) return;
  // Its Huffman tables make it about 20 KiB: on the heap, not the caller's stack.
  state_ = std::make_unique<inflate_state>();
  isal_inflate_init(state_.get());
  // A raw deflate stream (no gzip header or trailer), with gzip's CRC-32 of what it inflates
  // to: the same CRC as zip's.
  state_->crc_flag = ISAL_GZIP_NO_HDR;
  out_.resize(kPieceBytes);
}

ZipEntryInflater::~ZipEntryInflater() = default;

void ZipEntryInflater::take(const unsigned char* data, std::size_t size) noexcept {
  if (!deflated_) {
    stored_ = {data, size};
    return;
  }
  // ISA-L casts away const to keep one pointer type for both directions; it never writes there.
  state_->next_in = const_cast<unsigned char*>(data);
  state_->avail_in = static_cast<std::uint32_t>(size);
}

std::span<const unsigned char> ZipEntryInflater::next() {
  if (!deflated_) {
    const std::span<const unsigned char> piece = stored_;
    stored_ = {};
    stored_crc_ = crc32_gzip_refl(stored_crc_, piece.data(), piece.size());
    return piece;
  }
  if (state_->block_state == ISAL_BLOCK_FINISH) return {};
  state_->next_out = out_.data();
  state_->avail_out = static_cast<std::uint32_t>(out_.size());
  if (isal_inflate(state_.get()) < 0) throw InvalidDeflateData();
  return {out_.data(), out_.size() - state_->avail_out};
}

std::uint32_t ZipEntryInflater::crc() const noexcept {
  return deflated_ ? state_->crc : stored_crc_;
}

}  // namespace kioku::daemon
