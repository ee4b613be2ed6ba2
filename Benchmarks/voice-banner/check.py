#!/usr/bin/env python3
"""Cost and completeness of the voice and banner instructions on real routes.

Starts `waymark serve` on a road database (one worker thread, access log on), then asks every pair of a
pairs CSV (`waymark bench --write-pairs`, from_lat,from_lon,to_lat,to_lon) twice, interleaved:

  * `/route/v1/driving/...?steps=true`                                       (a route with steps today)
  * `/directions/v5/mapbox/driving/...?steps=true&voice_instructions=true&banner_instructions=true`

and reports the server's own time per request (the access log's milliseconds: route, steps, instructions
and JSON, without the client's side) for each kind, and the ratio. Every step of the second kind is
checked for what a navigation app needs: a non-empty `maneuver.instruction`; non-empty `voiceInstructions`
and `bannerInstructions` whose `distanceAlongGeometry` lie inside the step (to the 0.1 m written) and
decrease; a `modifier` or an `exit` on every maneuver but depart and arrive (osrm-text-instructions
rejects a step without one).

Usage: check.py WAYMARK DATABASE PAIRS.csv [--port 5077] [--rounds 2]
Exit status 0 when every step passes, 1 otherwise.
"""
import argparse
import http.client
import json
import re
import statistics
import subprocess
import sys
import time


def read_pairs(path):
    pairs = []
    with open(path) as f:
        for line in f:
            parts = line.strip().split(",")
            if len(parts) != 4:
                continue
            try:
                pairs.append(tuple(float(p) for p in parts))
            except ValueError:
                continue  # header
    return pairs


def step_problems(body):
    """Problems of a response's steps, as (what, detail) pairs; empty when every step passes."""
    problems = []
    for route in body.get("routes", []):
        for leg in route["legs"]:
            for n, step in enumerate(leg["steps"]):
                m = step["maneuver"]
                what = f"step {n} {m['type']} {m.get('instruction', '')!r}"
                if not m.get("instruction"):
                    problems.append((what, "no instruction"))
                if m["type"] not in ("depart", "arrive") and "modifier" not in m and "exit" not in m:
                    problems.append((what, "neither modifier nor exit"))
                for key in ("voiceInstructions", "bannerInstructions"):
                    distances = [i["distanceAlongGeometry"] for i in step.get(key, [])]
                    if not distances:
                        problems.append((what, f"no {key}"))
                    elif not all(0 <= d <= step["distance"] + 0.051 for d in distances):
                        problems.append((what, f"{key} {distances} outside {step['distance']} m"))
                    elif any(a <= b for a, b in zip(distances, distances[1:])):
                        problems.append((what, f"{key} {distances} not decreasing"))
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("waymark")
    parser.add_argument("database")
    parser.add_argument("pairs")
    parser.add_argument("--port", type=int, default=5077)
    parser.add_argument("--rounds", type=int, default=2, help="times each request is asked (the first warms up)")
    args = parser.parse_args()

    pairs = read_pairs(args.pairs)
    log = open("/tmp/voice-banner-access.log", "w")
    server = subprocess.Popen([args.waymark, "serve", "--db", args.database, "--port", str(args.port), "--threads", "1",
                               "--no-page"], stdout=log, stderr=log)
    try:
        for _ in range(600):
            try:
                c = http.client.HTTPConnection("127.0.0.1", args.port, timeout=5)
                c.request("GET", "/health")
                if c.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.2)
        conn = http.client.HTTPConnection("127.0.0.1", args.port, timeout=60)
        kinds = {
            "steps": "/route/v1/driving/{c}?steps=true",
            "voice+banner": "/directions/v5/mapbox/driving/{c}?steps=true&voice_instructions=true&banner_instructions=true",
        }
        routes = steps = 0
        problems = []
        for round_ in range(args.rounds):
            for (flat, flon, tlat, tlon) in pairs:
                coords = f"{flon},{flat};{tlon},{tlat}"
                for kind, target in kinds.items():
                    conn.request("GET", target.format(c=coords))
                    response = conn.getresponse()
                    data = response.read()
                    if round_ == 0 and kind == "voice+banner" and response.status == 200:
                        body = json.loads(data)
                        routes += 1
                        steps += sum(len(leg["steps"]) for r in body["routes"] for leg in r["legs"])
                        problems += step_problems(body)
    finally:
        server.terminate()
        server.wait()
        log.close()

    # Access log lines: "GET /route/v1/... 200 Ok 0.84 ms"; the last round's times are measured.
    times = {kind: [] for kind in kinds}
    lines = [l for l in open("/tmp/voice-banner-access.log") if " 200 Ok " in l and "/health" not in l]
    measured = lines[len(lines) * (args.rounds - 1) // args.rounds:]
    for line in measured:
        match = re.search(r"GET (\S+) 200 Ok ([0-9.]+) ms", line)
        if match:
            kind = "voice+banner" if match.group(1).startswith("/directions") else "steps"
            times[kind].append(float(match.group(2)))
    for kind, values in times.items():
        if values:
            print(f"{kind:>13}: {len(values)} requests, median {statistics.median(values):.3f} ms, "
                  f"mean {statistics.fmean(values):.3f} ms")
    if times["steps"] and times["voice+banner"]:
        print(f"        ratio: median {statistics.median(times['voice+banner']) / statistics.median(times['steps']):.2f}x, "
              f"mean {statistics.fmean(times['voice+banner']) / statistics.fmean(times['steps']):.2f}x")
    print(f"checked {routes} routes, {steps} steps: {len(problems)} problems")
    for what, detail in problems[:20]:
        print(f"  {what}: {detail}")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
