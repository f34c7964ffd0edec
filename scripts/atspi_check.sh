#!/usr/bin/env bash
# Play one hand of euchre-qt by keys under Xvfb with the AT-SPI bus on, and print what a
# screen reader is sent (announcements, focus). Needs Debian's xvfb, xdotool, dbus-x11,
# at-spi2-core and python3-pyatspi. Usage: scripts/atspi_check.sh [EUCHRE_QT_COMMAND]
set -euo pipefail
game=${1:-.venv/bin/euchre-qt}
work=$(mktemp -d)
export HOME=$work EUCHRE_QT_CONFIG_DIR=$work/config EUCHRE_QT_DATA_DIR=$work/data
mkdir -p "$EUCHRE_QT_CONFIG_DIR"
printf '[table]\nspeed=0\n' > "$EUCHRE_QT_CONFIG_DIR/settings.ini"
Xvfb :77 -screen 0 1280x800x24 >/dev/null 2>&1 & xvfb=$!
export DISPLAY=:77
eval "$(dbus-launch --sh-syntax)"
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 & bus=$!
sleep 1
/usr/bin/python3 "$(dirname "$0")/atspi_listen.py" > "$work/heard.txt" 2>/dev/null & listener=$!
sleep 1
QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 QT_QPA_PLATFORM=xcb "$game" --new --seed 21 >/dev/null 2>&1 & app=$!
sleep 4
xdotool search --sync --name "Euchre" windowactivate --sync >/dev/null 2>&1 || true
# Enter acts on what your turn focused (the first playable card or the first bid button);
# G and B ask for facts once the hand is under way.
for i in $(seq 1 40); do
    xdotool key Return; sleep 0.4
    if [ "$i" = 12 ]; then xdotool key g; sleep 0.4; xdotool key b; sleep 0.4; fi
done
sleep 1
kill "$app" "$listener" "$bus" "$xvfb" 2>/dev/null || true
kill "$DBUS_SESSION_BUS_PID" 2>/dev/null || true
cat "$work/heard.txt"
rm -rf "$work"
