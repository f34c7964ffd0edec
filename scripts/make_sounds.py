"""Write the table's sound effects, resources/sounds/*.wav, synthesized here (no recordings,
nothing borrowed): a card played, the deal, a trick taken, a euchre, a game won.

    python scripts/make_sounds.py [--out resources/sounds]

Short and quiet on purpose (peaks at about a quarter of full scale): they sit under the play,
not over it. The output is the same bytes on every run (a fixed seed for the noise), so the
committed files can be checked against this script.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
PEAK = 0.25  # of full scale

Samples = list[float]


def _silence(seconds: float) -> Samples:
    return [0.0] * int(RATE * seconds)


def _mix(into: Samples, sound: Samples, at: float) -> None:
    start = int(RATE * at)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v


def _tone(freq: float, seconds: float, decay: float, harmonics: tuple[float, ...] = (1.0,)) -> Samples:
    """A struck tone: partials at whole multiples of ``freq``, dying away with time constant ``decay``."""
    out = []
    for i in range(int(RATE * seconds)):
        t = i / RATE
        v = sum(a * math.sin(2 * math.pi * freq * (k + 1) * t) for k, a in enumerate(harmonics))
        out.append(v * math.exp(-t / decay))
    return out


def _snap(rng: random.Random, seconds: float, decay: float, smooth: float) -> Samples:
    """A burst of noise, low-passed by ``smooth`` (0..1): a card's flick on the cloth."""
    out, last = [], 0.0
    for i in range(int(RATE * seconds)):
        last += (rng.uniform(-1, 1) - last) * (1 - smooth)
        out.append(last * math.exp(-(i / RATE) / decay))
    return out


def _finish(samples: Samples) -> Samples:
    """Scale to PEAK, with 2 ms fades at both ends (no clicks)."""
    top = max(abs(v) for v in samples) or 1.0
    n = len(samples)
    edge = int(RATE * 0.002)
    out = []
    for i, v in enumerate(samples):
        fade = min(1.0, i / edge, (n - 1 - i) / edge) if edge else 1.0
        out.append(v / top * PEAK * fade)
    return out


def card(rng: random.Random) -> Samples:
    sound = _snap(rng, 0.07, 0.012, 0.55)
    _mix(sound, [0.6 * v for v in _tone(170, 0.07, 0.02)], 0.0)
    return sound


def deal(rng: random.Random) -> Samples:
    sound = _silence(0.0)
    for k in range(4):
        _mix(sound, _snap(rng, 0.04, 0.008, 0.6), k * 0.045)
    return sound


def trick(rng: random.Random) -> Samples:
    sound = _tone(784.0, 0.45, 0.12, (1.0, 0.3, 0.1))
    _mix(sound, _tone(1046.5, 0.4, 0.12, (1.0, 0.3, 0.1)), 0.08)
    return sound


def euchre(rng: random.Random) -> Samples:
    sound = _tone(440.0, 0.3, 0.1, (1.0, 0.0, 0.25))
    _mix(sound, _tone(330.0, 0.4, 0.14, (1.0, 0.0, 0.25)), 0.16)
    return sound


def win(rng: random.Random) -> Samples:
    sound = _silence(0.0)
    for k, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        _mix(sound, _tone(freq, 0.5, 0.15, (1.0, 0.25, 0.08)), k * 0.1)
    return sound


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "card": card,
    "deal": deal,
    "trick": trick,
    "euchre": euchre,
    "win": win,
}


def wav_bytes(samples: Samples) -> bytes:
    return b"".join(struct.pack("<h", max(-32767, min(32767, round(v * 32767)))) for v in samples)


def write_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in SOUNDS.items():
        path = folder / f"{name}.wav"
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(wav_bytes(_finish(make(random.Random(name)))))
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "resources" / "sounds")
    args = parser.parse_args(argv)
    for path in write_all(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
