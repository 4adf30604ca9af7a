// The generated deck's TOML, built as text so that the generator does not depend on the parser.
#include "tests/support/generated_deck.hpp"

namespace kioku::test {

std::string generated_deck(const std::string& slug, int cards) {
  std::string toml = "format = 1\nlanguages = [\"en\"]\n\n[deck]\nid = \"" + slug +
                     "\"\nname.en = \"Generated " + slug + "\"\n";
  for (int i = 0; i < cards; ++i) {
    const int choices = 2 + i % 4;
    const std::string n = std::to_string(i);
    toml += "\n[[cards]]\nid = \"" + slug + "-" + n + "\"\nkind = \"choice\"\nquestion.en = \"" +
            "Question " + n + "?\"\nchoices.en = [";
    for (int choice = 0; choice < choices; ++choice) {
      toml += std::string(choice ? ", " : "") + "\"" + static_cast<char>('a' + choice) + n + "\"";
    }
    toml += "]\nanswer = " + std::to_string(1 + i % choices) + "\nexplanation.en = \"Because " + n +
            ".\"\n";
  }
  return toml;
}

}  // namespace kioku::test
