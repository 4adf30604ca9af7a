// toml++ as kioku builds it: its declarations wherever this is included, its code compiled once
// in core/toml_implementation.cpp. A file that included toml++ in its header-only mode would
// define its functions a second time, inline, beside those (CMakeLists.txt, kioku_toml).
#pragma once

#if !defined(TOML_HEADER_ONLY) || TOML_HEADER_ONLY != 0
#error "toml++ is included from a target that does not link kioku_toml (TOML_HEADER_ONLY=0)"
#endif

// toml++'s own assertions stay off in every build, as they are in Debian's build of it: in
// bookworm's 3.3.0 some fire on text a user can write (parse_key() asserts that a table header
// starts a key, and "[[\x18" does not), where its release code goes on to report the parse
// error. Defined here for every file that includes toml++, so that its inline functions read
// the same everywhere.
#ifndef TOML_ASSERT
#define TOML_ASSERT(expr) static_cast<void>(0)
#endif

#include <toml++/toml.h>
