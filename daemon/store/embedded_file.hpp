// Text files compiled into kiokud (schema migrations, bundled decks) by cmake/embed.cmake.
#pragma once

#include <span>
#include <string_view>

namespace kioku::daemon {

struct EmbeddedFile {
  std::string_view name;
  std::string_view text;
};

// schema/*.sql in file-name order: migration N is kMigrations[N - 1].
extern const std::span<const EmbeddedFile> kMigrations;
// decks/*.toml.
extern const std::span<const EmbeddedFile> kBundledDecks;

}  // namespace kioku::daemon
