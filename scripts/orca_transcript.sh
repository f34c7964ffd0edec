#!/usr/bin/env bash
# Play one hand of euchre-qt by keys with the real Orca listening, and print what Orca
# says. Runs under Xvfb with its own session D-Bus and AT-SPI bus; Orca's speech goes to a
# file through scripts/orca_speech_file.py (no sound device needed). Needs Debian's orca,
# xvfb, xdotool, dbus-x11, at-spi2-core (Debian 12: Orca 43.1).
# Usage: scripts/orca_transcript.sh [EUCHRE_QT_COMMAND...]   (default: python3 -m euchre_qt)
# Environment: SEED (default 21), KEYS (keys to press once, at the fourth turn: the fact
# keys by default), ORCA (the orca to run, default orca), REVIEW (seconds: then open the
# review of the hand, wait that long for its grading and step through two decisions).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -gt 0 ]; then game=("$@"); else game=(python3 -m euchre_qt); fi
seed=${SEED:-21}
extra=${KEYS:-g b n l w r}
work=$(mktemp -d)
speech=$work/speech.txt
: > "$speech"
export HOME=$work EUCHRE_QT_CONFIG_DIR=$work/config EUCHRE_QT_DATA_DIR=$work/data
mkdir -p "$EUCHRE_QT_CONFIG_DIR" "$work/orca"
printf '[table]\nspeed=0\n' > "$EUCHRE_QT_CONFIG_DIR/settings.ini"
# Orca's own defaults, except that its speech goes to the stand-in.
cat > "$work/orca/user-settings.conf" <<JSON
{"general": {"speechServerFactory": "orca_speech_file", "speechFactoryModules": ["orca_speech_file"]},
 "profiles": {"default": {"profile": ["Default", "default"]}},
 "pronunciations": {}, "keybindings": {}}
JSON
display=:$((70 + RANDOM % 20))
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 & xvfb=$!
export DISPLAY=$display
eval "$(dbus-launch --sh-syntax)"
pids=()
cleanup() {
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do  # the game first, the bus last
        kill "${pids[i]}" 2>/dev/null || true
        wait "${pids[i]}" 2>/dev/null || true
    done
    kill "$DBUS_SESSION_BUS_PID" "$xvfb" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 & pids+=($!)
sleep 1
ORCA_SPEECH_FILE=$speech PYTHONPATH=$here "${ORCA:-orca}" --replace -u "$work/orca" \
    >"$work/orca.log" 2>&1 & pids+=($!)
sleep 3
PYTHONFAULTHANDLER=1 QT_ACCESSIBILITY=1 QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 QT_QPA_PLATFORM=xcb \
    "${game[@]}" --new --seed "$seed" >"$work/game.log" 2>&1 & pids+=($!)
xdotool search --sync --name "Euchre" >/dev/null 2>&1 || true
sleep 3
xdotool search --name "Euchre" windowfocus --sync >/dev/null 2>&1 || true
mark() { printf '%8s = %s\n' "" "$1" >> "$speech"; }
# Enter acts on what the turn focused (the first playable card or the first bid button).
# Once the hand's score has been spoken, Return once more continues to the next deal.
for i in $(seq 1 60); do
    mark "key Return"; xdotool key Return; sleep 0.7
    if [ "$i" = 4 ]; then
        for k in $extra; do mark "key $k"; xdotool key "$k"; sleep 0.7; done
    fi
    if grep -qE "Score: us [0-9]+, them [0-9]+\.$" "$speech"; then  # the hand's (not G's "playing to")
        sleep 1; mark "key Return"; xdotool key Return; break
    fi
done
sleep 2
if [ -n "${REVIEW:-}" ]; then  # the review of that hand: open it, step through two decisions
    mark "key ctrl+r"; xdotool key ctrl+r; sleep 2
    mark "key Up (the finished hand)"; xdotool key Up; sleep "${REVIEW}"
    for k in Right Right; do mark "key $k"; xdotool key "$k"; sleep 1.5; done
    mark "key Escape"; xdotool key Escape; sleep 1.5
fi
echo "# Orca $("${ORCA:-orca}" --version 2>/dev/null | tr -dc '0-9.'), seed $seed: seconds, what Orca said; [stop] = Orca stopped speaking (a key)"
cat "$speech"
if ! kill -0 "${pids[2]}" 2>/dev/null; then echo "# the game ended early:"; tail -30 "$work/game.log"; fi
