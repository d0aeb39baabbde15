#!/usr/bin/env python3
"""Fails if a crate of the default build (the workspace with default features, on this
machine's target) needs system headers or libraries to build: a build dependency on
pkg-config, system-deps or bindgen. The one exception is x11-dl, whose pkg-config probe
is optional (it falls back to loading libX11 at run time). A fresh machine with only a
Rust toolchain must be able to build the game."""
import json
import re
import subprocess
import sys

PROBES = {"pkg-config", "system-deps", "bindgen"}
ALLOWED = {"x11-dl"}


def main():
    tree = subprocess.run(
        ["cargo", "tree", "--workspace", "-e", "normal,build", "--prefix", "none",
         "--format", "{p}", "--locked"],
        check=True, capture_output=True, text=True).stdout
    built = set()
    for line in tree.splitlines():
        m = re.match(r"(\S+) v(\S+)", line.strip())
        if m:
            built.add((m.group(1), m.group(2)))
    meta = json.loads(subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked"],
        check=True, capture_output=True, text=True).stdout)
    offenders = []
    for package in meta["packages"]:
        if (package["name"], package["version"]) not in built or package["name"] in ALLOWED:
            continue
        probes = {d["name"] for d in package["dependencies"]
                  if d["kind"] == "build" and d["name"] in PROBES}
        if probes:
            offenders.append(f"{package['name']} {package['version']} (builds with {', '.join(sorted(probes))})")
    if offenders:
        print("crates of the default build that need system headers:")
        for offender in sorted(offenders):
            print("  " + offender)
        return 1
    print(f"default build: {len(built)} crates, none needs system headers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
