#include "daemon/methods/method_list.hpp"

#include "daemon/methods/method_table.hpp"

namespace kioku::daemon {

std::string method_list_markdown() {
  std::string text =
      "| Method | Parameters | What it does |\n|--------|------------|--------------|\n";
  for (const Method& method : method_table()) {
    std::string params;
    for (const protocol::FieldSpec& spec : method.params) {
      if (!params.empty()) params += ", ";
      params += "`" + std::string(spec.name) + "` (" + std::string(protocol::to_string(spec.type)) +
                (spec.required ? ", required)" : ")");
    }
    if (params.empty()) params = "—";
    text += "| `" + std::string(method.name) + "` | " + params + " | " + std::string(method.help) +
            " |\n";
  }
  return text;
}

}  // namespace kioku::daemon
