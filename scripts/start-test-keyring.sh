#!/usr/bin/env bash
# Starts a private D-Bus session bus and an unlocked gnome-keyring-daemon for the test run (the
# tested recipe of the keychain notes, §2.3): a bus config without service directories, so
# nothing is auto-activated and no unlock prompt can appear; a throwaway keyring home and a random
# password. Prints the shell assignments for the caller to eval; never touches a real keyring.
set -euo pipefail
root="$(mktemp -d "${TMPDIR:-/tmp}/cellguard-ci-keyring.XXXXXX")"
mkdir -m 700 "$root/home"
sed -e 's#<standard_session_servicedirs */>##' /usr/share/dbus-1/session.conf >"$root/session.conf"
dbus-daemon --config-file="$root/session.conf" --fork --nopidfile \
  --print-address=3 --print-pid=4 3>"$root/bus.addr" 4>"$root/bus.pid"
address="$(head -n1 "$root/bus.addr")"
export DBUS_SESSION_BUS_ADDRESS="$address"
password="$(head -c 24 /dev/urandom | base64)"
# printf, not echo: a trailing newline would be part of the keyring password.
printf '%s' "$password" | HOME="$root/home" gnome-keyring-daemon --unlock --components=secrets >/dev/null
i=0
until dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus \
  org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q true; do
  i=$((i + 1))
  [ "$i" -ge 50 ] && { echo "start-test-keyring: the Secret Service did not appear on the bus" >&2; exit 70; }
  sleep 0.1
done
locked="$(dbus-send --session --print-reply=literal --dest=org.freedesktop.secrets \
  /org/freedesktop/secrets/aliases/default org.freedesktop.DBus.Properties.Get \
  string:org.freedesktop.Secret.Collection string:Locked 2>&1)" ||
  { echo "start-test-keyring: no default collection: $locked" >&2; exit 71; }
case "$locked" in *false*) ;; *) echo "start-test-keyring: the default collection is locked" >&2; exit 72 ;; esac
printf 'export DBUS_SESSION_BUS_ADDRESS=%q\n' "$address"
printf 'CELLGUARD_TEST_KEYRING_BUS_PID=%q\n' "$(cat "$root/bus.pid")"
printf 'CELLGUARD_TEST_KEYRING_ROOT=%q\n' "$root"
