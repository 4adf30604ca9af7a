// kioku import FILE: opens the deck file and passes it to the daemon, which imports it whole or
// not at all.
#include <ostream>

#include "cli/commands.hpp"
#include "cli/import_messages.hpp"
#include "cli/import_source.hpp"
#include "cli/messages.hpp"
#include "cli/terminal/safe_text.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

struct ImportArgs {
  std::string file;
};

void print_import(const protocol::DeckImportResult& summary, const ImportArgs& args,
                  const ImportMessages& words, std::ostream& out) {
  out << fill_in(words.imported, {{"deck", safe_line(summary.deck)},
                                  {"source", args.file == "-" ? std::string(words.standard_input)
                                                              : safe_line(args.file)},
                                  {"added", std::to_string(summary.added)},
                                  {"updated", std::to_string(summary.updated)},
                                  {"unchanged", std::to_string(summary.unchanged)}});
  if (const std::int64_t kept = summary.not_in_file; kept > 0) {
    out << fill_in_count(kept, words.kept_one, words.kept_many);
  }
  if (const std::int64_t retired = summary.retired; retired > 0) {
    out << fill_in_count(retired, words.retired_one, words.retired_many);
  }
  out << '\n';
}

// FILE names a file or standard input; "" names neither.
std::string not_empty(const std::string& file) {
  return file.empty() ? "must not be empty (give a deck file, or - for standard input)" : "";
}

}  // namespace

CommandGroup import_commands() {
  return {Command<ImportArgs>("import", {"Import a deck file (kioku TOML format)",
                                         "デッキファイル（kioku の TOML 形式）を取り込む"})
              .option(&ImportArgs::file, "FILE",
                      {"the deck file, or - to read it from standard input",
                       "デッキファイル。- なら標準入力から読む"},
                      required().checked_by(not_empty))
              .shows(protocol::kDeckImport,
                     [](const protocol::DeckImportResult& summary, const ImportArgs& args,
                        std::ostream& out) {
                       print_import(summary, args, import_messages_for("en"), out);
                     })
              .runs([](CliContext& context, const ImportArgs& args) {
                const ImportSource source = open_import_source(args.file, context.language);
                CallOptions options;
                options.descriptor = source.file.get();
                const boost::json::value result = context.daemon().call(
                    protocol::kDeckImport.name,
                    boost::json::object{{"fd", 0}, {"name", source.name}}, options);
                show_result(context, protocol::kDeckImport, result,
                            [&](const protocol::DeckImportResult& summary, std::ostream& out) {
                              print_import(summary, args, import_messages_for(context.language),
                                           out);
                            });
              })};
}

}  // namespace kioku::cli
