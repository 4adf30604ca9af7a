// CLI11's parse errors reworded in Japanese, by the shape of their English.
#include "cli/usage_error_text.hpp"

#include <array>
#include <regex>

#include "core/fill_in.hpp"

namespace kioku::cli {

namespace {

struct Rewording {
  std::string_view kind;
  std::regex english;
  // "{1}", "{2}": what the English's groups matched.
  std::string_view japanese;
};

const std::array<Rewording, 8>& rewordings() {
  static const std::array<Rewording, 8> table{{
      {"RequiredError", std::regex("A subcommand is required"), "サブコマンドが必要です"},
      {"RequiredError", std::regex("(.+) is required"), "{1} が必要です"},
      {"ExtrasError", std::regex("The following arguments? (?:was|were) not expected: (.*)"),
       "想定していない引数です: {1}"},
      {"ArgumentMismatch", std::regex("(.+): [0-9]+ required \\S+ missing"),
       "{1} に値がありません"},
      {"ArgumentMismatch", std::regex("(.+): At least ([0-9]+) required but received ([0-9]+)"),
       "{1} には値が {2} 個以上必要ですが、{3} 個でした"},
      {"ArgumentMismatch", std::regex("(.+): At Most ([0-9]+) required but received ([0-9]+)"),
       "{1} の値は {2} 個までですが、{3} 個ありました"},
      {"ConversionError", std::regex("Could not convert: (.+) = (.*)"),
       "{1} の値 {2} を読み取れません"},
      {"ConversionError", std::regex("(.+): too many inputs for a flag"),
       "{1} はフラグなので値を取りません"},
  }};
  return table;
}

}  // namespace

std::string usage_error_in_japanese(std::string_view kind, const std::string& what) {
  for (const Rewording& rewording : rewordings()) {
    std::smatch match;
    if (rewording.kind != kind || !std::regex_match(what, match, rewording.english)) continue;
    // In one pass, so that a value holding "{2}" stays as it is.
    return fill_in(rewording.japanese,
                   {{"1", match[1].str()}, {"2", match[2].str()}, {"3", match[3].str()}});
  }
  return what;
}

std::string usage_error_hint(bool japanese) {
  return japanese ? "詳しくは --help を付けて実行してください。"
                  : "Run with --help for more information.";
}

}  // namespace kioku::cli
