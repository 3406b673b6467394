#!/usr/bin/env bash
# One command from a fresh clone: system packages, npm dependencies and build, then the main
# job on defaults — measure the sandbox posture and run a command inside the sandbox.
set -euo pipefail
cd "$(dirname "$0")"

packages=(bubblewrap python3)
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
echo
echo "==> cellguard doctor (the measured posture)"
"${cellguard[@]}" doctor
echo
echo "==> cellguard exec: a command inside the sandbox"
"${cellguard[@]}" exec -- /bin/sh -c '
  echo "inside: pid $$ (private PID namespace), uid $(id -u)"
  if (echo x > /etc/cellguard-probe) 2>/dev/null; then echo "write to /etc: ALLOWED"; else echo "write to /etc: refused"; fi
  if [ -r "$HOME/.ssh" ] && ls "$HOME/.ssh" 2>/dev/null | grep -q .; then echo "~/.ssh: VISIBLE"; else echo "~/.ssh: hidden"; fi
  echo "workspace: $PWD (writable), temp: $TMPDIR"'
echo
echo "==> done. Next: npm test (format, lint, types and every test)"
