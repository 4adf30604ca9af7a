#!/usr/bin/env bash
# Builds the Debian package from a build directory and checks it as a user would meet it:
# its contents and fields (dpkg-deb -c, -I), the unpacked kioku and kiokud in a temporary root
# and home (the bundled deck, an import of the installed deck file, a scripted review), every
# man page rendered by man without a warning, the bash completion under bash's compgen, and
# lintian with no error or warning. Usage: check-package.sh BUILD_DIR VERSION GENERATOR
# (GENERATOR: kioku_generate_completions, which lists the command table's commands).
set -euo pipefail
build_dir=$1
version=$2
generator=$3

work=$(mktemp -d)
daemon_pid=""
cleanup() {
  if [ -n "$daemon_pid" ] && kill -0 "$daemon_pid" 2>/dev/null; then kill "$daemon_pid"; fi
  rm -rf "$work"
}
trap cleanup EXIT
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# The package, by cpack, into a directory of this run's own.
cpack --config "$build_dir/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; exit 1; }
deb="$work/out/kioku_${version}-1_amd64.deb"
[ -f "$deb" ] || { ls "$work/out"; echo "FAIL: no $deb"; exit 1; }
echo "package: $(basename "$deb"), $(stat -c %s "$deb") bytes"

# Fields: Depends computed by dpkg-shlibdeps.
info=$(dpkg-deb -I "$deb")
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for library in libc6 libsqlite3-0 libminizip1 libzstd1 libisal2; do
  case ", $depends," in *", $library "* | *", $library,"*) ;; *) fail "Depends lacks $library" ;; esac
done
# Both binaries carry the C++ runtime and toml++ inside (CMakeLists.txt): neither loads them;
# kiokud speaks systemd's protocols itself (daemon/server/systemd_service.cpp), and reads zips
# through minizip, not libzip, which loads libcrypto.
for library in libstdc++6 libtomlplusplus3 libsystemd0 libzip4; do
  case ", $depends," in *", $library "* | *", $library,"*) fail "Depends has $library" ;; esac
done
[ "$(dpkg-deb -f "$deb" Version)" = "${version}-1" ] || fail "Version is not ${version}-1"
grep -q '^ Maintainer: .*<.*@.*>$' <<<"$info" || fail "no Maintainer with an address"

# Contents.
contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
for path in ./usr/bin/kioku ./usr/bin/kiokud \
  ./usr/share/kioku/decks/gradient-checkpointing.toml \
  ./usr/share/man/man1/kioku.1.gz ./usr/share/man/man1/kiokud.1.gz \
  ./usr/share/man/man5/kioku-deck.5.gz ./usr/share/man/ja/man1/kioku.1.gz \
  ./usr/share/man/ja/man1/kiokud.1.gz ./usr/share/man/ja/man5/kioku-deck.5.gz \
  ./usr/share/man/man5/kioku.conf.5.gz ./usr/share/man/ja/man5/kioku.conf.5.gz \
  ./usr/share/bash-completion/completions/kioku ./usr/share/zsh/vendor-completions/_kioku \
  ./usr/share/fish/vendor_completions.d/kioku.fish \
  ./usr/lib/systemd/user/kiokud.service ./usr/lib/systemd/user/kiokud.socket \
  ./usr/share/doc/kioku/copyright ./usr/share/doc/kioku/changelog.Debian.gz; do
  grep -qxF "$path" <<<"$contents" || fail "the package has no $path"
done

# The unpacked tree: binaries, a home of their own, the daemon started by kioku from the root.
root="$work/root"
dpkg-deb -x "$deb" "$root"
bin="$root/usr/bin"
grep -qx "ExecStart=/usr/bin/kiokud" "$root/usr/lib/systemd/user/kiokud.service" ||
  fail "kiokud.service does not start /usr/bin/kiokud"
[ "$("$bin/kioku" --version)" = "kioku $version" ] || fail "kioku --version"
[ "$("$bin/kiokud" --version)" = "kiokud $version" ] || fail "kiokud --version"
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config"
export XDG_RUNTIME_DIR="$work/run"
mkdir -p "$HOME" && mkdir -m 700 "$XDG_RUNTIME_DIR"
export LC_ALL=C.UTF-8 PATH="$bin:$PATH"
unset LANG LC_MESSAGES KIOKU_SOCKET 2>/dev/null || true

# kioku starts the kiokud beside it, which imports the deck compiled into it.
decks=$(kioku --json decks)
daemon_pid=$(kioku --json daemon status | sed -n 's/.*"pid":\([0-9]*\).*/\1/p')
[ "$(readlink "/proc/$daemon_pid/exe")" = "$bin/kiokud" ] || fail "the daemon is not the unpacked kiokud"
grep -q '"id":"gradient-checkpointing"' <<<"$decks" || fail "no bundled deck: $decks"
cards=$(sed -n 's/.*"cards":\([0-9]*\).*/\1/p' <<<"$decks")
# The installed deck file is the one kiokud has compiled in: importing it changes nothing.
imported=$(kioku --json import "$root/usr/share/kioku/decks/gradient-checkpointing.toml")
grep -q "\"unchanged\":$cards\b" <<<"$imported" || fail "importing the installed deck: $imported"
# A scripted review of three cards: the first is right, the next two wrong.
review=$(printf '1\n1\n1\n' | kioku review --no-shuffle --limit 3)
grep -q "3 cards reviewed, 1 correct (33%)" <<<"$review" || fail "the scripted review: $review"
history=$(kioku --json history --days 1)
grep -q '"reviews":3,"correct":1' <<<"$history" || fail "the answers were not recorded: $history"

# Completions, with the daemon running for --deck: each shell runs its own script, through the
# same checks. bash's function is called with COMP_WORDS set; zsh's is autoloaded as compinit
# would and called as the completion system calls it (words, CURRENT and PREFIX set), with
# compadd, _files and _message standing in for the system's, printing what would be offered;
# fish answers `complete -C` itself. Each complete_<shell> takes the words of a command line,
# the last being completed, and prints the candidates one a line.
bash_script="$root/usr/share/bash-completion/completions/kioku"
zsh_script="$root/usr/share/zsh/vendor-completions/_kioku"
fish_script="$root/usr/share/fish/vendor_completions.d/kioku.fish"
zsh -n "$zsh_script" || fail "zsh cannot parse its completion"
fish -n "$fish_script" || fail "fish cannot parse its completion"
complete_bash() {
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    _kioku; printf "%s\n" "${COMPREPLY[@]}"' completion "$bash_script" "$@"
}
complete_zsh() {
  zsh -f -c 'compadd() { while [[ $# -gt 0 && $1 != -- ]]; do shift; done; shift
      printf "%s\n" "$@"; }
    _files() { print -rl -- *(N); }
    _message() { print -r -- "<message>"; }
    fpath=("${1:h}" $fpath); autoload -Uz _kioku
    shift; words=("$@"); CURRENT=$#; PREFIX=${words[CURRENT]}; _kioku' completion "$zsh_script" "$@"
}
complete_fish() {  # the words joined as typed; the candidates without their descriptions
  fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$fish_script" "$*" | cut -f1
}
# Run in the deck directory, so that "files offered" means its deck file is.
decks="$root/usr/share/kioku/decks"
deck_file=gradient-checkpointing.toml
for shell in bash zsh fish; do
  offered() { (cd "$decks" && "complete_$shell" "$@"); }
  top=$(offered kioku "")
  while read -r command; do
    case "$command" in
      *" "*) noun=${command% *} verb=${command#* }
        grep -qx "$verb" <<<"$(offered kioku "$noun" "")" || fail "$shell: no '$verb' after '$noun'" ;;
      *) grep -qx "$command" <<<"$top" || fail "$shell: no command $command" ;;
    esac
  done < <("$generator" commands)
  grep -qx -- --deck <<<"$(offered kioku review --de)" || fail "$shell: no --deck for review"
  [ "$(offered kioku --lang "" | sort | tr '\n' ' ')" = "both en ja " ] || fail "$shell: --lang values"
  grep -qx gradient-checkpointing <<<"$(offered kioku review --deck "")" ||
    fail "$shell: no deck ids from the daemon"
  grep -qx gradient-checkpointing <<<"$(offered kioku deck config "")" ||
    fail "$shell: no deck ids for deck config's DECK"
  grep -qx "$deck_file" <<<"$(offered kioku import "")" || fail "$shell: no files for import"
  # export's -o,--output: both spellings offered, and files after either; a value that is not a
  # path is never offered files.
  grep -qx -- --output <<<"$(offered kioku export --ou)" || fail "$shell: no --output for export"
  grep -qx -- -o <<<"$(offered kioku export -)" || fail "$shell: no -o for export"
  grep -qx "$deck_file" <<<"$(offered kioku export -o "")" || fail "$shell: no files after -o"
  grep -qx "$deck_file" <<<"$(offered kioku export --output "")" ||
    fail "$shell: no files after --output"
  ! grep -q "$deck_file" <<<"$(offered kioku --lang "")" || fail "$shell: files offered for --lang"
done

kioku daemon stop >/dev/null
daemon_pid=""

# Man pages: each renders with no warning from man or groff, the English ones in a UTF-8
# locale and in C, the Japanese ones in UTF-8 (man reads /usr/share/man/ja only in a Japanese
# locale, and those are UTF-8).
for page in $(find "$root/usr/share/man" -name '*.gz' | sort); do
  locales="C.UTF-8 C"
  case "$page" in */man/ja/*) locales=C.UTF-8 ;; esac
  for locale in $locales; do
    warnings=$(LC_ALL=$locale MANWIDTH=80 man -l --warnings "$page" 2>&1 >"$work/page.txt") ||
      fail "man failed on ${page#$root}"
    [ -z "$warnings" ] || fail "man warns about ${page#$root} ($locale): $warnings"
  done
  [ "$(wc -l <"$work/page.txt")" -gt 20 ] || fail "${page#$root} renders nearly empty"
  case "$page" in */man/ja/*) grep -q '関連項目' "$work/page.txt" || fail "${page#$root} has no Japanese" ;; esac
done
# kiokud(1) describes every option kiokud --help lists, in both languages.
for option in $(kiokud --help | grep -o -- '--[a-z-]*' | sort -u); do
  for page in "$root/usr/share/man/man1/kiokud.1.gz" "$root/usr/share/man/ja/man1/kiokud.1.gz"; do
    grep -qF -- "${option//-/\\-}" <<<"$(zcat "$page")" || fail "${page#$root} lacks $option"
  done
done

# lintian: no error and no warning (overrides, each with its reason, in packaging/debian).
lintian_output=$(lintian --fail-on error,warning "$deb" 2>&1) || fail "lintian: $lintian_output"
if grep -E '^[EW]: ' <<<"$lintian_output"; then fail "lintian reports errors or warnings"; fi

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "package checks passed"
