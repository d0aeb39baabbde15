#!/usr/bin/env python3
"""Fails if two files of the crate (src/: the library, and the command line's files of the
binary) import each other, directly or round a cycle. Reads `use crate::...` and
`super::...` paths, follows a folder's `pub use` re-exports to the file that defines the
item, and ignores a folder's own `mod` and `pub use` lines (a folder naming its files is
not an import) and test modules."""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "src")


def module_of(path):
    rel = os.path.relpath(path, ROOT)[:-3].replace(os.sep, "::")
    return "" if rel in ("mod", "lib", "main") else re.sub(r"::mod$", "", rel)


def main():
    files = {}
    for root, _, names in os.walk(ROOT):
        for name in names:
            if name.endswith(".rs"):
                path = os.path.join(root, name)
                text = open(path, encoding="utf-8").read()
                files[module_of(path)] = re.sub(r"#\[cfg\(test\)\][\s\S]*", "", text)
    modules = set(files)
    reexports = {}
    for module, text in files.items():
        for m in re.finditer(r"pub use ([a-z_:]+?)::(\{[^}]*\}|\w+);", text):
            base = m.group(1)
            if base.startswith("crate::"):
                full = base[len("crate::"):]
            else:
                full = (module + "::" if module else "") + base
            for item in re.findall(r"\w+", m.group(2)):
                reexports[(module, item)] = full

    def resolve(path, depth=0):
        parts = [p for p in path.split("::") if p]
        for i in range(len(parts), 0, -1):
            candidate = "::".join(parts[:i])
            if candidate in modules:
                rest = parts[i:]
                if rest and (candidate, rest[0]) in reexports and depth < 8:
                    return resolve(reexports[(candidate, rest[0])] + "::" + "::".join(rest), depth + 1)
                return candidate
        return None

    def imported(module, text):
        parent = module.rsplit("::", 1)[0] if "::" in module else ""
        prefix = parent + "::" if parent else ""
        code = "\n".join(
            line for line in text.split("\n")
            if not re.match(r"\s*(pub )?mod \w+;", line) and not re.match(r"\s*pub use ", line)
            and not re.match(r"\s*//", line)
        )
        paths = []
        for m in re.finditer(r"crate::((?:\w+::)*)(\{[^}]*\}|\w+)", code):
            head = m.group(1)
            paths += [head + item for item in re.findall(r"\w+", m.group(2))]
        for m in re.finditer(r"\bsuper::((?:\w+::)*)(\{[^}]*\}|\w+)", code):
            head = prefix + m.group(1)
            paths += [head + item for item in re.findall(r"\w+", m.group(2))]
        return paths

    graph = {module: set() for module in modules}
    for module, text in files.items():
        for path in imported(module, text):
            target = resolve(path)
            if target is not None and target != module:
                graph[module].add(target)

    # Tarjan's strongly connected components.
    index, low, stack, on_stack, cycles = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    if cycles:
        for cycle in cycles:
            print("import cycle between files: " + " <-> ".join(c or "crate" for c in cycle))
        return 1
    print(f"imports: {len(graph)} files, no cycle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
