// The note commands' words in English and Japanese.
#include "cli/note_messages.hpp"

#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const NoteMessages kEnglish{
    .added = "Added note {note} to deck {deck}: {cards}",
    .saved = "Saved note {note}: {cards}",
    .no_change = "No change to note {note}: nothing saved.",
    .card_one = "{count} card",
    .card_many = "{count} cards",
    .card_line = "  card {card}: {template}",
    .retired_mark = " (retired: suspended, history kept)",
    .cards_added = "New cards: {cards}",
    .cards_retired = "Retired cards (suspended, their history kept): {cards}",
    .cards_revived = "Cards back in use: {cards}",
    .bad_field_argument = "--field {argument}: expected NAME=TEXT or NAME.LANGUAGE=TEXT",
    .field_given_twice = "--field {argument}: this field and language was given already",
    .choices_only_for_choice = "--choice and --answer are for choice notes (--kind choice)",
    .no_such_note = "No note or card {note}",
    .edit_deleted =
        "Note {note} is deleted: bring it back with kioku note restore {arguments} first",
    .edit_changed_elsewhere =
        "Not saved: note {note} was changed elsewhere since the editor opened. To replace "
        "that change with this text, delete these two lines and save; to keep it, quit "
        "without saving",
    .no_such_deck = "No deck {deck} (kioku decks lists them)",
    .column_id = "ID",
    .column_kind = "KIND",
    .column_deck = "DECK",
    .column_text = "TEXT",
    .column_cards = "CARDS",
    .column_tags = "TAGS",
    .no_notes = "No notes found.",
    .no_deleted_notes = "No deleted notes found.",
    .more_notes =
        "More notes match than the {limit} shown: the next with --offset {next}, or narrow the "
        "search.",
    .deleted = "Deleted note {note} ({cards}); kioku note restore {arguments} brings it back.",
    .already_deleted = "Note {note} was deleted already.",
    .restored = "Restored note {note} ({cards}).",
    .not_deleted = "Note {note} is not deleted: nothing to restore.",
};

const NoteMessages kJapanese{
    .added = "ノート {note} をデッキ {deck} に追加しました: {cards}",
    .saved = "ノート {note} を保存しました: {cards}",
    .no_change = "ノート {note} に変更はありません。何も保存していません。",
    .card_one = "カード {count} 枚",
    .card_many = "カード {count} 枚",
    .card_line = "  カード {card}: {template}",
    .retired_mark = "（使用終了: 保留中、履歴は保持）",
    .cards_added = "新しいカード: {cards}",
    .cards_retired = "使われなくなったカード（保留にして履歴は保持）: {cards}",
    .cards_revived = "再び使われるカード: {cards}",
    .bad_field_argument =
        "--field {argument}: NAME=TEXT または NAME.LANGUAGE=TEXT の形にしてください",
    .field_given_twice = "--field {argument}: このフィールドと言語はすでに指定されています",
    .choices_only_for_choice =
        "--choice と --answer は選択式のノート（--kind choice）にだけ使えます",
    .no_such_note = "ノートまたはカード {note} はありません",
    .edit_deleted =
        "ノート {note} は削除されています。先に kioku note restore {arguments} "
        "で元に戻してください",
    .edit_changed_elsewhere =
        "保存していません: エディタを開いた後、ノート {note} は別の場所で変更されました。"
        "その変更をこの内容で置き換えるならこの 2 行を消して保存し、残すなら保存せずに終了して"
        "ください",
    .no_such_deck = "デッキ {deck} はありません（kioku decks で一覧できます）",
    .column_id = "ID",
    .column_kind = "種類",
    .column_deck = "デッキ",
    .column_text = "テキスト",
    .column_cards = "カード",
    .column_tags = "タグ",
    .no_notes = "ノートは見つかりませんでした。",
    .no_deleted_notes = "削除されたノートは見つかりませんでした。",
    .more_notes =
        "表示した {limit} 件のほかにも該当するノートがあります。続きは --offset {next} "
        "で表示するか、条件を絞ってください。",
    .deleted =
        "ノート {note}（{cards}）を削除しました。kioku note restore {arguments} で元に戻せます。",
    .already_deleted = "ノート {note} はすでに削除されています。",
    .restored = "ノート {note}（{cards}）を元に戻しました。",
    .not_deleted = "ノート {note} は削除されていません。元に戻すものはありません。",
};

const NoteFileMessages kEnglishFile{
    .template_unchanged = "The template was not changed: nothing added.",
    .template_emptied = "The template was emptied: nothing added.",
    .note_emptied =
        "The file was emptied: nothing saved. To delete the note: kioku note delete {arguments}",
    .unchanged_after_error = "The file was left as it was after the error: nothing saved.",
    .too_many_problems = "The file still had a problem after {rounds} saves: nothing saved.",
    .editor_failed = "The editor ({editor}) exited with status {status}: nothing saved.",
    .editor_killed = "The editor ({editor}) was killed by signal {signal}: nothing saved.",
    .editor_not_started = "Could not start the editor ({editor}): {error}",
    .cannot_write_file = "Could not write the note's file for the editor: {error}",
    .cannot_read_file = "Could not read the note's file back from the editor: {error}",
    .file_too_large = "The note's file is larger than {limit} bytes: nothing saved.",
    .error_heading =
        "Not saved. Fix the problem below and save again, or quit without "
        "changing the file to give up.",
    .heading_add = "A new {kind} note for deck {deck}.",
    .heading_edit = "Note {note} ({kind}) of deck {deck}.",
    .heading_texts = "Each field has a text per language ({languages}); a text left \"\" is none.",
    .heading_multiline = "Text over several lines goes between triple quotes: \"\"\"...\"\"\".",
    .heading_cancel_add =
        "Save to add the note; quit without saving, or empty the file, to cancel.",
    .heading_cancel_edit = "Save to change the note; quit without saving to leave it as it is.",
    .heading_cards = "Its cards: {cards}",
    .comment_id = "The note's id; it cannot be changed.",
    .comment_kind = "The kind: {kinds}.",
    .comment_tags = "Tags, for example [\"grammar\", \"chapter-2\"].",
    .comment_required = " (required)",
    .field_front = "front: the question side.",
    .field_back = "back: the answer side.",
    .field_typed_back = "back: the answer, which is typed in and compared.",
    .field_add_reverse = "add_reverse: any text here adds the reverse card (back to front).",
    .field_text =
        "text: the text with its clozes, {{c1::...}} or {{c1::...::...}} (a hint after the second "
        "::); one "
        "card per number.",
    .field_extra = "extra: shown with the answer.",
    .field_question = "question: the question.",
    .field_explanation = "explanation: shown after the answer.",
    .field_source = "source: where the note's fact comes from, shown last with the answer.",
    .field_choices = "choices: the choices per language, in the same order in each.",
    .field_answer = "answer: the right choice, counting from 1.",
    .comment_anki_kind =
        "An Anki note of note type {type}, shown through its card templates; the kind and the "
        "type stay as they are.",
    .comment_anki_fields =
        "The fields of note type {type}, as HTML (as Anki keeps them); a text left \"\" is "
        "empty.",
    .toml_not_text = "must be a text in quotes",
    .toml_not_texts = "must be a text in quotes, or one per language (front.en = \"...\")",
    .toml_not_list = "must be a list of texts: [\"a\", \"b\"]",
    .toml_not_number = "must be a whole number",
    .toml_unknown_key = "a {kind} note has no field of this name (it has {fields})",
    .toml_id_changed = "the note's id cannot be changed (it is {id})",
    .toml_no_kind = "missing: the note's kind",
    .toml_no_tables = "a note's file holds one note, without [[…]] tables",
};

const NoteFileMessages kJapaneseFile{
    .template_unchanged = "テンプレートが変更されていません。何も追加していません。",
    .template_emptied = "テンプレートが空になりました。何も追加していません。",
    .note_emptied =
        "ファイルが空になりました。何も保存していません。ノートを削除するには: kioku "
        "note delete {arguments}",
    .unchanged_after_error = "エラーの後、ファイルが変更されませんでした。何も保存していません。",
    .too_many_problems = "{rounds} 回保存してもファイルに問題が残りました。何も保存していません。",
    .editor_failed =
        "エディタ（{editor}）が終了ステータス {status} で終了しました。何も保存していません。",
    .editor_killed =
        "エディタ（{editor}）がシグナル {signal} で終了しました。何も保存していません。",
    .editor_not_started = "エディタ（{editor}）を起動できませんでした: {error}",
    .cannot_write_file = "エディタ用のノートのファイルを書けませんでした: {error}",
    .cannot_read_file = "エディタで編集したノートのファイルを読めませんでした: {error}",
    .file_too_large = "ノートのファイルが {limit} バイトを超えています。何も保存していません。",
    .error_heading =
        "保存されていません。下の問題を直して保存し直してください。やめるには、"
        "ファイルを変えずに終了してください。",
    .heading_add = "デッキ {deck} の新しい {kind} ノート。",
    .heading_edit = "デッキ {deck} のノート {note}（{kind}）。",
    .heading_texts =
        "各フィールドは言語ごとにテキストを持ちます（{languages}）。\"\" "
        "のままなら、その言語のテキストはありません。",
    .heading_multiline = "複数行のテキストは三重引用符で囲みます: \"\"\"...\"\"\"。",
    .heading_cancel_add =
        "保存するとノートを追加します。保存せずに終了するか、ファイルを空にすると取りやめます。",
    .heading_cancel_edit = "保存するとノートを変更します。保存せずに終了すれば、そのままにします。",
    .heading_cards = "カード: {cards}",
    .comment_id = "ノートの ID（変更できません）。",
    .comment_kind = "種類: {kinds}。",
    .comment_tags = "タグ。例: [\"grammar\", \"chapter-2\"]。",
    .comment_required = "（必須）",
    .field_front = "front: 問題の面。",
    .field_back = "back: 答えの面。",
    .field_typed_back = "back: 答え。入力されたものと比べます。",
    .field_add_reverse = "add_reverse: 何か書くと逆向き（back から front）のカードも作ります。",
    .field_text =
        "text: 穴埋めを含むテキスト。{{c1::...}} または {{c1::...::...}}（2 つ目の :: "
        "の後はヒント）。"
        "番号ごとにカードを 1 枚作ります。",
    .field_extra = "extra: 答えとともに表示します。",
    .field_question = "question: 問題。",
    .field_explanation = "explanation: 解答の後に表示する解説。",
    .field_source = "source: ノートの内容の出典。答えの最後に表示します。",
    .field_choices = "choices: 言語ごとの選択肢。どの言語でも同じ順に並べます。",
    .field_answer = "answer: 正解の選択肢の番号（1 から数える）。",
    .comment_anki_kind =
        "Anki のノートタイプ {type} のノート。カードはそのカードテンプレートで表示します。種類と"
        "ノートタイプは変えられません。",
    .comment_anki_fields =
        "ノートタイプ {type} のフィールド（Anki と同じく HTML）。\"\" のままなら空です。",
    .toml_not_text = "引用符で囲んだテキストにしてください",
    .toml_not_texts =
        "引用符で囲んだテキストか、言語ごとのテキスト（front.en = \"...\"）にしてください",
    .toml_not_list = "テキストのリストにしてください: [\"a\", \"b\"]",
    .toml_not_number = "整数にしてください",
    .toml_unknown_key = "{kind} ノートにこの名前のフィールドはありません（あるのは {fields}）",
    .toml_id_changed = "ノートの ID は変更できません（{id} です）",
    .toml_no_kind = "ノートの種類（kind）がありません",
    .toml_no_tables = "ノートのファイルにはノートが一つだけで、[[…]] の表は書けません",
};

}  // namespace

const NoteMessages& note_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

const NoteFileMessages& note_file_messages_for(const std::string& language) {
  return in_language(language, kEnglishFile, kJapaneseFile);
}

}  // namespace kioku::cli
