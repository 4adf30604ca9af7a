// The system's reasons in both languages: the English is strerror's, word for word; the
// Japanese is kioku's own for the errnos it knows, and names any other.
#include <catch2/catch.hpp>
#include <cerrno>
#include <cstring>
#include <string>

#include "core/bilingual_message.hpp"
#include "core/system_error_reason.hpp"

using kioku::BilingualMessage;
using kioku::system_error_reason;

namespace {

bool has_ascii_letter(const std::string& text) {
  for (const char character : text) {
    if ((character >= 'A' && character <= 'Z') || (character >= 'a' && character <= 'z')) {
      return true;
    }
  }
  return false;
}

}  // namespace

TEST_CASE("system_error_reason: the English is strerror's", "[core][messages]") {
  for (const int error_number :
       {ENOENT, EACCES, EPERM, ENOSPC, ECONNREFUSED, EHWPOISON, 0, 4095, -1}) {
    INFO(error_number);
    CHECK(system_error_reason(error_number).english == std::strerror(error_number));
  }
  CHECK(system_error_reason(ENOENT).english == "No such file or directory");
}

TEST_CASE("system_error_reason: the errnos a user meets are worded in Japanese",
          "[core][messages]") {
  CHECK(system_error_reason(ENOENT).japanese == "ファイルまたはディレクトリがありません");
  for (const int error_number :
       {ENOENT,     EACCES,   EPERM,      EEXIST,    ENOTDIR,  EISDIR, ENOSPC,       EDQUOT,
        EROFS,      EIO,      EMFILE,     ENFILE,    ENOMEM,   ELOOP,  ENAMETOOLONG, EBUSY,
        ETXTBSY,    EXDEV,    ENOTEMPTY,  EINVAL,    EAGAIN,   EINTR,  EPIPE,        ECONNREFUSED,
        ECONNRESET, ENOTCONN, EADDRINUSE, ETIMEDOUT, ENXIO,    ENODEV, ESPIPE,       EBADF,
        EFBIG,      ENOEXEC,  ECHILD,     ESRCH,     ENOTSOCK, EPROTO, EOVERFLOW}) {
    const BilingualMessage reason = system_error_reason(error_number);
    INFO(reason.english);
    CHECK_FALSE(reason.japanese.empty());
    CHECK_FALSE(has_ascii_letter(reason.japanese));
    CHECK(reason.japanese.find("システムエラー") == std::string::npos);
  }
}

TEST_CASE("system_error_reason: another errno is named in Japanese", "[core][messages]") {
  // One glibc names but kioku does not word: its symbolic name.
  CHECK(system_error_reason(EHWPOISON).japanese == "システムエラー（EHWPOISON）");
  // One nobody knows: its number.
  const BilingualMessage unknown = system_error_reason(4095);
  CHECK(unknown.english == "Unknown error 4095");
  CHECK(unknown.japanese == "システムエラー（番号 4095）");
}

TEST_CASE("system_error_reason: in one language and back from strerror's English",
          "[core][messages]") {
  CHECK(kioku::system_error_reason_in(EACCES, "ja") == system_error_reason(EACCES).japanese);
  CHECK(kioku::system_error_reason_in(EACCES, "en") == "Permission denied");
  const BilingualMessage found = kioku::system_error_reason_from_english("Permission denied");
  CHECK(found.japanese == system_error_reason(EACCES).japanese);
  CHECK(kioku::system_error_reason_from_english("Unknown error 4095").japanese ==
        "システムエラー（番号 4095）");
  const BilingualMessage other = kioku::system_error_reason_from_english("larger than 1 MiB");
  CHECK(other.english == "larger than 1 MiB");
  CHECK(other.japanese == "larger than 1 MiB");
}
