// kioku import FILE: opens the deck file and passes it to the daemon, which imports it whole or
// not at all.
#include <ostream>

#include "cli/commands.hpp"
#include "cli/import_source.hpp"
#include "cli/terminal/safe_text.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace {

struct ImportArgs {
  std::string file;
};

void print_import(const protocol::DeckImportResult& summary, const ImportArgs& args,
                  std::ostream& out) {
  out << "Imported " << safe_line(summary.deck) << " from "
      << (args.file == "-" ? std::string("standard input") : safe_line(args.file)) << ": "
      << summary.added << " added, " << summary.updated << " updated, " << summary.unchanged
      << " unchanged";
  if (const std::int64_t kept = summary.not_in_file; kept > 0) {
    out << " (" << counted(kept, "card", "cards") << " no longer in the file "
        << (kept == 1 ? "was" : "were") << " kept)";
  }
  out << '\n';
}

// FILE names a file or standard input; "" names neither.
std::string not_empty(const std::string& file) {
  return file.empty() ? "must not be empty (give a deck file, or - for standard input)" : "";
}

}  // namespace

CommandGroup import_commands() {
  return {Command<ImportArgs>("import", "Import a deck file (kioku TOML format)")
              .option(&ImportArgs::file, "FILE",
                      "the deck file, or - to read it from standard input",
                      required().checked_by(not_empty))
              .shows(protocol::kDeckImport, print_import)
              .runs([](CliContext& context, const ImportArgs& args) {
                const ImportSource source = open_import_source(args.file);
                CallOptions options;
                options.descriptor = source.file.get();
                const boost::json::value result = context.daemon().call(
                    protocol::kDeckImport.name,
                    boost::json::object{{"fd", 0}, {"name", source.name}}, options);
                show_result(context, protocol::kDeckImport, result,
                            [&args](const protocol::DeckImportResult& summary, std::ostream& out) {
                              print_import(summary, args, out);
                            });
              })};
}

}  // namespace kioku::cli
