// Which importer reads a file `kioku import` names (docs/anki-import.md, "Which importer"): by
// its extension, else by its first bytes.
#pragma once

#include <optional>
#include <string_view>

namespace kioku {

enum class ImportFormat {
  kToml,         // kioku's deck format (docs/deck-format.md)
  kAnkiText,     // Anki's plain-text notes (core/anki_text_reader.hpp)
  kAnkiPackage,  // Anki's .apkg/.colpkg zip (core/anki_package_format.hpp)
};

// "toml", "anki-text" or "anki-package"; nothing for any other name.
std::optional<ImportFormat> parse_import_format(std::string_view name);

// `.toml` is kioku's; `.txt`, `.tsv` and `.csv` Anki's text; `.apkg` and `.colpkg` Anki's
// packages (ASCII case ignored). Any other name (standard input, a file without an extension)
// by `start`, the file's first bytes: a package when they are a zip's ("PK\3\4"); Anki's
// text when it begins (after a BOM) with the `tags:` line or a `#key:` header Anki knows, or
// when its first line that is not a `#` comment holds a tab, has no `=` and does not open a
// `[table]`; else kioku's TOML.
ImportFormat import_format_of(std::string_view name, std::string_view start);

}  // namespace kioku
