// kioku: the command-line client. Parses arguments; every error ends as one line on stderr and
// a documented exit code (cli/exit_codes.hpp).
#include <iostream>

#include "cli/call_error.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/sigint_wait.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/day_calendar.hpp"
#include "core/error.hpp"

int main(int argc, char** argv) {
  kioku::pin_local_time_zone();
  using namespace kioku::cli;
  CliContext context;
  context.language = language_from_environment();
  int exit_code = kExitOk;

  CLI::App app{"kioku: spaced-repetition flashcards in the terminal"};
  app.set_version_flag("--version", std::string("kioku ") + KIOKU_VERSION);
  app.require_subcommand(1);
  app.fallthrough();  // global options may follow the subcommand: `kioku due --json`
  app.add_option("--socket", context.connect.socket_path,
                 "daemon socket (default: $XDG_RUNTIME_DIR/kioku/kiokud.sock)");
  app.add_flag("--json", context.json, "print data as JSON");
  app.add_flag_function(
      "--no-autostart", [&context](std::int64_t) { context.connect.autostart = false; },
      "do not start kiokud when it is not running");
  app.add_option("--lang", context.language, "language of cards and messages (en or ja)")
      ->check(CLI::IsMember({"en", "ja"}));
  app.add_option_function<double>(
         "--timeout",
         [&context](double seconds) {
           context.reply_timeout =
               std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
         },
         "seconds to wait for each reply of kiokud (default 15, 600 for imports, doctor and "
         "deck config)")
      ->check(CLI::Range(0.1, 86400.0));

  add_review_command(app, context, exit_code);
  add_import_command(app, context);
  add_decks_command(app, context);
  add_due_command(app, context);
  add_unbury_command(app, context);
  add_stats_command(app, context);
  add_daemon_command(app, context, exit_code);
  add_deck_command(app, context);
  add_doctor_command(app, context);
  add_sched_command(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);
    return code == 0 ? kExitOk : kExitUsage;
  } catch (const CallError& error) {
    std::cout.flush();
    std::cerr << "kioku: " << safe_line(error.what()) << '\n';
    if (error.failure() == CallFailure::kInterrupted) return exit_as_interrupted();
    return exit_code_for(error.code());
  } catch (const kioku::Error& error) {
    std::cout.flush();
    std::cerr << "kioku: " << safe_line(error.what()) << '\n';
    return exit_code_for(error.code());
  } catch (const std::exception& error) {
    std::cout.flush();
    std::cerr << "kioku: " << safe_line(error.what()) << '\n';
    return kExitFailure;
  }
  return exit_code;
}
