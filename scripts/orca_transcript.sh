#!/usr/bin/env bash
# Play euchre-qt as a blind player does, by keys, at the default speed, with the real Orca
# listening, and print what Orca says. Runs under Xvfb (on a display it finds free) with the
# openbox window manager, its own session D-Bus and AT-SPI bus; Orca's speech goes to a file
# through scripts/orca_speech_file.py (no sound device needed). docs/accessibility.md has a
# run's transcript; scripts/orca_measure.py counts what one heard.
#
# What it does, each step waiting for what Orca says before the next key (as a person would):
#   hand 1: pass the up-card, then name a suit in round 2 (its letter), ask for the hint
#   (Ctrl+H), play the card, take it back (Ctrl+Z), ask W and G, play on with Enter;
#   Continue at the hand's end;
#   hand 2: go alone at the first bid (A; Shift+letter in round 2), play it out with Enter;
#   then Options (Ctrl+,): its Table page, the speed slider moved and back, Tab to Custom…
#   and OK, closed; the review of the last hand (Ctrl+R): its hand read with Tab and Down,
#   its decisions stepped with Right (one past the last) and read with Down; Statistics
#   (Ctrl+T) read with Down; each closed with Escape.
#
# Needs (Debian 12): orca xvfb openbox xdotool dbus-x11 at-spi2-core; stops at once, naming
# what is missing, and with the transcript so far when Orca never says what it waits for.
# Usage: scripts/orca_transcript.sh [EUCHRE_QT_COMMAND...]
#   (default: python3 -m euchre_qt; run from the repository root with PYTHONPATH=.)
# Environment: SEED (default 21: its two first hands have a round-2 bid and a first bid of
# yours to go alone with), ORCA (the orca to run), WAIT (seconds to wait for each thing Orca
# should say, default 60), KEEP=1 keeps the work folder (the logs) afterwards.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -gt 0 ]; then game=("$@"); else game=(python3 -m euchre_qt); fi
seed=${SEED:-21}
wait_s=${WAIT:-60}
orca_cmd=${ORCA:-orca}

die() { echo "orca_transcript: $*" >&2; exit 1; }
missing=()
for tool in Xvfb openbox xdotool dbus-launch "$orca_cmd"; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
[ -x /usr/libexec/at-spi-bus-launcher ] || missing+=(/usr/libexec/at-spi-bus-launcher)
if [ ${#missing[@]} -gt 0 ]; then
    die "missing: ${missing[*]} (Debian: apt-get install orca xvfb openbox xdotool dbus-x11 at-spi2-core)"
fi
"${game[@]}" --version >/dev/null 2>&1 || die "the game does not start: ${game[*]} --version failed"

work=$(mktemp -d)
speech=$work/speech.txt
: > "$speech"
export HOME=$work EUCHRE_QT_CONFIG_DIR=$work/config EUCHRE_QT_DATA_DIR=$work/data
mkdir -p "$EUCHRE_QT_CONFIG_DIR" "$work/orca"
# Orca's own defaults, except that its speech goes to the stand-in. The game's settings
# are its defaults (Normal speed): nothing is written for it.
cat > "$work/orca/user-settings.conf" <<JSON
{"general": {"speechServerFactory": "orca_speech_file", "speechFactoryModules": ["orca_speech_file"]},
 "profiles": {"default": {"profile": ["Default", "default"]}},
 "pronunciations": {}, "keybindings": {}}
JSON

pids=()
xvfb=""
cleanup() {
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do  # the game first, the bus last
        kill "${pids[i]}" 2>/dev/null || true
        wait "${pids[i]}" 2>/dev/null || true
    done
    [ -n "${DBUS_SESSION_BUS_PID:-}" ] && kill "$DBUS_SESSION_BUS_PID" 2>/dev/null || true
    [ -n "$xvfb" ] && { kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; }
    if [ -n "${KEEP:-}" ]; then echo "# work folder kept: $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

# a free display: one with no X server's lock or socket, whose Xvfb then answers (another
# program starting one there at the same moment: the next is tried)
for n in $(seq 70 199); do
    if [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ]; then continue; fi
    Xvfb ":$n" -screen 0 1280x800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
    xvfb=$!
    for _ in $(seq 1 50); do
        DISPLAY=:$n xdotool getdisplaygeometry >/dev/null 2>&1 && break
        kill -0 "$xvfb" 2>/dev/null || break
        sleep 0.1
    done
    if DISPLAY=:$n xdotool getdisplaygeometry >/dev/null 2>&1; then export DISPLAY=:$n; break; fi
    kill "$xvfb" 2>/dev/null || true
    wait "$xvfb" 2>/dev/null || true
    xvfb=""
done
[ -n "$xvfb" ] || die "no display could be started (Xvfb: $(tail -3 "$work/xvfb.log"))"
eval "$(dbus-launch --sh-syntax)"
/usr/libexec/at-spi-bus-launcher --launch-immediately >"$work/atspi.log" 2>&1 & pids+=($!)
openbox --sm-disable >"$work/openbox.log" 2>&1 & pids+=($!)
sleep 1
kill -0 "${pids[1]}" 2>/dev/null || die "openbox did not start: $(cat "$work/openbox.log")"
ORCA_SPEECH_FILE=$speech PYTHONPATH=$here "$orca_cmd" --replace -u "$work/orca" >"$work/orca.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 150); do grep -q . "$speech" && break; sleep 0.2; done
grep -q . "$speech" || die "Orca said nothing on starting: $(tail -5 "$work/orca.log")"
PYTHONFAULTHANDLER=1 QT_ACCESSIBILITY=1 QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 QT_QPA_PLATFORM=xcb \
    "${game[@]}" --new --seed "$seed" >"$work/game.log" 2>&1 &
pids+=($!)
game_pid=$!

mark() { printf '%8s = %s\n' "" "$1" >> "$speech"; }
key() {  # press one key, marked in the transcript; then give Orca a moment
    mark "key $1"
    xdotool key --clearmodifiers "$1"
    sleep "${2:-1}"
}
said_since=0  # the transcript's length (lines) when the last wait began
fail() {
    echo "# orca_transcript: $*; the transcript so far:" >&2
    cat "$speech" >&2
    echo "# the game's log:" >&2
    tail -20 "$work/game.log" >&2
    exit 1
}
# wait until Orca says something matching $1 (an extended regular expression) after the
# line where the wait began; the line heard is left in $line (no subshell: the place in
# the transcript moves on with each wait)
line=""
hear() {
    local pattern=$1 limit=${2:-$wait_s} t=0 at
    while :; do
        kill -0 "$game_pid" 2>/dev/null || fail "the game ended while waiting for /$pattern/"
        at=$(PAT=$pattern awk -v from="$said_since" \
            'NR > from && !/^ *= key/ && $0 ~ ENVIRON["PAT"] {print NR; exit}' "$speech")
        if [ -n "$at" ]; then
            said_since=$at
            line=$(sed -n "${at}p" "$speech")
            return 0
        fi
        if [ "$t" -ge $((limit * 5)) ]; then
            [ -n "${3:-}" ] && return 1  # optional: not said, and that is all right
            fail "Orca never said /$pattern/ in ${limit} s"
        fi
        sleep 0.2
        t=$((t + 1))
    done
}
begin() { said_since=$(wc -l < "$speech"); }

xdotool search --sync --name "Euchre" >/dev/null 2>&1 || fail "no game window"
sleep 2
xdotool search --name "Euchre" windowactivate >/dev/null 2>&1 || true

turn='Your turn: '
hand_end='Score: us [0-9]+, them [0-9]+\.'

focused='playable\.$|push button\.$'
# after "Your turn", listen for where the focus went (a card or button, named) before a
# key, as a person does; when it was there already it is not said again
to_focus() { hear "$focused" 4 optional || true; }

# play on by Enter (it acts on what the turn focused) until the hand's score is said
play_out() {
    while :; do
        hear "$turn|$hand_end" 300
        if [[ $line =~ $hand_end ]] && ! [[ $line =~ playing\ to ]]; then
            break
        fi
        to_focus
        key Return
    done
}

# --- hand 1: a round-2 bid, the hint, Undo, two fact keys ------------------------------
hear "$turn" 120
if [[ $line =~ order\ it\ up|pick\ it\ up ]]; then
    key p
    hear "${turn}call " 120
fi
suit=$(sed -E 's/.*Your turn: call ([A-Z])[a-z]+.*/\1/' <<< "$line" | tr 'A-Z' 'a-z')
key "$suit"
hear "$turn|$hand_end" 300
if [[ $line =~ $hand_end ]]; then fail "hand 1 ended before a card of yours"; fi
to_focus
key ctrl+h 1
hear 'Hint: ' 120
key Return
begin
key ctrl+z 2
hear 'Move taken back' 60
hear "$turn" 120
to_focus
key w
key g
begin
key Return
play_out
sleep 2
key Return  # Continue: the next deal

# --- hand 2: a lone hand -----------------------------------------------------------------
hear "$turn" 120
# listen from here: the lead's "Your turn" can come within the key's moment (a dealer who
# picks up and discards at once), and a wait begun after it would never hear it
begin
if [[ $line =~ order\ it\ up|pick\ it\ up ]]; then
    key a
elif [[ $line =~ call\ ([A-Z]) ]]; then
    key "shift+$(tr 'A-Z' 'a-z' <<< "${BASH_REMATCH[1]}")"
else
    fail "hand 2: no bid of yours to go alone with ($line)"
fi
key w
play_out
sleep 3

# --- Options, opened and closed ---------------------------------------------------------
key ctrl+comma 3
key alt+t 2      # the Table page
key alt+s 2      # Computer speed
key Right 2      # one step faster... and back
key Left 2
for _ in 1 2 3 4 5 6 7 8 9 10 11 12; do key Tab 0.7; done  # on to Custom…
key Escape 2

# --- the review of the last hand: Tab and the arrows -------------------------------------
key ctrl+r 1
hear 'Decision 1 of [0-9]+' 240   # graded
decisions=$(sed -E 's/.*Decision 1 of ([0-9]+).*/\1/' <<< "$line")
key Tab 1.5      # the hand's details, line by line
for _ in 1 2 3 4 5 6 7 8; do key Down 1; done
key Tab 1.5      # Next decision
key Tab 1        # Analyse Every Hand
key Tab 1.5      # this decision and the summary
for _ in $(seq 1 "$decisions"); do key Right 2; done  # every decision, and one past the last
key Left 2
for _ in 1 2 3 4 5 6 7 8 9 10; do key Down 1; done
key Escape 2

# --- Statistics --------------------------------------------------------------------------
key ctrl+t 3
for _ in $(seq 1 17); do key Down 0.8; done
key Escape 2

sleep 2
echo "# Orca $("$orca_cmd" --version 2>/dev/null | tr -dc '0-9.'), seed $seed, default speed, openbox: seconds, what Orca said; [stop] = Orca stopped speaking (a key)"
cat "$speech"
