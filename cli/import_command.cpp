// kioku import FILE: opens the deck file and passes it to the daemon, which imports it whole or
// not at all.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/import_source.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/error.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace json = boost::json;

void add_import_command(CLI::App& app, CliContext& context) {
  auto file = std::make_shared<std::string>();
  auto* command = app.add_subcommand("import", "Import a deck file (kioku TOML format)");
  command->add_option("FILE", *file, "the deck file, or - to read it from standard input")
      ->required()
      ->check(CLI::Validator(
          [](const std::string& value) {
            return value.empty() ? std::string(
                                       "must not be empty (give a deck file, or - for "
                                       "standard input)")
                                 : std::string();
          },
          "", ""));
  command->callback([&context, file] {
    const ImportSource source = open_import_source(*file);
    CallOptions options;
    options.descriptor = source.file.get();
    const json::value result = context.daemon().call(
        protocol::method::kDeckImport, json::object{{"fd", 0}, {"name", source.name}}, options);
    if (context.json) {
      print_json(result);
      return;
    }
    const json::object& summary = result.as_object();
    std::cout << "Imported " << safe_line(summary.at("deck").as_string()) << " from "
              << (*file == "-" ? std::string("standard input") : safe_line(*file)) << ": "
              << integer_field(summary, "added") << " added, " << integer_field(summary, "updated")
              << " updated, " << integer_field(summary, "unchanged") << " unchanged";
    if (const std::int64_t kept = integer_field(summary, "not_in_file"); kept > 0) {
      std::cout << " (" << counted(kept, "card", "cards") << " no longer in the file "
                << (kept == 1 ? "was" : "were") << " kept)";
    }
    std::cout << '\n';
  });
}

}  // namespace kioku::cli
