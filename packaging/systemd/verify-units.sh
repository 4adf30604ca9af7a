#!/bin/sh
# Checks the systemd user units with `systemd-analyze --user verify`, which exits 0 even for an
# unknown key, so any output fails. ExecStart= is pointed at the built kiokud: verify checks that
# the program exists, and the installed one may not yet.
# Usage: verify-units.sh SOCKET_UNIT SERVICE_UNIT KIOKUD
set -eu
if ! command -v systemd-analyze >/dev/null 2>&1; then
  echo "SKIPPED: systemd-analyze is not installed"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The user manager that verify starts needs a runtime directory of its own.
mkdir -m 700 "$work/run"
cp "$1" "$work/kiokud.socket"
sed "s|^ExecStart=.*|ExecStart=$3|" "$2" >"$work/kiokud.service"
cd "$work"
if ! output=$(XDG_RUNTIME_DIR="$work/run" systemd-analyze --user verify ./kiokud.socket ./kiokud.service 2>&1); then
  echo "$output"
  exit 1
fi
if [ -n "$output" ]; then
  echo "$output"
  exit 1
fi
