#include "cli/client_settings.hpp"

#include <fstream>
#include <sstream>

#include "core/configuration.hpp"

namespace kioku::cli {

void apply_client_settings(const std::string& path, CliContext& context) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return;
  std::ostringstream text;
  text << in.rdbuf();
  try {
    const Configuration settings = parse_configuration(text.str(), path).values;
    if (!settings.language.empty()) choose_language(context, settings.language);
    context.color = settings.color;
    if (!settings.socket.empty()) context.connect.socket_path = settings.socket;
  } catch (const Error&) {
    // Left to kiokud to report (see the header).
  }
}

}  // namespace kioku::cli
