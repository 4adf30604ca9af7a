// kioku's exit codes, one per kind of failure, so scripts can tell them apart.
#pragma once

#include "core/error.hpp"

namespace kioku::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;       // anything not listed below
inline constexpr int kExitUsage = 2;         // bad arguments or scripted input
inline constexpr int kExitUnavailable = 3;   // the daemon cannot be reached or started
inline constexpr int kExitInvalidInput = 4;  // a deck file or import was rejected
inline constexpr int kExitNotFound = 5;      // no such deck or card
inline constexpr int kExitPermission = 6;    // a directory or file with wrong owner or mode

int exit_code_for(ErrorCode code) noexcept;

}  // namespace kioku::cli
