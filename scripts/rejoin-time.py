#!/usr/bin/env python3
"""How long a player killed mid-match takes to get back into it, this build against another.

Usage: scripts/rejoin-time.py OTHER [--rounds N] [--this DIR]

OTHER and DIR (default target/debug) are folders holding `carrom` and `carrom-signaling`
built from two commits (an older one's, say: `git worktree add` it and build it with
`cargo build --workspace --bins`). Each round, for each build in turn, it runs that build's
signaling server and two `carrom peer` players (Disc Pool, medium bots, half speed) inside
a fresh network namespace (loopback only), kills one player with SIGKILL once both have
played two strokes, starts it again with `--rejoin` once the other holds the match, and
times the rejoin: from the new process's start until both players say the match goes on.
Prints every round, the medians and their ratio, this build over the other. Every wait is
bounded; a round that does not resume within its bound fails the run.
"""

import argparse
import os
import queue
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

INSIDE = "CARROM_REJOIN_TIME_INSIDE"
ROOM = "0123456789AR2"
GAME = ["--players", "2", "--variant", "disc_pool", "--bot", "medium", "--speed", "30"]


def in_namespace():
    """Re-runs this script in a fresh network namespace (unless already in one)."""
    if os.environ.get(INSIDE):
        subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
        subprocess.run(["ip", "route", "add", "224.0.0.0/4", "dev", "lo"], check=True)
        return
    env = dict(os.environ, **{INSIDE: "1"})
    args = ["unshare", "--net", "--map-root-user", sys.executable] + sys.argv
    sys.exit(subprocess.run(args, env=env).returncode)


class Peer:
    """A `carrom peer` process and its stderr, line by line, each with when it came."""

    def __init__(self, binary, url, seat, rejoin):
        args = [binary, "peer", "--signaling", url, "--connect-timeout", "120"]
        args += ["--match-timeout", "400", "--grace", "60", "--seat-file", seat]
        args += ["--rejoin"] if rejoin else ["--room", ROOM] + GAME
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stderr:
            self.lines.put((time.monotonic(), line.rstrip("\n")))

    def wait_for(self, wanted, within):
        """When the first line `wanted` accepts came; fails after `within` seconds."""
        deadline = time.monotonic() + within
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no line wanted within {within} s")
            try:
                at, line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if wanted(line):
                return at

    def kill(self):
        self.process.kill()
        self.process.wait()


def stroke_at_least(n):
    def wanted(line):
        rest = line.removeprefix("carrom peer: ")
        for word in ("stroke ", "move "):
            if rest.startswith(word) and rest[len(word):].isdigit():
                return int(rest[len(word):]) >= n
        return False

    return wanted


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def one_rejoin(folder):
    """Seconds from a killed player's new process to both players playing on."""
    port = free_port()
    server = subprocess.Popen(
        [os.path.join(folder, "carrom-signaling"), "--addr", f"127.0.0.1:{port}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    seats = tempfile.mkdtemp(prefix="carrom-rejoin-time-")
    peers = []
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise TimeoutError("the signaling server did not start")
                time.sleep(0.05)
        url = f"ws://127.0.0.1:{port}"
        carrom = os.path.join(folder, "carrom")
        seat = [os.path.join(seats, f"seat{n}.json") for n in range(2)]
        peers = [Peer(carrom, url, seat[n], False) for n in range(2)]
        for peer in peers:
            peer.wait_for(stroke_at_least(2), 180)
        peers[1].kill()
        peers[0].wait_for(lambda l: "holding the match" in l, 60)
        peers[1] = Peer(carrom, url, seat[1], True)
        on = "the match goes on in epoch 1"
        resumed = max(peer.wait_for(lambda l: l.endswith(on), 120) for peer in peers)
        return resumed - peers[1].started
    finally:
        for peer in peers:
            peer.kill()
        server.kill()
        server.wait()
        shutil.rmtree(seats, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", help="folder of the other build's binaries")
    parser.add_argument("--this", default="target/debug", help="folder of this build's")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    in_namespace()
    times = {"this": [], "other": []}
    for round in range(max(1, min(args.rounds, 50))):
        for name, folder in (("this", args.this), ("other", args.other)):
            seconds = one_rejoin(folder)
            times[name].append(seconds)
            print(f"round {round + 1}, {name} build: rejoined in {seconds:.3f} s", flush=True)
    this, other = statistics.median(times["this"]), statistics.median(times["other"])
    print(f"median rejoin: this build {this:.3f} s, the other {other:.3f} s: {this / other:.3f}x")


if __name__ == "__main__":
    main()
