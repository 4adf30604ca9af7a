// kioku import's words in English and Japanese.
#include "cli/import_messages.hpp"
#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const ImportMessages kEnglish{
    .imported =
        "Imported {deck} from {source}: {added} added, {updated} updated, {unchanged} "
        "unchanged",
    .would_import =
        "Would import {deck} from {source}: {added} added, {updated} updated, {unchanged} "
        "unchanged",
    .nothing_changed = " (dry run: nothing was changed)",
    .standard_input = "standard input",
    .kept_one = " ({count} card no longer in the file was kept)",
    .kept_many = " ({count} cards no longer in the file were kept)",
    .retired_one = "; {count} card its note no longer makes was suspended, with its history",
    .retired_many = "; {count} cards their notes no longer make were suspended, with their history",
    .suspended_one = "; {count} card suspended, as in Anki",
    .suspended_many = "; {count} cards suspended, as in Anki",
    .restored_one = "; {count} card its note makes again is back, with its history",
    .restored_many = "; {count} cards their notes make again are back, with their history",
    .pruned_one = "; {count} note no longer in the file was withdrawn",
    .pruned_many = "; {count} notes no longer in the file were withdrawn",
    .pruned_cards_one = ": {count} card suspended, with its history",
    .pruned_cards_many = ": {count} cards suspended, with their history",
    .prune_toml_only =
        "import: --prune is for kioku's TOML decks; an Anki text file or package need not hold "
        "its whole deck, so it cannot say which notes are gone",
    .history_package_only =
        "import: --with-history is for Anki packages (.apkg, .colpkg); a TOML deck or an Anki "
        "text file holds no review log",
    .media_one = "; {count} media file",
    .media_many = "; {count} media files",
    .history_one = "; {count} card took its Anki history ({answers} answers)",
    .history_many = "; {count} cards took their Anki history ({answers} answers)",
    .conflicting_one =
        "; {count} card kept as kioku has it: its note changed here after the package's copy",
    .conflicting_many =
        "; {count} cards kept as kioku has them: their notes changed here after the package's "
        "copies",
    .skipped_one = "; {count} card skipped: its note's guid came earlier in the package",
    .skipped_many = "; {count} cards skipped: their notes' guids came earlier in the package",
    .unknown_filters =
        "Note type {name}: its templates use filters kioku does not know ({filters}); their "
        "fields show as they are",
    .template_problem =
        "Note type {name}, card template {template}, {side}, line {line}, column {column}: "
        "{problem}; its cards show the note's fields instead",
    .side_question = "question side",
    .side_answer = "answer side",
    .section_not_closed = "section {section} is never closed",
    .wrong_section_closed = "{section} closes a section while {open} is open",
    .section_not_open = "{section} closes a section that is not open",
    .sections_too_deep = "sections are nested too deeply",
    .missing_field =
        "Note type {name}, card template {template}, {side}: {tag} names no field of the type; "
        "it shows nothing there",
    .file_empty = "import: FILE is empty; give a deck file, or - for standard input",
    .no_current_directory = "cannot tell the current directory",
    .cannot_open = "cannot open file: {error}",
    .cannot_read = "cannot read file: {error}",
    .cannot_read_input = "cannot read standard input: {error}",
    .is_directory = "is a directory, not a deck file",
    .cannot_hold = "cannot hold it in memory: {error}",
    .waiting_for_writer =
        "a named pipe that nothing writes to yet; waiting for a program to write the deck to it "
        "(Ctrl-C stops)",
};

const ImportMessages kJapanese{
    .imported =
        "{source} から {deck} を取り込みました: 追加 {added}、更新 {updated}、変更なし "
        "{unchanged}",
    .would_import =
        "{source} から {deck} を取り込むと: 追加 {added}、更新 {updated}、変更なし "
        "{unchanged}",
    .nothing_changed = "（試行のみ: 何も変更していません）",
    .standard_input = "標準入力",
    .kept_one = "（ファイルにないカード {count} 枚は残しました）",
    .kept_many = "（ファイルにないカード {count} 枚は残しました）",
    .retired_one = "。ノートから作られなくなったカード {count} 枚は履歴ごと保留にしました",
    .retired_many = "。ノートから作られなくなったカード {count} 枚は履歴ごと保留にしました",
    .suspended_one = "。Anki で保留中だったカード {count} 枚は保留にしました",
    .suspended_many = "。Anki で保留中だったカード {count} 枚は保留にしました",
    .restored_one = "。ノートから再び作られたカード {count} 枚が履歴ごと戻りました",
    .restored_many = "。ノートから再び作られたカード {count} 枚が履歴ごと戻りました",
    .pruned_one = "。ファイルにないノート {count} 件を外しました",
    .pruned_many = "。ファイルにないノート {count} 件を外しました",
    .pruned_cards_one = "（カード {count} 枚を履歴ごと保留）",
    .pruned_cards_many = "（カード {count} 枚を履歴ごと保留）",
    .prune_toml_only =
        "import: --prune は kioku の TOML デッキ専用です。Anki のテキストやパッケージはデッキ全体を"
        "含むとは限らず、どのノートが消えたのか分からないためです",
    .history_package_only =
        "import: --with-history は Anki パッケージ（.apkg、.colpkg）専用です。TOML デッキや "
        "Anki のテキストファイルには復習履歴がありません",
    .media_one = "。メディアファイル {count} 個",
    .media_many = "。メディアファイル {count} 個",
    .history_one = "。カード {count} 枚が Anki の履歴（回答 {answers} 件）を引き継ぎました",
    .history_many = "。カード {count} 枚が Anki の履歴（回答 {answers} 件）を引き継ぎました",
    .conflicting_one =
        "。カード {count} 枚は kioku の内容のままです（パッケージの版より後に kioku で変更）",
    .conflicting_many =
        "。カード {count} 枚は kioku の内容のままです（パッケージの版より後に kioku で変更）",
    .skipped_one = "。カード {count} 枚を飛ばしました（ノートの guid がパッケージ内で重複）",
    .skipped_many = "。カード {count} 枚を飛ばしました（ノートの guid がパッケージ内で重複）",
    .unknown_filters =
        "ノートタイプ {name}: テンプレートが kioku の知らないフィルター（{filters}）を使って"
        "います。そのフィールドはそのまま表示します",
    .template_problem =
        "ノートタイプ {name}、カードテンプレート {template} の{side} {line} 行 {column} 列: "
        "{problem}。このカードにはノートのフィールドを代わりに表示します",
    .side_question = "表面",
    .side_answer = "裏面",
    .section_not_closed = "セクション {section} が閉じられていません",
    .wrong_section_closed = "{open} が開いたまま {section} を閉じています",
    .section_not_open = "{section} は開いていないセクションを閉じています",
    .sections_too_deep = "セクションの入れ子が深すぎます",
    .missing_field =
        "ノートタイプ {name}、カードテンプレート {template} の{side}: {tag} "
        "はこのノートタイプにないフィールドです。そこには何も表示しません",
    .file_empty = "import: FILE が空です。デッキファイルか、標準入力なら - を指定してください",
    .no_current_directory = "カレントディレクトリが分かりません",
    .cannot_open = "ファイルを開けません: {error}",
    .cannot_read = "ファイルを読めません: {error}",
    .cannot_read_input = "標準入力を読めません: {error}",
    .is_directory = "デッキファイルではなくディレクトリです",
    .cannot_hold = "メモリに読み込めません: {error}",
    .waiting_for_writer =
        "まだ何も書き込んでいない名前付きパイプです。プログラムがデッキを書き込む"
        "のを待っています（Ctrl-C で中止）",
};

}  // namespace

const ImportMessages& import_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
