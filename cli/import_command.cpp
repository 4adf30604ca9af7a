// kioku import FILE: hands the file to the daemon, which imports it whole or not at all.
#include <unistd.h>

#include <iostream>

#include "cli/commands.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/error.hpp"
#include "protocol/methods.hpp"

namespace kioku::cli {

namespace json = boost::json;

namespace {

std::string absolute_path(const std::string& path) {
  if (!path.empty() && path.front() == '/') return path;
  char directory[4096];
  if (::getcwd(directory, sizeof directory) == nullptr) {
    throw Error(ErrorCode::kInvalidInput, path + ": cannot tell the current directory");
  }
  return std::string(directory) + "/" + path;
}

}  // namespace

void add_import_command(CLI::App& app, CliContext& context) {
  auto file = std::make_shared<std::string>();
  auto* command = app.add_subcommand("import", "Import a deck file (kioku TOML format)");
  command->add_option("FILE", *file, "the deck file")->required();
  command->callback([&context, file] {
    const json::value result = context.daemon().call(protocol::method::kDeckImport,
                                                     json::object{{"path", absolute_path(*file)}});
    if (context.json) {
      print_json(result);
      return;
    }
    const json::object& summary = result.as_object();
    std::cout << "Imported " << safe_line(summary.at("deck").as_string()) << " from "
              << safe_line(*file) << ": " << integer_field(summary, "added") << " added, "
              << integer_field(summary, "updated") << " updated, "
              << integer_field(summary, "unchanged") << " unchanged";
    if (const std::int64_t kept = integer_field(summary, "not_in_file"); kept > 0) {
      std::cout << " (" << counted(kept, "card", "cards") << " no longer in the file "
                << (kept == 1 ? "was" : "were") << " kept)";
    }
    std::cout << '\n';
  });
}

}  // namespace kioku::cli
