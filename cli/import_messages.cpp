// kioku import's words in English and Japanese.
#include "cli/import_messages.hpp"

namespace kioku::cli {

namespace {

const ImportMessages kEnglish{
    .imported =
        "Imported {deck} from {source}: {added} added, {updated} updated, {unchanged} "
        "unchanged",
    .standard_input = "standard input",
    .kept_one = " ({count} card no longer in the file was kept)",
    .kept_many = " ({count} cards no longer in the file were kept)",
};

const ImportMessages kJapanese{
    .imported =
        "{source} から {deck} を取り込みました: 追加 {added}、更新 {updated}、変更なし "
        "{unchanged}",
    .standard_input = "標準入力",
    .kept_one = "（ファイルにないカード {count} 枚は残しました）",
    .kept_many = "（ファイルにないカード {count} 枚は残しました）",
};

}  // namespace

const ImportMessages& import_messages_for(const std::string& language) {
  return language == "ja" ? kJapanese : kEnglish;
}

}  // namespace kioku::cli
