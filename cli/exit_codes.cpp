// Mapping from error kinds to exit codes.
#include "cli/exit_codes.hpp"

namespace kioku::cli {

int exit_code_for(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::kInvalidParams:
      return kExitUsage;
    case ErrorCode::kUnavailable:
    case ErrorCode::kBusy:  // as unavailable: nothing was done, and a later try can succeed
      return kExitUnavailable;
    case ErrorCode::kInvalidInput:
      return kExitInvalidInput;
    case ErrorCode::kNotFound:
      return kExitNotFound;
    case ErrorCode::kPermission:
      return kExitPermission;
    case ErrorCode::kConflict:
    case ErrorCode::kStorage:
    case ErrorCode::kInternal:
    case ErrorCode::kInvalidRequest:
      return kExitFailure;
  }
  return kExitFailure;
}

}  // namespace kioku::cli
