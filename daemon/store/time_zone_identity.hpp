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
// file) "tz:" and TZ's text. Reads TZ as it is now: call it after pin_local_time_zone().
std::string time_zone_identity();

}  // namespace kioku::daemon
