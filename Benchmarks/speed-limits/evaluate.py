#!/usr/bin/env python3
"""Leave-tag-out evaluation of Waymark's speed limits (issue 34): how close the limits the import
estimates where no speed is tagged come to the limits that are posted.

For each shared extract (../shared/osm/NAME.osm.bz2):

  original  the extract as it is: `waymark import`, then `waymark roads --format csv`. Edges whose source
            is `posted` with a numeric limit are the truth.
  all       every speed tag stripped from every way (maxspeed, maxspeed:*, zone:maxspeed*,
            source:maxspeed*, zone:traffic*), imported and exported the same way.
  half      the same tags stripped only from the ways with an even way id; the others keep theirs, as
            neighbours an estimate may learn from.

Each variant is compared with the truth over the edges whose way was stripped and whose original
limit was posted and numeric; shares are weighted by edge length: exact (within 0.5 km/h), within
10 km/h, above (more than 0.5 km/h above, or unlimited), below, unknown (no number). Also broken
down by the estimate's source and by highway class, and compared with today's class defaults
(`defaultSpeedLimits` in Sources/OSMImport/CarProfile.swift) on the same edges.

Python 3 standard library only. See README.md beside this file.
"""

from __future__ import annotations

import argparse
import bz2
import concurrent.futures
import csv
import html
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

SCRIPT_DIR = Path(__file__).resolve().parent
REPO_ROOT = SCRIPT_DIR.parent.parent
DEFAULT_RESULTS = SCRIPT_DIR / "results"
CAR_PROFILE = REPO_ROOT / "Sources" / "OSMImport" / "CarProfile.swift"

# CarProfile.defaultSpeedLimits as of issue 34's start, used when the source cannot be read.
CLASS_DEFAULTS_SNAPSHOT = {
    "motorway": 130, "motorway_link": 80, "trunk": 110, "trunk_link": 80,
    "primary": 90, "primary_link": 60, "secondary": 70, "secondary_link": 60,
    "tertiary": 60, "tertiary_link": 50, "unclassified": 50, "residential": 50,
    "living_street": 10, "service": 30, "road": 50,
}
# What CarProfile gives a class missing from the table.
CLASS_DEFAULT_FALLBACK = 50

VARIANTS = ("half", "all")
VARIANT_TITLES = {
    "half": "Half stripped (speed tags removed from ways with an even id)",
    "all": "All stripped (speed tags removed from every way)",
}
OUTCOMES = ("exact", "within_10", "above", "below", "unknown")
HIGHWAY_ORDER = list(CLASS_DEFAULTS_SNAPSHOT)


class EvaluationError(Exception):
    """A failure the script reports as one line, exiting with status 1."""


# ---------------------------------------------------------------------------------------------------
# Stripping speed tags from OSM XML (streaming, exact bytes kept for everything else)

def is_speed_key(key: str) -> bool:
    """The tags a leave-tag-out run removes: every key that states or implies a way's speed limit."""
    if key == "maxspeed" or key.startswith("maxspeed:"):
        return True
    for base in ("zone:maxspeed", "source:maxspeed", "zone:traffic"):
        if key == base or key.startswith(base + ":"):
            return True
    return False


_ATTRIBUTES = r"""(?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*"""
_WAY_START = re.compile(r"<way(?=[\s/>])")
_WAY_OPEN = re.compile(r"<way(" + _ATTRIBUTES + r")\s*(/?)>")
_WAY_CLOSE = re.compile(r"</way\s*>")
# A tag element with the blanks before it and the line break after it, so a removed tag leaves no
# empty line where it stood alone on one (as every writer of the shared extracts puts it).
_TAG = re.compile(r"([ \t]*)<tag(" + _ATTRIBUTES + r")\s*/>([ \t]*\r?\n)?")
_ATTRIBUTE = re.compile(r"""([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def _attributes(text: str) -> dict[str, str]:
    """Attribute values of an element's attribute text, entities resolved."""
    return {m.group(1): html.unescape(m.group(2) if m.group(2) is not None else m.group(3))
            for m in _ATTRIBUTE.finditer(text)}


def strip_speed_tags(source: Path, outputs: dict[str, object], chunk_chars: int = 1 << 20) -> dict[str, dict[str, int]]:
    """Reads OSM XML (bzip2 or plain) once and writes one copy per rule in `outputs` (variant name ->
    (path, rule)), where rule(way_id) says whether that way's speed tags are removed.

    Everything outside the removed `<tag .../>` elements is copied byte for byte (attribute quoting and
    escaping are never rewritten); way elements are found with their attribute values quoted either way,
    so a `>` inside a value cannot end one early. Streams: only one way element at a time is held beyond
    the chunk being read.
    """
    opener = bz2.open if source.suffix == ".bz2" else open
    stats = {name: {"ways_stripped": 0, "tags_removed": 0, "ways_with_speed_tags": 0} for name in outputs}
    files = {name: open(path, "w", encoding="utf-8", newline="") for name, (path, _rule) in outputs.items()}
    rules = {name: rule for name, (_path, rule) in outputs.items()}

    def emit(text: str) -> None:
        for f in files.values():
            f.write(text)

    def emit_way(open_tag: str, body: str, close_tag: str, way_id: int) -> None:
        tags = list(_TAG.finditer(body))
        speed = [m for m in tags if is_speed_key(_attributes(m.group(2)).get("k", ""))]
        for name, f in files.items():
            if speed:
                stats[name]["ways_with_speed_tags"] += 1
            if not speed or not rules[name](way_id):
                f.write(open_tag + body + close_tag)
                continue
            stats[name]["ways_stripped"] += 1
            stats[name]["tags_removed"] += len(speed)
            pieces, last = [], 0
            for m in speed:
                # The blanks before the element go with it only when it ends its line.
                start = m.start() if m.group(3) is not None else m.start(1) + len(m.group(1))
                pieces.append(body[last:start])
                last = m.end()
            pieces.append(body[last:])
            f.write(open_tag + "".join(pieces) + close_tag)

    try:
        with opener(source, "rt", encoding="utf-8", newline="") as reader:
            buffer, eof = "", False
            while True:
                if not eof:
                    chunk = reader.read(chunk_chars)
                    eof = chunk == ""
                    buffer += chunk
                position = 0
                while True:
                    start = _WAY_START.search(buffer, position)
                    if start is None:
                        # Keep a tail that could be the start of a way split by the chunk boundary.
                        last_open = buffer.rfind("<", position)
                        keep = len(buffer) if eof or last_open < 0 else last_open
                        emit(buffer[position:keep])
                        position = keep
                        break
                    opened = _WAY_OPEN.match(buffer, start.start())
                    if opened is None:
                        if eof:
                            raise EvaluationError(f"{source}: malformed <way> element at character {start.start()}")
                        emit(buffer[position:start.start()])
                        position = start.start()
                        break
                    if opened.group(2) == "/":   # <way .../>: no tags to strip
                        emit(buffer[position:opened.end()])
                        position = opened.end()
                        continue
                    closed = _WAY_CLOSE.search(buffer, opened.end())
                    if closed is None:
                        if eof:
                            raise EvaluationError(f"{source}: a <way> element is not closed")
                        emit(buffer[position:start.start()])
                        position = start.start()
                        break
                    way_id = int(_attributes(opened.group(1)).get("id", "0"))
                    emit(buffer[position:start.start()])
                    emit_way(opened.group(0), buffer[opened.end():closed.start()], closed.group(0), way_id)
                    position = closed.end()
                buffer = buffer[position:]
                if eof and not buffer:
                    break
                if eof and buffer:
                    # Only reached when the tail holds no way start: copy it as it is.
                    emit(buffer)
                    break
    finally:
        for f in files.values():
            f.close()
    return stats


# ---------------------------------------------------------------------------------------------------
# Running waymark

def run(command: list[str], what: str) -> None:
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        detail = (result.stderr.strip() or result.stdout.strip()).splitlines()
        raise EvaluationError(f"{what} failed (exit {result.returncode}): {detail[-1] if detail else 'no message'}\n"
                              f"  command: {shlex.join(command)}")


def import_and_export(waymark: str, extract: Path, database: Path, table: Path, import_args: list[str]) -> None:
    """`waymark import EXTRACT --db DB` then `waymark roads --db DB --format csv -o TABLE`."""
    run([waymark, "import", str(extract), "--db", str(database), "--quiet", *import_args], f"import of {extract.name}")
    run([waymark, "roads", "--db", str(database), "--format", "csv", "--output", str(table)], f"roads export of {database.name}")


def read_table(path: Path) -> dict[tuple, dict[str, str]]:
    """The rows of a `waymark roads` CSV keyed by (way_id, direction, from_node, to_node, n): n numbers the
    rare repeats of the same piece, in the file's order."""
    rows: dict[tuple, dict[str, str]] = {}
    seen: dict[tuple, int] = defaultdict(int)
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            base = (row["way_id"], row["direction"], row["from_node"], row["to_node"])
            rows[base + (seen[base],)] = row
            seen[base] += 1
    return rows


# ---------------------------------------------------------------------------------------------------
# Comparison

def outcome(posted: float, kind: str, estimate: float | None) -> str:
    """exact, above, below or unknown (mutually exclusive)."""
    if kind == "unlimited":
        return "above"
    if kind != "limited" or estimate is None:
        return "unknown"
    if abs(estimate - posted) <= 0.5:
        return "exact"
    return "above" if estimate > posted else "below"


class Tally:
    """Length-weighted outcome sums (metres) and the absolute error of numeric estimates."""

    def __init__(self) -> None:
        self.length = 0.0
        self.edges = 0
        self.by_outcome = dict.fromkeys(OUTCOMES, 0.0)
        self.error_length = 0.0
        self.error_sum = 0.0

    def add(self, length: float, posted: float, kind: str, estimate: float | None) -> None:
        self.length += length
        self.edges += 1
        self.by_outcome[outcome(posted, kind, estimate)] += length
        if kind == "limited" and estimate is not None:
            error = abs(estimate - posted)
            if error <= 10:
                self.by_outcome["within_10"] += length
            self.error_length += length
            self.error_sum += error * length

    def merge(self, other: "Tally") -> None:
        self.length += other.length
        self.edges += other.edges
        for key in OUTCOMES:
            self.by_outcome[key] += other.by_outcome[key]
        self.error_length += other.error_length
        self.error_sum += other.error_sum

    def figures(self) -> dict:
        share = (lambda v: v / self.length) if self.length > 0 else (lambda v: None)
        return {
            "edges": self.edges,
            "km": round(self.length / 1000, 3),
            **{key: share(self.by_outcome[key]) for key in OUTCOMES},
            "mean_abs_error_kmh": self.error_sum / self.error_length if self.error_length > 0 else None,
        }


class Comparison:
    """One variant of one extract (or pooled): the estimate and the class-default baseline, overall, by
    the estimate's source and by highway class."""

    def __init__(self) -> None:
        self.estimate = Tally()
        self.baseline = Tally()
        self.by_source: dict[str, Tally] = defaultdict(Tally)
        self.by_highway: dict[str, Tally] = defaultdict(Tally)
        self.baseline_by_highway: dict[str, Tally] = defaultdict(Tally)
        self.missing_edges = 0

    def merge(self, other: "Comparison") -> None:
        self.estimate.merge(other.estimate)
        self.baseline.merge(other.baseline)
        for mine, theirs in ((self.by_source, other.by_source), (self.by_highway, other.by_highway),
                             (self.baseline_by_highway, other.baseline_by_highway)):
            for key, tally in theirs.items():
                mine[key].merge(tally)
        self.missing_edges += other.missing_edges

    def figures(self) -> dict:
        return {
            "estimate": self.estimate.figures(),
            "class_defaults": self.baseline.figures(),
            "by_source": {k: v.figures() for k, v in sorted(self.by_source.items())},
            "by_highway": {k: {"estimate": v.figures(), "class_defaults": self.baseline_by_highway[k].figures()}
                           for k, v in sorted(self.by_highway.items(), key=lambda kv: highway_rank(kv[0]))},
            "missing_edges": self.missing_edges,
        }


def highway_rank(name: str) -> int:
    return HIGHWAY_ORDER.index(name) if name in HIGHWAY_ORDER else len(HIGHWAY_ORDER)


def compare(truth: dict, variant: dict, stripped, class_defaults: dict[str, float]) -> Comparison:
    """Compares a variant's export with the truth over the posted, numeric edges of stripped ways."""
    result = Comparison()
    for key, row in truth.items():
        if row["source"] != "posted" or row["kind"] != "limited" or not stripped(int(row["way_id"])):
            continue
        posted = float(row["speed_limit_kmh"])
        length = float(row["length_m"])
        highway = row["highway"]
        baseline = float(class_defaults.get(highway, CLASS_DEFAULT_FALLBACK))
        result.baseline.add(length, posted, "limited", baseline)
        result.baseline_by_highway[highway].add(length, posted, "limited", baseline)
        estimated = variant.get(key)
        if estimated is None:
            result.missing_edges += 1
            kind, value, source = "unknown", None, "missing"
        else:
            kind, source = estimated["kind"], estimated["source"]
            value = float(estimated["speed_limit_kmh"]) if estimated["speed_limit_kmh"] else None
        result.estimate.add(length, posted, kind, value)
        result.by_source[source].add(length, posted, kind, value)
        result.by_highway[highway].add(length, posted, kind, value)
    return result


RULES = {
    "half": lambda way_id: way_id % 2 == 0,
    "all": lambda way_id: True,
}


def evaluate_extract(name: str, source: Path, work: Path, waymark: str, import_args: list[str],
                     class_defaults: dict[str, float], keep: bool) -> dict:
    """Strips, imports, exports and compares one extract; returns its comparisons and timings."""
    started = time.monotonic()
    directory = work / name
    directory.mkdir(parents=True, exist_ok=True)
    stripped_files = {variant: directory / f"{name}.{variant}-stripped.osm" for variant in VARIANTS}
    strip_stats = strip_speed_tags(source, {v: (stripped_files[v], RULES[v]) for v in VARIANTS})
    stripped_at = time.monotonic()
    inputs = {"original": source, **stripped_files}
    tables = {}
    for variant, extract in inputs.items():
        database = directory / f"{name}.{variant}.sqlite"
        table = directory / f"{name}.{variant}.csv"
        import_and_export(waymark, extract, database, table, import_args)
        tables[variant] = read_table(table)
        if not keep:
            database.unlink(missing_ok=True)
            if variant != "original":
                extract.unlink(missing_ok=True)
    imported_at = time.monotonic()
    comparisons = {v: compare(tables["original"], tables[v], RULES[v], class_defaults) for v in VARIANTS}
    truth = [r for r in tables["original"].values() if r["source"] == "posted" and r["kind"] == "limited"]
    return {
        "name": name,
        "edges": len(tables["original"]),
        "posted_numeric_edges": len(truth),
        "posted_numeric_km": sum(float(r["length_m"]) for r in truth) / 1000,
        "strip": strip_stats,
        "comparisons": comparisons,
        "seconds": {"strip": stripped_at - started, "import_and_export": imported_at - stripped_at,
                    "total": time.monotonic() - started},
    }


# ---------------------------------------------------------------------------------------------------
# Reports

def percent(value) -> str:
    return "–" if value is None else f"{100 * value:.1f} %"


def number(value, decimals=1) -> str:
    return "–" if value is None else f"{value:.{decimals}f}"


def markdown_table(header: list[str], rows: list[list[str]], right_from: int = 1) -> str:
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join("---" if i < right_from else "---:" for i in range(len(header))) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def text_table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(header[i]), *(len(r[i]) for r in rows)) if rows else len(header[i]) for i in range(len(header))]
    def line(cells):
        return "  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(cells))
    return "\n".join([line(header), "  ".join("-" * w for w in widths)] + [line(r) for r in rows])


SUMMARY_HEADER = ["extract", "edges", "km", "exact", "±10 km/h", "above", "below", "unknown", "MAE km/h",
                  "defaults exact", "defaults ±10", "defaults above", "defaults below"]


def summary_row(label: str, comparison: Comparison) -> list[str]:
    e, b = comparison.estimate.figures(), comparison.baseline.figures()
    return [label, str(e["edges"]), number(e["km"]), percent(e["exact"]), percent(e["within_10"]), percent(e["above"]),
            percent(e["below"]), percent(e["unknown"]), number(e["mean_abs_error_kmh"]),
            percent(b["exact"]), percent(b["within_10"]), percent(b["above"]), percent(b["below"])]


SOURCE_HEADER = ["source", "edges", "km", "share of km", "exact", "±10 km/h", "above", "below", "unknown", "MAE km/h"]
HIGHWAY_HEADER = ["highway", "edges", "km", "exact", "±10 km/h", "above", "below", "unknown", "defaults exact", "defaults ±10"]


def source_rows(comparison: Comparison) -> list[list[str]]:
    total = comparison.estimate.length
    rows = []
    for source, tally in sorted(comparison.by_source.items(), key=lambda kv: -kv[1].length):
        f = tally.figures()
        rows.append([source, str(f["edges"]), number(f["km"]), percent(tally.length / total if total else None),
                     percent(f["exact"]), percent(f["within_10"]), percent(f["above"]), percent(f["below"]),
                     percent(f["unknown"]), number(f["mean_abs_error_kmh"])])
    return rows


def highway_rows(comparison: Comparison) -> list[list[str]]:
    rows = []
    for highway, tally in sorted(comparison.by_highway.items(), key=lambda kv: highway_rank(kv[0])):
        f, b = tally.figures(), comparison.baseline_by_highway[highway].figures()
        rows.append([highway, str(f["edges"]), number(f["km"]), percent(f["exact"]), percent(f["within_10"]),
                     percent(f["above"]), percent(f["below"]), percent(f["unknown"]),
                     percent(b["exact"]), percent(b["within_10"])])
    return rows


def reports(results: list[dict], pooled: dict[str, Comparison], render) -> str:
    """The tables, each rendered by `render(header, rows)` (Markdown or plain text)."""
    parts = []
    for variant in VARIANTS:
        rows = [summary_row(r["name"], r["comparisons"][variant]) for r in results]
        rows.append(summary_row("pooled", pooled[variant]))
        parts.append(f"### {VARIANT_TITLES[variant]}\n\n" + render(SUMMARY_HEADER, rows))
    for variant in VARIANTS:
        parts.append(f"### {VARIANT_TITLES[variant]}: pooled, by the estimate's source\n\n"
                     + render(SOURCE_HEADER, source_rows(pooled[variant])))
        parts.append(f"### {VARIANT_TITLES[variant]}: pooled, by highway class\n\n"
                     + render(HIGHWAY_HEADER, highway_rows(pooled[variant])))
    return "\n\n".join(parts) + "\n"


# ---------------------------------------------------------------------------------------------------
# Set-up

def class_defaults_from_source() -> tuple[dict[str, float], str]:
    """CarProfile's `defaultSpeedLimits`, read from its Swift source (snake_case class names)."""
    try:
        text = CAR_PROFILE.read_text(encoding="utf-8")
        block = re.search(r"defaultSpeedLimits\s*=\s*\[(.*?)\]", text, re.S)
        entries = re.findall(r"\.(\w+)\s*:\s*(\d+(?:\.\d+)?)", block.group(1)) if block else []
        table = {re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), k): float(v) for k, v in entries}
        if len(table) >= 10:
            return table, str(CAR_PROFILE.relative_to(REPO_ROOT))
    except OSError:
        pass
    print(f"evaluate.py: warning: could not read defaultSpeedLimits from {CAR_PROFILE}; using the snapshot in this script",
          file=sys.stderr)
    return {k: float(v) for k, v in CLASS_DEFAULTS_SNAPSHOT.items()}, "snapshot in evaluate.py"


def display_path(path: Path) -> str:
    """A path relative to the repository when inside it."""
    try:
        return str(path.relative_to(REPO_ROOT))
    except ValueError:
        return str(path)


def shared_directory() -> Path:
    env = os.environ.get("WAYMARK_SHARED_OSM")
    return Path(env) if env else REPO_ROOT.parent / "shared" / "osm"


def find_waymark(given: str | None) -> Path:
    if given:
        path = Path(given)
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise EvaluationError(f"--waymark {given}: no executable file there")
        return path.resolve()
    if os.environ.get("WAYMARK_BINARY"):
        return find_waymark(os.environ["WAYMARK_BINARY"])
    candidates = [p for p in REPO_ROOT.glob(".build*/release/waymark") if p.is_file() and os.access(p, os.X_OK)]
    candidates += [p for p in REPO_ROOT.glob(".build*/*/release/waymark") if p.is_file() and os.access(p, os.X_OK)]
    if not candidates:
        raise EvaluationError("no release waymark found under .build*/release; build it with "
                              "'swift build -c release --product waymark' or pass --waymark PATH")
    return max(candidates, key=lambda p: p.stat().st_mtime).resolve()


def check_waymark(waymark: Path) -> list[str]:
    """Checks the binary has `roads`; returns the import options that make it faster here (`--no-ch`)."""
    roads = subprocess.run([str(waymark), "roads", "--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if roads.returncode != 0 or "--bbox" not in roads.stdout:
        raise EvaluationError(f"{waymark} has no 'roads' command (an older build?); rebuild it")
    help_text = subprocess.run([str(waymark), "import", "--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True).stdout
    return ["--no-ch"] if "--no-ch" in help_text else []


def choose_extracts(directory: Path, wanted: str | None) -> list[tuple[str, Path]]:
    if not directory.is_dir():
        raise EvaluationError(f"the shared extracts are not at {directory} (set WAYMARK_SHARED_OSM or --osm-dir)")
    available = {p.name[: -len(".osm.bz2")]: p for p in sorted(directory.glob("*.osm.bz2"))}
    if not available:
        raise EvaluationError(f"{directory} holds no *.osm.bz2 extracts")
    if not wanted:
        chosen = list(available.items())
    else:
        names = [n.strip() for n in wanted.split(",") if n.strip()]
        unknown = [n for n in names if n not in available]
        if unknown:
            raise EvaluationError(f"--extracts: no {', '.join(unknown)} in {directory} (available: {', '.join(available)})")
        chosen = [(n, available[n]) for n in dict.fromkeys(names)]
    # Largest first, so the parallel jobs finish together.
    return sorted(chosen, key=lambda item: -item[1].stat().st_size)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Leave-tag-out evaluation of the speed limits waymark estimates (see README.md beside this script).")
    parser.add_argument("results", nargs="?", default=str(DEFAULT_RESULTS),
                        help=f"directory for speed-limits.md and speed-limits.json (default {DEFAULT_RESULTS.relative_to(REPO_ROOT)})")
    parser.add_argument("--waymark", help="the waymark binary (default: $WAYMARK_BINARY, else the newest .build*/release/waymark)")
    parser.add_argument("--extracts", help="comma-separated extract names (default: every *.osm.bz2 in the shared folder)")
    parser.add_argument("--osm-dir", help="folder of the extracts (default: $WAYMARK_SHARED_OSM, else ../shared/osm)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="extracts processed at once (default: one per core)")
    parser.add_argument("--keep", action="store_true", help="keep the stripped extracts, databases and CSV tables in RESULTS/work/")
    parser.add_argument("--import-args", default="", help="extra 'waymark import' options for every import, e.g. \"--no-neighbour-limits\"")
    # `--import-args "--no-ch ..."`: the value starts with a dash, which argparse would take for an option.
    argv = list(sys.argv[1:] if argv is None else argv)
    for i in range(len(argv) - 1):
        if argv[i] == "--import-args":
            argv[i:i + 2] = ["--import-args=" + argv[i + 1], ""]
    args = parser.parse_args([a for a in argv if a != ""])

    try:
        if args.jobs < 1:
            raise EvaluationError(f"--jobs {args.jobs}: expected 1 or more")
        waymark = find_waymark(args.waymark)
        import_args = check_waymark(waymark) + shlex.split(args.import_args)
        extracts = choose_extracts(Path(args.osm_dir) if args.osm_dir else shared_directory(), args.extracts)
        class_defaults, defaults_origin = class_defaults_from_source()
        results_dir = Path(args.results)
        results_dir.mkdir(parents=True, exist_ok=True)
        work = results_dir / "work" if args.keep else Path(tempfile.mkdtemp(prefix="waymark-speed-limits-"))
        work.mkdir(parents=True, exist_ok=True)
        print(f"waymark: {waymark}\nimport options: {shlex.join(import_args) or '(none)'}\n"
              f"extracts: {len(extracts)}, jobs: {args.jobs}, work: {work}", file=sys.stderr)

        started = time.monotonic()
        results = []
        try:
            with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
                futures = {pool.submit(evaluate_extract, name, path, work, str(waymark), import_args, class_defaults, args.keep): name
                           for name, path in extracts}
                try:
                    for future in concurrent.futures.as_completed(futures):
                        result = future.result()
                        results.append(result)
                        print(f"  {result['name']}: {result['posted_numeric_edges']} posted edges, "
                              f"{result['seconds']['total']:.1f} s", file=sys.stderr)
                except BaseException:
                    pool.shutdown(wait=True, cancel_futures=True)   # no new extract after a failure
                    raise
        finally:
            if not args.keep:
                shutil.rmtree(work, ignore_errors=True)
        order = [name for name, _ in sorted(extracts)]
        results.sort(key=lambda r: order.index(r["name"]))

        pooled = {v: Comparison() for v in VARIANTS}
        for r in results:
            for v in VARIANTS:
                pooled[v].merge(r["comparisons"][v])
        elapsed = time.monotonic() - started

        print(reports(results, pooled, text_table).replace("### ", "\n"))
        heading = (f"Leave-tag-out speed limits: `{display_path(waymark)}`, import options "
                   f"`{shlex.join(import_args) or 'none'}`, {len(results)} extracts, {time.strftime('%Y-%m-%d')}.\n"
                   "Shares of the length of posted, numeric edges of stripped ways; 'defaults' is today's class-default "
                   "table on the same edges.\n\n")
        (results_dir / "speed-limits.md").write_text(heading + reports(results, pooled, markdown_table), encoding="utf-8")
        document = {
            "waymark": str(waymark),
            "import_args": import_args,
            "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "seconds": elapsed,
            "class_defaults": class_defaults,
            "class_defaults_from": defaults_origin,
            "strip_rules": {"keys": "maxspeed, maxspeed:*, zone:maxspeed[:*], source:maxspeed[:*], zone:traffic[:*]",
                            "half": "ways with an even id", "all": "every way"},
            "extracts": [{**{k: v for k, v in r.items() if k != "comparisons"},
                          "comparisons": {v: r["comparisons"][v].figures() for v in VARIANTS}} for r in results],
            "pooled": {v: pooled[v].figures() for v in VARIANTS},
        }
        (results_dir / "speed-limits.json").write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {results_dir / 'speed-limits.md'} and {results_dir / 'speed-limits.json'} in {elapsed:.0f} s",
              file=sys.stderr)
        missing = sum(pooled[v].missing_edges for v in VARIANTS)
        if missing:
            print(f"evaluate.py: warning: {missing} posted edges had no counterpart in a stripped import "
                  "(counted as unknown)", file=sys.stderr)
        return 0
    except EvaluationError as error:
        print(f"evaluate.py: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
