// toml++ as kioku builds it: its declarations wherever this is included, its code compiled once
// in core/toml_implementation.cpp. A file that included toml++ in its header-only mode would
// define its functions a second time, inline, beside those (CMakeLists.txt, kioku_toml).
#pragma once

#if !defined(TOML_HEADER_ONLY) || TOML_HEADER_ONLY != 0
#error "toml++ is included from a target that does not link kioku_toml (TOML_HEADER_ONLY=0)"
#endif

#include <toml++/toml.h>
