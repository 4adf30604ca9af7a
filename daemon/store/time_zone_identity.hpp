// Which time zone the process's local time is in, as the statistics' roll-ups need to know it:
// they put each answer on a day and an hour of that zone, and are made again from the log when
// the zone changes (Collection::use_stats_calendar).
#pragma once

#include <string>

namespace kioku::daemon {

// The zone's rules when TZ names a zone file (a name under TZDIR, /usr/share/zoneinfo by
// default, or a path, either after an optional ':'): "tzif:" and a hash of the file's bytes. So
// "UTC", "Etc/UTC" and an /etc/localtime that is a copy of or a link to the same file are one
// zone, and an /etc/localtime changed to another zone, or tzdata's new rules for it, are
// another. Otherwise (a POSIX rule such as "JST-9", an empty TZ, a name with no readable zone
// file) "tz:" and TZ's text.
// The zone pinned by pin_time_zone_identity() once it has been called; before, the zone TZ
// names now (what tests that set TZ read).
std::string time_zone_identity();

// Takes the identity of the zone in use from now on, for the rest of the process. kiokud calls
// it once TZ is final and tzset() has read it: glibc reads the zone's rules once for a TZ text,
// so an /etc/localtime changed while kiokud runs is not the zone it works in, and must not be
// recorded as the one the statistics were made on until kiokud starts again.
void pin_time_zone_identity();

}  // namespace kioku::daemon
