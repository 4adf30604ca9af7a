#include "core/system_error_reason.hpp"

#include <cerrno>
#include <charconv>
#include <cstring>

namespace kioku {

namespace {

// strerror_r's text, whichever of its two forms the C library declares: GNU's gives a pointer
// (to `buffer` or to a constant), POSIX's fills `buffer` and gives 0.
[[maybe_unused]] std::string described(const char* text, const char* /*buffer*/,
                                       int /*error_number*/) {
  return text;
}
[[maybe_unused]] std::string described(int result, const char* buffer, int error_number) {
  if (result == 0) return buffer;
  return "Unknown error " + std::to_string(error_number);
}

std::string english_reason(int error_number) {
  char buffer[128] = {};
  return described(::strerror_r(error_number, buffer, sizeof buffer), buffer, error_number);
}

// The reasons a user of kioku's files and sockets meets, in words of our own.
const char* japanese_wording(int error_number) {
  switch (error_number) {
    case EPERM:
      return "その操作は許可されていません";
    case ENOENT:
      return "ファイルまたはディレクトリがありません";
    case ESRCH:
      return "そのプロセスはありません";
    case EINTR:
      return "シグナルで中断されました";
    case EIO:
      return "入出力エラーが起きました";
    case ENXIO:
      return "デバイスまたはアドレスがありません";
    case E2BIG:
      return "引数の並びが長すぎます";
    case ENOEXEC:
      return "実行できる形式のファイルではありません";
    case EBADF:
      return "ファイル記述子が正しくありません";
    case ECHILD:
      return "子プロセスがありません";
    case EAGAIN:
      return "リソースが一時的に使えません";
    case ENOMEM:
      return "メモリが足りません";
    case EACCES:
      return "権限がありません";
    case EBUSY:
      return "デバイスまたはリソースが使用中です";
    case EEXIST:
      return "ファイルがすでにあります";
    case EXDEV:
      return "別のファイルシステムへはリンクできません";
    case ENODEV:
      return "そのデバイスはありません";
    case ENOTDIR:
      return "ディレクトリではありません";
    case EISDIR:
      return "ディレクトリです";
    case EINVAL:
      return "引数が正しくありません";
    case ENFILE:
      return "システム全体で開いているファイルが多すぎます";
    case EMFILE:
      return "開いているファイルが多すぎます";
    case ENOTTY:
      return "この操作に対応していないデバイスです";
    case ETXTBSY:
      return "プログラムのファイルが使用中です";
    case EFBIG:
      return "ファイルが大きすぎます";
    case ENOSPC:
      return "デバイスに空き容量がありません";
    case ESPIPE:
      return "シークできないファイルです";
    case EROFS:
      return "読み取り専用のファイルシステムです";
    case EMLINK:
      return "リンクが多すぎます";
    case EPIPE:
      return "パイプの相手が閉じています";
    case ERANGE:
      return "値が範囲を超えています";
    case EDEADLK:
      return "デッドロックになるところでした";
    case ENAMETOOLONG:
      return "ファイル名が長すぎます";
    case ENOLCK:
      return "ロックが足りません";
    case ENOSYS:
      return "この機能は実装されていません";
    case ENOTEMPTY:
      return "ディレクトリが空ではありません";
    case ELOOP:
      return "シンボリックリンクをたどる段数が多すぎます";
    case EPROTO:
      return "プロトコルのエラーです";
    case EOVERFLOW:
      return "値が大きすぎて型に収まりません";
    case EILSEQ:
      return "文字の符号化が正しくありません";
    case ENOTSOCK:
      return "ソケットではありません";
    case EMSGSIZE:
      return "メッセージが長すぎます";
    case EOPNOTSUPP:
      return "対応していない操作です";
    case EADDRINUSE:
      return "アドレスはすでに使われています";
    case EADDRNOTAVAIL:
      return "そのアドレスは使えません";
    case ENETDOWN:
      return "ネットワークが止まっています";
    case ENETUNREACH:
      return "ネットワークに届きません";
    case ECONNABORTED:
      return "接続が中断されました";
    case ECONNRESET:
      return "接続が相手側から切られました";
    case ENOBUFS:
      return "バッファーの空きがありません";
    case EISCONN:
      return "すでに接続しています";
    case ENOTCONN:
      return "接続していません";
    case ETIMEDOUT:
      return "接続がタイムアウトしました";
    case ECONNREFUSED:
      return "接続を拒否されました";
    case EHOSTUNREACH:
      return "ホストに届きません";
    case EALREADY:
      return "その操作はすでに実行中です";
    case EINPROGRESS:
      return "操作が進行中です";
    case ESTALE:
      return "ファイルハンドルが古くなっています";
    case EDQUOT:
      return "ディスク使用量の上限（クォータ）を超えています";
    case ECANCELED:
      return "操作が取り消されました";
    default:
      return nullptr;
  }
}

std::string japanese_reason(int error_number) {
  if (const char* wording = japanese_wording(error_number)) return wording;
  // glibc's symbolic name (2.32 and later); null for a number it does not know.
  if (const char* name = ::strerrorname_np(error_number)) {
    return std::string("システムエラー（") + name + "）";
  }
  return "システムエラー（番号 " + std::to_string(error_number) + "）";
}

}  // namespace

BilingualMessage system_error_reason(int error_number) {
  return {english_reason(error_number), japanese_reason(error_number)};
}

std::string system_error_reason_in(int error_number, const std::string& language) {
  return language == "ja" ? japanese_reason(error_number) : english_reason(error_number);
}

BilingualMessage system_error_reason_from_english(std::string_view english) {
  // Linux's errnos end below 140; glibc words any other as "Unknown error N".
  constexpr int kLastKnown = 200;
  for (int error_number = 1; error_number <= kLastKnown; ++error_number) {
    if (english_reason(error_number) == english) return system_error_reason(error_number);
  }
  constexpr std::string_view kUnknown = "Unknown error ";
  if (english.starts_with(kUnknown)) {
    int error_number = 0;
    const char* first = english.data() + kUnknown.size();
    const char* last = english.data() + english.size();
    const auto [end, problem] = std::from_chars(first, last, error_number);
    if (problem == std::errc() && end == last && english_reason(error_number) == english) {
      return system_error_reason(error_number);
    }
  }
  return same_in_both(std::string(english));
}

}  // namespace kioku
