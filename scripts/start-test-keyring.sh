#!/usr/bin/env bash
# Starts a private D-Bus session bus and an unlocked gnome-keyring-daemon for the test run (the
# tested recipe of the keychain notes, §2.3): a bus config without service directories, so
# nothing is auto-activated and no unlock prompt can appear; a throwaway keyring home and a random
# password. Both daemons run with an environment of their own (env -i, private XDG directories),
# so they can never reach, replace or remove a real keyring's files or control socket. Prints the
# shell assignments for the caller to eval; on any failure it cleans up and exits non-zero.
set -euo pipefail
root="$(mktemp -d "${TMPDIR:-/tmp}/cellguard-ci-keyring.XXXXXX")"
bus_pid=""
cleanup() {
  [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null
  rm -rf "$root"
}
trap cleanup ERR
mkdir -m 700 "$root/home" "$root/run"
private_env=(env -i PATH=/usr/bin:/bin HOME="$root/home" XDG_RUNTIME_DIR="$root/run"
  XDG_DATA_HOME="$root/home/.local/share" XDG_CONFIG_HOME="$root/home/.config"
  XDG_CACHE_HOME="$root/home/.cache" LANG=C.UTF-8)
sed -e 's#<standard_session_servicedirs */>##' /usr/share/dbus-1/session.conf >"$root/session.conf"
"${private_env[@]}" dbus-daemon --config-file="$root/session.conf" --fork --nopidfile \
  --print-address=3 --print-pid=4 3>"$root/bus.addr" 4>"$root/bus.pid"
bus_pid="$(cat "$root/bus.pid")"
address="$(head -n1 "$root/bus.addr")"
password="$(head -c 24 /dev/urandom | base64)"
# printf, not echo: a trailing newline would be part of the keyring password.
printf '%s' "$password" |
  "${private_env[@]}" DBUS_SESSION_BUS_ADDRESS="$address" gnome-keyring-daemon --unlock \
    --components=secrets >/dev/null
ask() {
  "${private_env[@]}" DBUS_SESSION_BUS_ADDRESS="$address" dbus-send --session \
    --print-reply=literal "$@" 2>&1
}
i=0
until ask --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner \
  string:org.freedesktop.secrets | grep -q true; do
  i=$((i + 1))
  if [ "$i" -ge 50 ]; then
    echo "start-test-keyring: the Secret Service did not appear on the bus" >&2
    cleanup
    exit 70
  fi
  sleep 0.1
done
locked="$(ask --dest=org.freedesktop.secrets /org/freedesktop/secrets/aliases/default \
  org.freedesktop.DBus.Properties.Get string:org.freedesktop.Secret.Collection string:Locked)" || true
case "$locked" in
  *false*) ;;
  *)
    echo "start-test-keyring: the default collection is missing or locked: $locked" >&2
    cleanup
    exit 72
    ;;
esac
printf 'export DBUS_SESSION_BUS_ADDRESS=%q\n' "$address"
printf 'CELLGUARD_TEST_KEYRING_BUS_PID=%q\n' "$bus_pid"
printf 'CELLGUARD_TEST_KEYRING_ROOT=%q\n' "$root"
