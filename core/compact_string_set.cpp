// Short strings in one buffer, found by a flat hash table of their indexes.
#include "core/compact_string_set.hpp"

#include <functional>
#include <limits>
#include <stdexcept>

namespace kioku {

CompactStringSet::CompactStringSet() : indexes_(0, Hash{this}, Equal{this}) {}

std::string_view CompactStringSet::at(std::uint32_t index) const noexcept {
  const std::uint32_t begin = index == 0 ? 0 : ends_[index - 1];
  return std::string_view(bytes_).substr(begin, ends_[index] - begin);
}

bool CompactStringSet::insert(std::string_view text) {
  if (indexes_.contains(text)) return false;
  constexpr std::size_t kMostBytes = std::numeric_limits<std::uint32_t>::max();
  if (text.size() > kMostBytes - bytes_.size() || ends_.size() >= kMostBytes) {
    throw std::length_error("CompactStringSet holds at most 4 GiB of strings");
  }
  const std::size_t old_bytes = bytes_.size();
  const std::size_t old_count = ends_.size();
  try {
    bytes_.append(text);
    ends_.push_back(static_cast<std::uint32_t>(bytes_.size()));
    indexes_.insert(static_cast<std::uint32_t>(old_count));
  } catch (...) {
    // Out of memory: the set stays as it was, without the string.
    ends_.resize(old_count);
    bytes_.resize(old_bytes);
    throw;
  }
  return true;
}

void CompactStringSet::reserve(std::size_t strings) {
  ends_.reserve(strings);
  indexes_.reserve(strings);
}

bool CompactStringSet::contains(std::string_view text) const {
  return indexes_.contains(text);
}

std::size_t CompactStringSet::Hash::operator()(std::string_view text) const noexcept {
  return std::hash<std::string_view>{}(text);
}
std::size_t CompactStringSet::Hash::operator()(std::uint32_t index) const noexcept {
  return (*this)(set->at(index));
}

bool CompactStringSet::Equal::operator()(std::uint32_t left, std::uint32_t right) const noexcept {
  return set->at(left) == set->at(right);
}
bool CompactStringSet::Equal::operator()(std::string_view left,
                                         std::uint32_t right) const noexcept {
  return left == set->at(right);
}
bool CompactStringSet::Equal::operator()(std::uint32_t left,
                                         std::string_view right) const noexcept {
  return set->at(left) == right;
}

}  // namespace kioku
