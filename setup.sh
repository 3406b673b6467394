#!/usr/bin/env bash
# One command from a fresh clone: system packages, npm dependencies and build, then the main
# job on defaults: measure the posture, run a command inside the sandbox, and run a Cell through
# every layer in the persistent Python kernel.
set -euo pipefail
cd "$(dirname "$0")"

# libsecret-tools: the Secret Service for credentials; g++, make: better-sqlite3 on Node 20.
packages=(bubblewrap python3 libsecret-tools g++ make)
if command -v apt-get >/dev/null 2>&1; then
  missing=()
  for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "==> installing system packages: ${missing[*]}"
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
  fi
else
  echo "==> no apt-get here: install ${packages[*]} with your package manager (macOS uses its built-in Seatbelt)"
fi

echo "==> installing npm dependencies and building"
npm ci --no-audit --no-fund

cellguard=(node build/cellguard.cjs)
# A throwaway workspace: cellguard refuses its own package directory as one (a Cell could rewrite
# the code the host runs next).
workspace="$(mktemp -d "${TMPDIR:-/tmp}/cellguard-demo.XXXXXX")"
trap 'rm -rf "$workspace"' EXIT
echo
echo "==> cellguard doctor (the measured posture), workspace $workspace"
"${cellguard[@]}" doctor --workspace "$workspace"
echo
echo "==> cellguard exec: a command inside the sandbox"
"${cellguard[@]}" exec --workspace "$workspace" -- /bin/sh -c '
  echo "inside: pid $$ (private PID namespace), uid $(id -u)"
  if (echo x > /etc/cellguard-probe) 2>/dev/null; then echo "write to /etc: ALLOWED"; else echo "write to /etc: refused"; fi
  if [ -r "$HOME/.ssh" ] && ls "$HOME/.ssh" 2>/dev/null | grep -q .; then echo "~/.ssh: VISIBLE"; else echo "~/.ssh: hidden"; fi
  echo "workspace: $PWD (writable), temp: $TMPDIR"'
echo
echo "==> cellguard run: a Python Cell through the screens and the sandboxed kernel"
printf 'import sys\nx = 41\nprint(f"x + 1 = {x + 1}, from Python {sys.version.split()[0]} in the sandboxed kernel")\n' |
  "${cellguard[@]}" run --workspace "$workspace" -
echo
echo "==> cellguard run: a Cell the classifier refuses (exit 3, nothing runs)"
status=0
printf 'import os\nos.system("rm -rf ~")\n' | "${cellguard[@]}" run --workspace "$workspace" - || status=$?
echo "exit status: $status"
[ "$status" -eq 3 ]
echo
echo "==> done. Next: npm test (format, lint, types and every test)"
