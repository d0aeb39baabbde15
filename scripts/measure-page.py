#!/usr/bin/env python3
"""Measures built browser pages of the game side by side, in one run, on an emulated phone.

    scripts/measure-page.py [--runs N] [--strokes N] OLD_DIR NEW_DIR ...

Each DIR is a folder scripts/build-web.sh wrote. Every measurement serves its folder with
target/debug/carrom-signaling (`--web DIR`, which sends the .br or .gz copy a browser takes)
on a free port and opens it in a fresh headless Chromium (fresh profile, so an empty cache
and no service worker), driven over the DevTools protocol, its page 390x844 CSS px at
scale 1 with touch, as a phone. The pages take turns (in each of the N runs, every page's
first visits, then every page's match), so that what else the machine does falls on all of
them alike. The table gives each figure per page (the median of the runs, their range in
brackets when N > 1) and the ratio of its median to the first page's.

First visit, in three conditions: loopback; 20 Mbit/s down and up with 40 ms latency
(Network.emulateNetworkConditions); and that with the CPU 4x slower
(Emulation.setCPUThrottlingRate):
  - transferred: the bytes that came over the network (encodedDataLength of every finished
    request, headers included), the page's own and its service worker's (which copies the
    files for offline use); a request the service worker answered is counted once, where it
    went to the network. Counted until the network is quiet for 3 s after the first frame.
  - first frame: what the page logs ("carrom: first frame N ms after the page began to
    load", N from performance.now(), that is from navigation start).

Through a local match (pass and play), the CPU 4x slower from Home on:
Home for 5 s, then STROKES strokes, each aimed by a mouse drag for about 5 s (pressed
below the striker and pulled slowly down and sideways, let go to strike), then watched
until the console says the match is no longer in Motion (at most 30 s).
  - memory: every second, the page's JS heap (Runtime.getHeapUsage usedSize) plus its wasm
    linear memory (the byteLength of every WebAssembly.Memory the page's module exports,
    caught by wrapping WebAssembly.instantiate/instantiateStreaming before the page runs);
    the figure is the peak of the sum in each phase (Home, Aim, Motion). It leaves out
    what the GPU process holds (textures, buffers), the browser's own memory and any worker
    (pass and play never starts the computer's worker). Wasm memory only grows, so its
    part is the most the module's allocator ever asked for, not what it uses now.
  - renderer process resident: beside it, the peak VmRSS (Linux /proc) of the renderer
    processes, all the page's process holds: the above plus the compiled wasm code, V8,
    Blink and the shared libraries (RSS counts shared pages whole).
  - frames: the intervals between requestAnimationFrame callbacks, recorded by a loop the
    script adds before the page runs, read back per phase: Home (its 5 s), aiming (the
    drags) and motion (from the release to the end of Motion); median and longest, and
    how many frames that was.

The page is driven as a person would: Play is clicked (mouse moved onto the button, then
pressed once the page reports it hovered) where `window.carromButtons` says it is; the
striker is where `window.carromBoard` says, or, on pages that do not publish it (before the
phone work), where that camera put it: the board's centre in the page's middle, at least
145.2 x 90 cm in view, the striker 25.26 cm below the centre. A press away from the striker
pulls on both.

Needs: chromium, target/debug/carrom-signaling (cargo build --bin carrom-signaling), and
Python's websocket-client. Timings on a busy or small machine are noisy: compare pages
measured in the same run only.
"""

import argparse
import json
import math
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import websocket

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIGNALING = os.path.join(REPO, "target", "debug", "carrom-signaling")
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
SLOW_NETWORK = {"offline": False, "latency": 40,
                "downloadThroughput": 20e6 / 8, "uploadThroughput": 20e6 / 8}
CONDITIONS = [("loopback", None, 1),
              ("20 Mbit/s 40 ms", SLOW_NETWORK, 1),
              ("20 Mbit/s 40 ms CPU/4", SLOW_NETWORK, 4)]
MATCH_CPU_SLOWDOWN = 4
PHASES = ["Home", "Aim", "Motion"]

# Runs in the page before its own scripts: keeps the wasm module's memories where the
# script can read their size, and records every interval between animation frames.
PAGE_PROBE = """
(() => {
  const memories = window.__measureMemories = [];
  const keep = (made) => {
    const instance = made instanceof WebAssembly.Instance ? made : made.instance;
    for (const value of Object.values(instance.exports)) {
      if (value instanceof WebAssembly.Memory) memories.push(value);
    }
    return made;
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) { return original.apply(this, args).then(keep); };
  }
  window.__measureFrames = [];
  let last = null;
  const tick = (now) => {
    if (last !== null) window.__measureFrames.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
"""
WASM_BYTES = "window.__measureMemories.reduce((sum, m) => sum + m.buffer.byteLength, 0)"
TAKE_FRAMES = "window.__measureFrames.splice(0)"


def say(text):
    print(text, file=sys.stderr, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """carrom-signaling serving one page folder on a free loopback port."""

    def __init__(self, folder):
        self.port = free_port()
        self.process = subprocess.Popen(
            [SIGNALING, "--addr", f"127.0.0.1:{self.port}", "--web", folder],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if time.time() > deadline or self.process.poll() is not None:
                    self.close()
                    raise RuntimeError(f"carrom-signaling did not serve {folder}")
                time.sleep(0.1)
        self.url = f"http://127.0.0.1:{self.port}/"

    def close(self):
        self.process.kill()
        self.process.wait()


class Browser:
    """A headless Chromium with a fresh profile and one page, driven over DevTools.

    It attaches to the page and to every worker the page starts (the service worker
    included), reads the page's console, and counts what each one downloads."""

    def __init__(self, network=None):
        self.profile = tempfile.mkdtemp(prefix="measure-page-")
        self.process = subprocess.Popen(
            ["chromium", "--headless=new", "--no-sandbox", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.socket = None
        self.network = network
        self.next_id = 0
        self.sent = {}  # command id -> method, to name a command that failed unawaited
        self.queued = []  # events read while waiting for an answer, not yet handled
        self.console = []  # the page's console lines
        self.requests = {}  # (session, request id) -> served by the service worker?
        self.transferred = 0  # bytes, every attached target's
        self.last_traffic = time.time()
        self.held = False  # the left mouse button
        try:
            self._connect()
        except BaseException:
            self.close()
            raise

    def _connect(self):
        active = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while not (os.path.exists(active) and len(open(active).read().split()) == 2):
            if time.time() > deadline:
                raise RuntimeError("Chromium did not open its DevTools port")
            time.sleep(0.1)
        port, path = open(active).read().split()
        self.socket = websocket.create_connection(f"ws://127.0.0.1:{port}{path}", timeout=30)
        target = next(t for t in self.call("Target.getTargets")["targetInfos"]
                      if t["type"] == "page")
        self.page = self.call("Target.attachToTarget",
                              {"targetId": target["targetId"], "flatten": True})["sessionId"]
        for method, params in [("Runtime.enable", {}), ("Page.enable", {}),
                               ("Emulation.setDeviceMetricsOverride", PHONE),
                               ("Emulation.setTouchEmulationEnabled",
                                {"enabled": True, "maxTouchPoints": 5})]:
            self.call(method, params, self.page)
        self._watch(self.page)

    def _watch(self, session):
        """Counts `session`'s traffic (under the emulated network) and attaches to the
        workers it starts, each held until it is watched too."""
        self.send("Network.enable", {}, session)
        if self.network:
            self.send("Network.emulateNetworkConditions", self.network, session)
        self.send("Target.setAutoAttach",
                  {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True}, session)
        self.send("Runtime.runIfWaitingForDebugger", {}, session)

    def send(self, method, params=None, session=None):
        """Sends a command (to `session`, or the browser) without waiting; its id."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        self.sent[self.next_id] = method
        return self.next_id

    def call(self, method, params=None, session=None, limit=60):
        """Sends a command and waits for its answer; events that come first are handled."""
        wanted = self.send(method, params, session)
        deadline = time.time() + limit
        while time.time() < deadline:
            message = self._receive(deadline - time.time())
            if message is None:
                continue
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]
            self._queue(message)
        raise TimeoutError(f"{method} had no answer in {limit} s")

    def _receive(self, limit):
        """The next message within `limit` s (at most a quarter second), or None."""
        self.socket.settimeout(max(0.01, min(limit, 0.25)))
        try:
            return json.loads(self.socket.recv())
        except websocket.WebSocketTimeoutException:
            return None

    def pump(self, seconds):
        """Handles events for `seconds`."""
        deadline = time.time() + seconds
        while True:
            while self.queued:
                self._handle(self.queued.pop(0))
            left = deadline - time.time()
            if left <= 0:
                return
            message = self._receive(left)
            if message:
                self._queue(message)

    def _queue(self, message):
        """Keeps an event for handling; tells of a command that failed unawaited."""
        if "method" in message:
            self.queued.append(message)
        elif "error" in message:
            say(f"DevTools: {self.sent.get(message['id'])} failed: {message['error']}")

    def _handle(self, message):
        method, params = message["method"], message.get("params", {})
        session = message.get("sessionId")
        if method == "Target.attachedToTarget":
            self._watch(params["sessionId"])
        elif method == "Network.responseReceived":
            served = params["response"].get("fromServiceWorker", False)
            self.requests[(session, params["requestId"])] = served
        elif method == "Network.loadingFinished":
            self.last_traffic = time.time()
            # A page request the service worker answered went to the network (if at all)
            # as the worker's own request, counted there.
            if not self.requests.get((session, params["requestId"]), False):
                self.transferred += params["encodedDataLength"]
        elif method == "Network.requestWillBeSent":
            self.last_traffic = time.time()
        elif method == "Runtime.consoleAPICalled" and session == self.page:
            self.console.append(" ".join(str(a.get("value", a.get("description", "")))
                                         for a in params["args"]))

    def wait_for(self, pattern, after=0, limit=30.0):
        """The first console line from index `after` on that matches `pattern` (a regex), as
        (index, match), waiting at most `limit` s; None if none comes."""
        deadline = time.time() + limit
        while True:
            for index in range(after, len(self.console)):
                found = re.search(pattern, self.console[index])
                if found:
                    return index, found
            if time.time() > deadline:
                return None
            self.pump(0.1)

    def evaluate(self, expression):
        """The value of `expression` in the page."""
        result = self.call("Runtime.evaluate",
                           {"expression": expression, "returnByValue": True}, self.page)
        return result["result"].get("value")

    def mouse(self, kind, x, y):
        """The mouse at (`x`, `y`), CSS px: `mouseMoved` (dragging while the left button is
        held), `mousePressed` or `mouseReleased` (the left button)."""
        if kind != "mouseMoved":
            self.held = kind == "mousePressed"
        dragging = self.held or kind != "mouseMoved"
        event = {"type": kind, "x": x, "y": y, "button": "left" if dragging else "none",
                 "buttons": int(self.held), "clickCount": int(kind != "mouseMoved")}
        self.call("Input.dispatchMouseEvent", event, self.page)

    def close(self):
        if self.socket is not None:
            try:
                self.send("Browser.close")
                self.process.wait(timeout=5)
            except Exception:
                pass
            self.socket.close()
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def first_visit(folder, network, slowdown):
    """What one first visit to `folder` downloads (bytes) and when its first frame comes (ms)."""
    server = Server(folder)
    browser = None
    try:
        browser = Browser(network)
        if slowdown > 1:
            browser.call("Emulation.setCPUThrottlingRate", {"rate": slowdown}, browser.page)
        browser.call("Page.navigate", {"url": server.url}, browser.page)
        first = browser.wait_for(r"carrom: first frame (\d+) ms", limit=240)
        if first is None:
            raise RuntimeError(f"{folder}: no first frame in 240 s: {browser.console[-5:]}")
        deadline = time.time() + 60
        while time.time() - browser.last_traffic < 3 and time.time() < deadline:
            browser.pump(0.5)
        return browser.transferred, int(first[1].group(1))
    finally:
        if browser:
            browser.close()
        server.close()


def renderer_resident(browser_pid):
    """The resident memory (bytes, VmRSS) of the renderer processes under `browser_pid`,
    from Linux's /proc."""
    children = {}
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(parent, []).append(entry)
    total, unseen = 0, children.get(browser_pid, [])
    while unseen:
        pid = unseen.pop()
        unseen.extend(children.get(int(pid), []))
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                if b"--type=renderer" not in cmdline.read():
                    continue
            with open(f"/proc/{pid}/status") as status:
                rss = next(line for line in status if line.startswith("VmRSS:"))
            total += int(rss.split()[1]) * 1024
        except (OSError, StopIteration):
            continue
    return total


class Match:
    """One local match on a page, its memory sampled every second and its frames read back
    per phase."""

    def __init__(self, browser):
        self.browser = browser
        self.memory = {}  # phase -> (peak JS heap + wasm, JS heap then, wasm then)
        self.resident = {}  # phase -> peak resident memory of the renderer processes
        self.frames = {}  # phase -> frame intervals (ms)
        self.phase = "Home"
        self.sampled = 0.0

    def sample(self):
        """Samples memory if a second has passed since the last sample."""
        if time.time() - self.sampled < 1:
            return
        self.sampled = time.time()
        heap = self.browser.call("Runtime.getHeapUsage", {}, self.browser.page)["usedSize"]
        wasm = self.browser.evaluate(WASM_BYTES)
        total = heap + wasm
        if total > self.memory.get(self.phase, (0,))[0]:
            self.memory[self.phase] = (total, heap, wasm)
        resident = renderer_resident(self.browser.process.pid)
        self.resident[self.phase] = max(resident, self.resident.get(self.phase, 0))

    def linger(self, seconds):
        """Reads the page's events for `seconds`, sampling memory meanwhile."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            self.browser.pump(min(0.2, max(0.0, deadline - time.time())))
            self.sample()

    def keep_frames(self, phase):
        """Files the frame intervals recorded since the last look under `phase` (None:
        drops them)."""
        intervals = self.browser.evaluate(TAKE_FRAMES)
        if phase:
            self.frames.setdefault(phase, []).extend(intervals)

    def buttons(self):
        """The page's buttons as `window.carromButtons` lists them: action, centre, size."""
        return json.loads(self.browser.evaluate("window.carromButtons || '[]'"))

    def press(self, action, shows, limit=60):
        """Clicks the button of `action` (once it stays put and the page sees the pointer
        on it) until the console says `shows`; again when a slow page let a click go by."""
        deadline = time.time() + limit
        after = len(self.browser.console)
        seen = None
        while time.time() < deadline:
            button = next((b for b in self.buttons() if b["action"] == action), None)
            here = button and (button["x"], button["y"])
            if here and here == seen:
                self.browser.mouse("mouseMoved", *here)
                hovered = time.time() + 10
                while time.time() < hovered and not any(
                        b["action"] == action and b["hovered"] for b in self.buttons()):
                    self.linger(0.1)
                self.browser.mouse("mousePressed", *here)
                self.browser.mouse("mouseReleased", *here)
                if self.browser.wait_for(shows, after, limit=10):
                    return
                seen = None
            else:
                seen = here
            self.linger(0.15)
        raise RuntimeError(f"{action} never brought {shows!r}: {self.browser.console[-5:]}")

    def striker(self, published):
        """The striker's place on the page, CSS px, once it stays put for 1.5 s (the view
        turns to each shooter, and a throttled page draws a few frames a second)."""
        if not published:
            scale = min(PHONE["width"] / 145.2, PHONE["height"] / 90.0)
            self.linger(3)
            return PHONE["width"] / 2, PHONE["height"] / 2 + 25.26 * scale
        deadline = time.time() + 30
        seen, since = None, time.time()
        while time.time() < deadline:
            board = json.loads(self.browser.evaluate("window.carromBoard || '{}'"))
            here = board.get("striker") and tuple(board["striker"])
            if here != seen:
                seen, since = here, time.time()
            elif here and time.time() - since >= 1.5:
                return here
            self.linger(0.25)
        raise RuntimeError(f"the page never said where the striker is: {board}")

    def stroke(self, published, aiming_from):
        """Aims for about 5 s with the mouse and strikes; then watches the motion until the
        match is no longer in Motion. Returns the console index to look for the next Aim."""
        for _ in range(3):
            x, y = self.striker(published)
            self.phase = "Aim"
            self.keep_frames(None)
            self.browser.mouse("mouseMoved", x, y + 30)
            self.browser.mouse("mousePressed", x, y + 30)
            start = time.time()
            while (t := time.time() - start) < 5:
                self.browser.mouse("mouseMoved", x + 25 * math.sin(2 * math.pi * t / 2.5),
                                   y + 30 + 16 * t)
                self.linger(0.1)
            self.browser.mouse("mouseMoved", x, y + 110)
            self.keep_frames("Aim")
            self.browser.mouse("mouseReleased", x, y + 110)
            moving = self.browser.wait_for(r"the match is at .*Motion", aiming_from, limit=10)
            if moving:
                break
            say("  the drag struck nothing: again")
        else:
            raise RuntimeError(f"three drags struck nothing: {self.browser.console[-5:]}")
        self.phase = "Motion"
        deadline = time.time() + 30
        while time.time() < deadline:
            ended = self.browser.wait_for(r"the match is at .*, (\w+), frame", moving[0] + 1, 0)
            if ended and ended[1].group(1) != "Motion":
                break
            self.linger(0.1)
        else:
            say("  the motion was cut at 30 s")
            ended = (len(self.browser.console), None)
        self.keep_frames("Motion")
        self.phase = "Aim"
        return ended[0]


def through_a_match(folder, strokes):
    """Memory peaks and frame intervals per phase through a local match on `folder`."""
    server = Server(folder)
    browser = None
    try:
        browser = Browser()
        browser.call("Page.addScriptToEvaluateOnNewDocument", {"source": PAGE_PROBE}, browser.page)
        browser.call("Page.navigate", {"url": server.url}, browser.page)
        if browser.wait_for(r"carrom: screen Home", limit=240) is None:
            raise RuntimeError(f"{folder}: no Home in 240 s: {browser.console[-5:]}")
        browser.call("Emulation.setCPUThrottlingRate", {"rate": MATCH_CPU_SLOWDOWN}, browser.page)
        match = Match(browser)
        published = browser.evaluate("'carromBoard' in window")
        match.keep_frames(None)
        match.linger(5)
        match.keep_frames("Home")
        match.press("Play", r"carrom: screen Game \(Local\)")
        match.phase = "Aim"
        after = 0
        for number in range(strokes):
            aiming = browser.wait_for(r"the match is at .*, Aim, frame", after, limit=60)
            if aiming is None:
                raise RuntimeError(f"no Aim for stroke {number + 1}: {browser.console[-5:]}")
            after = match.stroke(published, aiming[0] + 1)
        return match
    finally:
        if browser:
            browser.close()
        server.close()


def summary(values, digits):
    """The median of `values`, with their range when there are several."""
    text = f"{statistics.median(values):.{digits}f}"
    if len(values) > 1:
        text += f" [{min(values):.{digits}f}-{max(values):.{digits}f}]"
    return text


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1,
                        help="runs: first visits per page and condition, and matches per "
                             "page (default 1)")
    parser.add_argument("--strokes", type=int, default=3,
                        help="strokes played in the match (default 3)")
    parser.add_argument("folders", nargs="+", help="page folders; ratios are to the first")
    args = parser.parse_args()
    for folder in args.folders:
        if not os.path.isfile(os.path.join(folder, "carrom_bg.wasm")):
            parser.error(f"{folder} has no carrom_bg.wasm")

    rows = {}  # figure -> folder -> values

    def keep(figure, folder, value):
        rows.setdefault(figure, {}).setdefault(folder, []).append(value)

    for run in range(args.runs):
        for name, network, slowdown in CONDITIONS:
            for folder in args.folders:
                say(f"run {run + 1}, {name}: first visit to {folder}")
                transferred, first = first_visit(folder, network, slowdown)
                keep(f"first visit, {name}: transferred KB", folder, transferred / 1e3)
                keep(f"first visit, {name}: first frame ms", folder, first)
        for folder in args.folders:
            say(f"run {run + 1}: a match on {folder}, CPU/{MATCH_CPU_SLOWDOWN}")
            match = through_a_match(folder, args.strokes)
            for phase in PHASES:
                total, heap, wasm = match.memory.get(phase, (math.nan,) * 3)
                keep(f"memory peak, {phase}: JS heap + wasm MB", folder, total / 1e6)
                keep(f"  {phase}: of which JS heap MB", folder, heap / 1e6)
                keep(f"  {phase}: of which wasm MB", folder, wasm / 1e6)
                keep(f"  {phase}: renderer process resident MB", folder,
                     match.resident.get(phase, math.nan) / 1e6)
            for phase in PHASES:
                intervals = match.frames.get(phase) or [math.nan]
                keep(f"frames CPU/4, {phase}: median ms", folder, statistics.median(intervals))
                keep(f"frames CPU/4, {phase}: longest ms", folder, max(intervals))
                keep(f"frames CPU/4, {phase}: frames counted", folder,
                     len(match.frames.get(phase, [])))

    names = [os.path.basename(os.path.normpath(f)) for f in args.folders]
    if len(set(names)) < len(names):
        names = args.folders
    first_name = names[0]
    header = ["figure"] + names + [f"{n}/{first_name}" for n in names[1:]]
    table = [header]
    for figure, by_folder in rows.items():
        digits = 1 if "MB" in figure or "median" in figure else 0
        line = [figure] + [summary(by_folder[f], digits) for f in args.folders]
        base = statistics.median(by_folder[args.folders[0]])
        for folder in args.folders[1:]:
            value = statistics.median(by_folder[folder])
            line.append(f"{value / base:.2f}" if base else "-")
        table.append(line)
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for row in table:
        print("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                        for i, (cell, w) in enumerate(zip(row, widths))))


if __name__ == "__main__":
    main()
