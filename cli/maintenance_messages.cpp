// deck config's, doctor's, sched replay's, sched optimize's and sched evaluate's words in English
// and Japanese.
#include "cli/maintenance_messages.hpp"
#include "cli/language_choice.hpp"

namespace kioku::cli {

namespace {

const MaintenanceMessages kEnglish{
    .recomputed_one =
        "Algorithm changed: recomputed {count} card from its history ({changed} changed)",
    .recomputed_many =
        "Algorithm changed: recomputed {count} cards from their history ({changed} changed)",
    .default_value = "(default {value})",
    .expected_key_value = "expected key=value, got '{text}'",
    .intact = "The collection {path} is intact",
    .warning = "warning: {text}",
    .problems_one = "SQLite found {count} problem: {advice}",
    .problems_many = "SQLite found {count} problems: {advice}",
    .restore_backup = "restore a backup",
    .replayed_one = "Replayed {count} card from its review log: ",
    .replayed_many = "Replayed {count} cards from their review logs: ",
    .fixed_one = "{count} differed from the stored state and was fixed",
    .fixed_many = "{count} differed from the stored state and were fixed",
    .fixed_cards = "{deck}: cards{cards}",
    .deck_without_rebuild =
        "--deck applies only with --rebuild (kioku doctor checks the whole collection)",
    .differing_one =
        "{count} card's state differs from its review log (card{cards}); "
        "kioku doctor --rebuild recomputes it",
    .differing_many =
        "{count} cards' states differ from their review logs (cards{cards}); "
        "kioku doctor --rebuild recomputes them",
    .unknown_time_zone =
        "--timezone: unknown time zone '{zone}' (an IANA name such as Europe/Berlin)",
    .option_expected_key_value = "--option: expected key=value, got '{text}'",
    .replay_card_not_text = "must be a string",
    .replay_time_not_text = "must be an RFC 3339 time",
    .replay_time_invalid = "\"{time}\" is not an RFC 3339 time",
    .replay_quality_needs_classic = "is only for --algorithm sm2-classic; use rating",
    .replay_quality_range = "must be an integer from 0 to 5",
    .replay_rating_invalid = "must be again, hard, good or easy",
    .history_cannot_open = "--history: cannot open {path}: {error}",
    .history_cannot_read = "cannot read: {error}",
    .history_line_too_long = "longer than {bytes} bytes; a history line is one JSON object",
    .optimize_items = "Training items used: {count}",
    .optimize_fit_defaults = "Too few items to fit: the default parameters",
    .optimize_fit_initial = "Few items: only the initial stabilities w0-w3 were fitted",
    .optimize_log_loss = "Log loss: {before} before, {after} after",
    .optimize_rmse_bins = "RMSE (bins): {before} before, {after} after",
    .optimize_parameters = "Parameters: {parameters}",
    .optimize_applied =
        "Stored in deck {deck}: {cards} cards recomputed from their answers, "
        "{changed} of them changed",
    .optimize_kept =
        "Deck {deck} keeps its parameters: the fitted ones do not predict your "
        "answers better",
    .optimize_apply_needs_deck = "--apply needs --deck: parameters belong to a deck",
    .optimize_history_or_deck =
        "--history fits a file; --deck and --apply fit the collection: "
        "give one or the other",
    .optimize_changed_meanwhile =
        "deck {deck}'s FSRS parameters were changed while the fit ran (by another client): "
        "nothing was stored; run kioku sched optimize --deck {deck} --apply again",
    .evaluate_scored =
        "{scored} of {items} answers scored: the later ones of a {splits}-fold time-series split, "
        "the same for every model; FSRS-6 is fitted on the answers before each fold",
    .evaluate_too_few = "Too few answers to evaluate: {items} training items, at least 6 needed",
    .evaluate_model = "Model",
    .evaluate_log_loss = "Log loss",
    .evaluate_rmse_bins = "RMSE (bins)",
    .evaluate_answers = "Answers",
    .evaluate_fsrs_defaults = "FSRS-6, default parameters",
    .evaluate_fsrs_fitted = "FSRS-6, fitted parameters",
    .evaluate_calibration = "Calibration, {model}: predicted recall against recalled",
    .evaluate_predicted = "Predicted",
    .evaluate_mean_predicted = "Mean predicted",
    .evaluate_recalled = "Recalled",
    .evaluate_history_or_deck =
        "--history evaluates a file; --deck evaluates the collection: give one or the other",
};

const MaintenanceMessages kJapanese{
    .recomputed_one =
        "アルゴリズムを変更しました: カード {count} 枚を履歴から再計算（変更 {changed} 枚）",
    .recomputed_many =
        "アルゴリズムを変更しました: カード {count} 枚を履歴から再計算（変更 {changed} 枚）",
    .default_value = "（既定値 {value}）",
    .expected_key_value = "key=value の形で指定してください（指定された値: '{text}'）",
    .intact = "コレクション {path} に問題はありません",
    .warning = "警告: {text}",
    .problems_one = "SQLite が問題を {count} 件見つけました: {advice}",
    .problems_many = "SQLite が問題を {count} 件見つけました: {advice}",
    .restore_backup = "バックアップから復元してください",
    .replayed_one = "カード {count} 枚を復習ログから再計算しました: ",
    .replayed_many = "カード {count} 枚を復習ログから再計算しました: ",
    .fixed_one = "{count} 枚が保存済みの状態と異なっていたので修正しました",
    .fixed_many = "{count} 枚が保存済みの状態と異なっていたので修正しました",
    .fixed_cards = "{deck}: カード{cards}",
    .deck_without_rebuild =
        "--deck は --rebuild と一緒にしか使えません（kioku doctor はコレクション全体を検査します）",
    .differing_one =
        "カード {count} 枚の状態が復習ログと一致しません（カード{cards}）。"
        "kioku doctor --rebuild で再計算できます",
    .differing_many =
        "カード {count} 枚の状態が復習ログと一致しません（カード{cards}）。"
        "kioku doctor --rebuild で再計算できます",
    .unknown_time_zone =
        "--timezone: 不明なタイムゾーン '{zone}'（Europe/Berlin のような IANA "
        "名を指定してください）",
    .option_expected_key_value =
        "--option: key=value の形で指定してください（指定された値: '{text}'）",
    .replay_card_not_text = "文字列で指定してください",
    .replay_time_not_text = "RFC 3339 形式の時刻で指定してください",
    .replay_time_invalid = "\"{time}\" は RFC 3339 形式の時刻ではありません",
    .replay_quality_needs_classic =
        "--algorithm sm2-classic でしか使えません。rating を使ってください",
    .replay_quality_range = "0 から 5 の整数で指定してください",
    .replay_rating_invalid = "again、hard、good、easy のどれかで指定してください",
    .history_cannot_open = "--history: {path} を開けません: {error}",
    .history_cannot_read = "読み込めません: {error}",
    .history_line_too_long = "{bytes} バイトを超えています。履歴の1行は JSON オブジェクト1つです",
    .optimize_items = "使用した学習項目: {count} 件",
    .optimize_fit_defaults = "項目が少なすぎるため最適化できません: 既定のパラメータです",
    .optimize_fit_initial = "項目が少ないため、初期安定性 w0〜w3 だけを最適化しました",
    .optimize_log_loss = "対数損失: 最適化前 {before}、最適化後 {after}",
    .optimize_rmse_bins = "RMSE（ビン）: 最適化前 {before}、最適化後 {after}",
    .optimize_parameters = "パラメータ: {parameters}",
    .optimize_applied =
        "デッキ {deck} に保存しました: {cards} 枚のカードを回答から再計算し、"
        "うち {changed} 枚が変わりました",
    .optimize_kept =
        "デッキ {deck} のパラメータはそのままです: 最適化したパラメータの方が"
        "回答をよく予測するわけではありません",
    .optimize_apply_needs_deck = "--apply には --deck が必要です: パラメータはデッキごとです",
    .optimize_history_or_deck =
        "--history はファイルを、--deck と --apply はコレクションを"
        "最適化します: どちらか一方を指定してください",
    .optimize_changed_meanwhile =
        "最適化の間にデッキ {deck} の FSRS パラメータが（別のクライアントによって）変更されました: "
        "何も保存していません。kioku sched optimize --deck {deck} --apply "
        "をもう一度実行してください",
    .evaluate_scored =
        "採点した回答: {items} 件中 {scored} 件（{splits} 分割の時系列分割の後半の回答で、"
        "どのモデルも同じ回答。FSRS-6 は各分割より前の回答で最適化）",
    .evaluate_too_few = "回答が少なすぎて評価できません: 学習項目 {items} 件（6 件以上が必要）",
    .evaluate_model = "モデル",
    .evaluate_log_loss = "対数損失",
    .evaluate_rmse_bins = "RMSE（ビン）",
    .evaluate_answers = "回答数",
    .evaluate_fsrs_defaults = "FSRS-6（既定のパラメータ）",
    .evaluate_fsrs_fitted = "FSRS-6（最適化したパラメータ）",
    .evaluate_calibration = "較正、{model}: 予測した想起率と実際の想起率",
    .evaluate_predicted = "予測",
    .evaluate_mean_predicted = "予測の平均",
    .evaluate_recalled = "想起率",
    .evaluate_history_or_deck =
        "--history はファイルを、--deck はコレクションを評価します: "
        "どちらか一方を指定してください",
};

}  // namespace

const MaintenanceMessages& maintenance_messages_for(const std::string& language) {
  return in_language(language, kEnglish, kJapanese);
}

}  // namespace kioku::cli
