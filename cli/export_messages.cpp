// export's words in English and Japanese.
#include "cli/export_messages.hpp"

#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const ExportMessages kEnglish{
    .exported = "Exported {notes} notes ({cards} cards) of {decks} to {file}",
    .exported_media = ", with {media} media files",
    .exported_reviews = ", and {reviews} answers of their review log",
    .history_apkg_only =
        "export: --with-history is for --format apkg; a toml or tsv file holds notes, not their "
        "review log",
    .package_to_terminal =
        "export: an Anki package is a binary file, not for a terminal: name a file with -o, or "
        "redirect standard output",
    .cannot_write = "export: cannot write {file}: {reason}; nothing was written",
    .one_deck_per_file =
        "export: {deck} chooses {count} decks ({decks}), and a kioku deck file holds one: export "
        "each of them, or use --format tsv or apkg",
};

const ExportMessages kJapanese{
    .exported = "{decks} のノート {notes} 件（カード {cards} 枚）を {file} に書き出しました",
    .exported_media = "（メディアファイル {media} 個を含む）",
    .exported_reviews = "（復習履歴の回答 {reviews} 件を含む）",
    .history_apkg_only =
        "export: --with-history は --format apkg 専用です。toml と tsv のファイルはノートを"
        "保存し、その復習履歴は保存しません",
    .package_to_terminal =
        "export: Anki パッケージはバイナリファイルなので端末には出力しません。-o でファイルを"
        "指定するか、標準出力をリダイレクトしてください",
    .cannot_write = "export: {file} に書き込めません: {reason}。何も書き出していません",
    .one_deck_per_file =
        "export: {deck} は {count} 個のデッキ（{decks}）を選びますが、kioku のデッキファイルに"
        "入るのは 1 個です。1 個ずつ書き出すか、--format tsv または apkg を使ってください",
};

}  // namespace

const ExportMessages& export_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
