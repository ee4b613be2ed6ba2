#!/usr/bin/env python3
"""Classify where Waymark's steps disagree with OSRM's on real routes.

  classify.py REF.jsonl.gz PAIRS.csv BASE_URL [--n N] [--json OUT] [--examples K]

Asks a running `waymark serve` for each reference pair as `real-steps` (../shared/reference) does, keeps the routes
whose distance agrees within 1 %, aligns the rendered steps (difflib, depart/arrive left out) and puts every step that
is not matched into one class: a pair of steps said differently (angle band one apart, roundabout exit, fork vs turn,
new name vs turn, end of road vs turn, ramps, U-turns, turn vs continue, other), a step only OSRM says
(`missing TYPE`) or only Waymark says (`extra TYPE`). Prints the counts per class, largest first, and the same
`steps` agreement figure as `real-steps`.
"""
import collections, csv, difflib, gzip, json, sys, urllib.request, urllib.error

BANDS = ["sharp left", "left", "slight left", "straight", "slight right", "right", "sharp right"]


def js(v):
    return "undefined" if v is None else str(v)


def render(s):
    m = s["maneuver"]; t = m.get("type")
    if t in ("depart", "arrive"): return t
    if t == "roundabout": return "roundabout-exit-" + js(m.get("exit"))
    if t == "rotary": return (s.get("rotary_name") or "rotary") + "-exit-" + js(m.get("exit"))
    if t == "roundabout turn": return f"{t} {js(m.get('modifier'))} exit-{js(m.get('exit'))}"
    return f"{t} {js(m.get('modifier'))}"


def split(tok):
    """(type, modifier) of a rendered step; roundabout kinds fold into `roundabout`."""
    if "-exit-" in tok and not tok.startswith("roundabout turn"): return "roundabout", tok.rsplit("-", 1)[1]
    for t in ("exit roundabout", "exit rotary", "roundabout turn", "end of road", "new name", "on ramp", "off ramp",
              "use lane", "turn", "continue", "fork", "merge", "notification", "depart", "arrive"):
        if tok.startswith(t + " "): return t, tok[len(t) + 1:]
    return tok, ""


def band_apart(a, b):
    if a in BANDS and b in BANDS: return abs(BANDS.index(a) - BANDS.index(b))
    return None


RAMPS = {"on ramp", "off ramp", "merge"}
ROUNDABOUTS = {"roundabout", "exit roundabout", "exit rotary", "roundabout turn"}


def pair_class(o, w):
    (ot, om), (wt, wm) = split(o), split(w)
    if ot in ROUNDABOUTS or wt in ROUNDABOUTS:
        return "roundabout: " + (ot if ot in ROUNDABOUTS else wt) + (" modifier" if ot == wt else " vs " + (wt if ot in ROUNDABOUTS else ot))
    if "uturn" in (om, wm): return "u-turn vs turn"
    if ot == wt:
        d = band_apart(om, wm)
        return f"{ot}: angle band one apart" if d == 1 else f"{ot}: modifier differs"
    if ot in RAMPS or wt in RAMPS: return "ramp/merge: " + " vs ".join(sorted((ot, wt)))
    key = " vs ".join(sorted((ot, wt)))
    if "fork" in (ot, wt): return "fork vs " + (wt if ot == "fork" else ot)
    if "end of road" in (ot, wt): return "end of road vs " + (wt if ot == "end of road" else ot)
    if "new name" in (ot, wt): return "new name vs " + (wt if ot == "new name" else ot)
    return key


def classify(a, b, counts, examples, pair, k):
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal": continue
        n = min(i2 - i1, j2 - j1)
        found = [(pair_class(a[i1 + x], b[j1 + x]), 2) for x in range(n)]
        found += [("missing " + split(a[i])[0] + (" straight" if split(a[i])[1] == "straight" else ""), 1) for i in range(i1 + n, i2)]
        found += [("extra " + split(b[j])[0] + (" straight" if split(b[j])[1] == "straight" else ""), 1) for j in range(j1 + n, j2)]
        for c, weight in found:
            counts[c] += weight
            if len(examples[c]) < k: examples[c].append((pair, a[i1:i2], b[j1:j2]))


def main():
    if len(sys.argv) < 4:
        print(__doc__); sys.exit(2)
    ref_path, pairs_path, base = sys.argv[1:4]
    arg = lambda name, d: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else d
    n, out, k = int(arg("--n", 1000)), arg("--json", None), int(arg("--examples", 0))
    op = gzip.open if ref_path.endswith(".gz") else open
    ref = [json.loads(l) for l in op(ref_path, "rt", encoding="utf-8")][:n]
    pairs = list(csv.DictReader(open(pairs_path)))
    counts, examples = collections.Counter(), collections.defaultdict(list)
    same = matched = total = 0
    for o in ref:
        if o.get("code") != "Ok": continue
        p = pairs[o["pair"]]
        u = f"{base}/route/v1/driving/{p['from_lon']},{p['from_lat']};{p['to_lon']},{p['to_lat']}?steps=true&overview=false"
        try:
            with urllib.request.urlopen(u, timeout=60) as r: w = json.loads(r.read())
        except urllib.error.HTTPError:
            continue
        if w.get("code") != "Ok": continue
        rt = w["routes"][0]
        if abs(rt["distance"] - o["distance"]) > 0.01 * max(o["distance"], 1): continue
        same += 1
        a = [render(s) for s in o["steps"]][1:-1]
        b = [render(s) for leg in rt["legs"] for s in leg["steps"]][1:-1]
        m = sum(bl.size for bl in difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks())
        matched += 2 * m; total += len(a) + len(b)
        classify(a, b, counts, examples, o["pair"], k)
    unmatched = total - matched
    print(f"steps {100 * matched / max(total, 1):.1f}% of {same} routes; {unmatched} unmatched step slots")
    for c, v in counts.most_common():
        print(f"{v:6d} {100 * v / max(unmatched, 1):5.1f}%  {c}")
        for ex in examples[c]: print("          pair", ex[0], "osrm", ex[1], "waymark", ex[2])
    if out:
        json.dump({"routes": same, "matched": matched, "total": total, "classes": counts}, open(out, "w"), indent=1)


if __name__ == "__main__":
    main()
