// kioku: the command-line client; its commands are in cli/command_table.hpp. Every error ends as
// one line on stderr and a documented exit code (cli/exit_codes.hpp).
#include <algorithm>
#include <iostream>
#include <string_view>
#include <vector>

#include "cli/call_error.hpp"
#include "cli/client_settings.hpp"
#include "cli/command_table.hpp"
#include "cli/due_count.hpp"
#include "cli/error_text.hpp"
#include "cli/exit_codes.hpp"
#include "cli/stop_signal_wait.hpp"
#include "cli/terminal/safe_text.hpp"
#include "core/day_calendar.hpp"
#include "core/error.hpp"
#include "protocol/paths.hpp"

int main(int argc, char** argv) {
  kioku::pin_local_time_zone();
  using namespace kioku::cli;
  CliContext context;
  context.language = language_from_environment();
  apply_client_settings(kioku::protocol::config_file_path(), context);
  try {
    // `due --count` runs before the command table is built: a shell prompt runs it every line.
    if (const auto due_count = parse_due_count_line(
            std::vector<std::string_view>(argv + std::min(argc, 1), argv + argc))) {
      return run_due_count(*due_count, context);
    }
    return run_command_line(argc, argv, context);
  } catch (const CallError& error) {
    std::cout.flush();
    std::cerr << "kioku: " << safe_line(error_text(error, context.language)) << '\n';
    if (error.failure() == CallFailure::kInterrupted) return exit_as_interrupted();
    return exit_code_for(error.code());
  } catch (const kioku::Error& error) {
    std::cout.flush();
    std::cerr << "kioku: " << safe_line(error_text(error, context.language)) << '\n';
    return exit_code_for(error.code());
  } catch (const std::exception& error) {
    std::cout.flush();
    std::cerr << "kioku: " << safe_line(error.what()) << '\n';
    return kExitFailure;
  }
}
