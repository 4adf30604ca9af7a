// FNV-1a, 64 bit: a hash that is the same across runs, builds and machines (std::hash is not),
// quick for the short texts it is used on (ids, content to compare). Never for security.
#pragma once

#include <cstdint>
#include <string_view>

namespace kioku {

inline constexpr std::uint64_t kFnv1aStart = 14695981039346656037ull;

constexpr std::uint64_t fnv1a_64_byte(std::uint64_t hash, unsigned char byte) noexcept {
  return (hash ^ byte) * 1099511628211ull;
}

// `text` hashed on from `hash` (the start, or a hash of what came before it).
constexpr std::uint64_t fnv1a_64(std::string_view text, std::uint64_t hash = kFnv1aStart) noexcept {
  for (const char c : text) hash = fnv1a_64_byte(hash, static_cast<unsigned char>(c));
  return hash;
}

}  // namespace kioku
