// The small vocabularies the generated decks and notes draw their words from, so that a
// benchmark's texts are a few dozen to a few hundred bytes, as hand-written ones are.
#pragma once

#include <array>
#include <random>
#include <string>
#include <string_view>

namespace kioku::bench {

inline constexpr std::array<std::string_view, 16> kEnglishWords{
    "gradient", "checkpoint", "memory",    "layer", "activation", "recompute", "tensor", "batch",
    "forward",  "backward",   "optimizer", "cache", "segment",    "graph",     "kernel", "device"};
inline constexpr std::array<std::string_view, 16> kJapaneseWords{
    "勾配",     "チェックポイント", "メモリ",   "層",      "活性化", "再計算",
    "テンソル", "バッチ",           "順伝播",   "逆伝播",  "最適化", "キャッシュ",
    "区間",     "グラフ",           "カーネル", "デバイス"};

// `count` words of `vocabulary` picked by `random`, between `separator`s.
inline std::string words(std::mt19937_64& random, const auto& vocabulary, int count,
                         std::string_view separator) {
  std::string text;
  for (int i = 0; i < count; ++i) {
    if (i > 0) text += separator;
    text += vocabulary[random() % vocabulary.size()];
  }
  return text;
}

}  // namespace kioku::bench
