// toml++'s own code, compiled once, here: every other file includes its declarations only
// (TOML_HEADER_ONLY=0, the kioku_toml target in CMakeLists.txt), and no binary loads Debian's
// shared libtomlplusplus.
#define TOML_IMPLEMENTATION
#include "core/toml.hpp"
