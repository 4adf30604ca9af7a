#include "cli/shell_words.hpp"

namespace kioku::cli {

std::string shell_word(std::string_view text) {
  const auto plain = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("_-.,:/@%+=").find(c) != std::string_view::npos;
  };
  // zsh expands a word that starts with '=' (=ls is ls's path).
  bool quoted = text.empty() || text.front() == '=';
  for (const char c : text) quoted = quoted || !plain(c);
  if (!quoted) return std::string(text);
  std::string word = "'";
  for (const char c : text) word += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return word + "'";
}

std::string note_command_arguments(std::string_view deck, std::string_view id) {
  return "--deck " + shell_word(deck) + (id.starts_with("-") ? " -- " : " ") + shell_word(id);
}

}  // namespace kioku::cli
