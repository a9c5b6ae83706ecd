#!/usr/bin/env python3
"""Migrates Sources/LoginKit (PromiseKit) into Sources/LoginKitMigrated by Migration.md's
"Coming from PromiseKit" table alone: each rule below is one row of the table, applied as a text
rewrite. Nothing else is changed by hand, so the fixture shows what a mechanical pass leaves to fix.

Usage: Fixtures/PromiseKitMigration/migrate.py [--check]
  --check  exit 1 if the checked-in Sources/LoginKitMigrated differs from what the rules make
"""
import pathlib
import re
import sys

here = pathlib.Path(__file__).resolve().parent
source = here / "Sources" / "LoginKit"
target = here / "Sources" / "LoginKitMigrated"

# (table row, pattern, replacement); applied in order, line by line.
RULES = [
    ("import PromiseKit", r"^import PromiseKit$", "import Promises"),
    ("import PMKFoundation", r"^import PMKFoundation$", "import PromiseFoundation"),
    ("conf.Q", r"^(\s*)conf\.Q = .*$", r"\1// conf.Q: per step, with `on:` (Migration.md, Keeping a chain inline)"),
    ("firstly { p }", r"(?<![\w.])firstly \{", "Promise.firstly {"),
    ("then (returns a promise)", r"\.then \{", ".flatMap {"),
    ("done { … }", r"\.done \{", ".map {"),
    ("get { … }", r"\.get \{", ".then {"),
    ("ensure, finally", r"\.(ensure|finally) \{", ".always {"),
    ("recover { e -> Promise<T> }", r"\.recover \{", ".flatMapError {"),
    ("catch(policy: .allErrors)", r"\.catch\(policy: \.allErrors\)", ".catch(includingCancellation: true)"),
    ("cauterize()", r"\.cauterize\(\)", ".catch { _ in }"),
    ("Guarantee<T>", r"\bGuarantee\b", "Promise"),
    ("Promise.value(x)", r"\bPromise\.value\(", "Promise("),
    (".value(x) in return position", r"(?<![\w)\]?!])\.value\(", "Promise("),
    ("Guarantee { seal in … seal(x) }", r"\bseal\(", "resolver.fulfill("),
    ("seal", r"\bseal\b", "resolver"),
    ("when(fulfilled:)", r"(?<![\w.])when\(fulfilled: ", "Promise.all("),
    ("when(resolved:)", r"(?<![\w.])when\(resolved: ", "Promise.allSettled("),
    ("Result.fulfilled / .rejected", r"\.fulfilled\(", ".success("),
    ("Result.fulfilled / .rejected", r"\.rejected\(", ".failure("),
    ("race", r"(?<![\w.])race\(", "Promise.race("),
    ("after", r"(?<![\w.])after\(", "Promise.after("),
    ("PMKError.cancelled, isCancelled", r"\.isCancelled\b", ".isCancellation"),
    ("extension Promise where T ==", r"^extension Promise where T ==", "extension Promise where Value =="),
    ("URLSession.dataTask(.promise, with:)", r"\.dataTask\(\.promise, with: ", ".dataPromise(with: "),
    ("validate() (PMKFoundation)", r"\.validate\(\)", ".validateHTTPStatus()"),
]


def migrate(text: str) -> tuple[str, set[str]]:
    used = set()
    lines = []
    for line in text.split("\n"):
        for row, pattern, replacement in RULES:
            line, count = re.subn(pattern, replacement, line)
            if count:
                used.add(row)
        lines.append(line)
    return "\n".join(lines), used


def main() -> int:
    check = "--check" in sys.argv[1:]
    used_rows = set()
    expected = {}
    for path in sorted(source.glob("*.swift")):
        migrated, used = migrate(path.read_text())
        used_rows |= used
        expected[path.name] = migrated
    if check:
        actual = {path.name: path.read_text() for path in target.glob("*.swift")}
        if actual != expected:
            stale = sorted(set(actual) ^ set(expected) | {n for n in expected if actual.get(n) != expected[n]})
            print(f"error: Sources/LoginKitMigrated is not what migrate.py makes ({', '.join(stale)}): "
                  "run Fixtures/PromiseKitMigration/migrate.py", file=sys.stderr)
            return 1
        print(f"Sources/LoginKitMigrated is the mechanical migration ({len(used_rows)} rows used)")
        return 0
    target.mkdir(exist_ok=True)
    for path in target.glob("*.swift"):
        path.unlink()
    for name, text in expected.items():
        (target / name).write_text(text)
    print(f"migrated {len(expected)} files with {len(used_rows)} rows of the table:")
    for row in sorted(used_rows):
        print(f"  {row}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
