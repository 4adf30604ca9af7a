// Whether TZ names a time zone this system understands. glibc takes a TZ it cannot read for
// UTC without a word: "garbage", or "Europe/Berln" with a typo, and kiokud would count every
// scheduler day in UTC. Days are the daemon's business, so it says so when it starts.
#pragma once

#include <optional>
#include <string>

#include "core/bilingual_message.hpp"

namespace kioku {

// The file TZ's value `tz` names as a zone file, whether or not it is there: the name after an
// optional ':', under $TZDIR (/usr/share/zoneinfo when unset or empty), or itself when it is an
// absolute path. Nothing for an unset or empty TZ.
std::optional<std::string> zone_file_path(const char* tz);

// A sentence, in English and Japanese, saying that `tz` (the value of TZ, or nullptr when
// unset) is not understood and UTC is used instead; nothing when TZ is unset or empty, names a zone
// file (with or without a leading ':', under $TZDIR or /usr/share/zoneinfo, or an absolute path),
// is UTC or GMT, or is a POSIX TZ rule such as "JST-9" or "CET-1CEST,M3.5.0,M10.5.0/3".
std::optional<BilingualMessage> time_zone_problem(const char* tz);

}  // namespace kioku
