#!/usr/bin/env python3
"""Cost and completeness of the voice and banner instructions on real routes.

Starts `waymark serve` on a road database (one worker thread, access log on), then asks every pair of a
pairs CSV (`waymark bench --write-pairs`, from_lat,from_lon,to_lat,to_lon) twice, interleaved:

  * `/route/v1/driving/...?steps=true`                                       (a route with steps today)
  * `/directions/v5/mapbox/driving/...?steps=true&voice_instructions=true&banner_instructions=true`

and reports the server's own time per request (the access log's milliseconds: route, steps, instructions
and JSON, without the client's side) for each kind, and the ratio. With `--baseline OTHER_WAYMARK` (e.g. a
build of the main branch) a second server of that build answers the first kind too, interleaved the same
way, as "steps (baseline)": the cost of a route with steps before this work. Every step of the second kind is
checked for what a navigation app needs: a non-empty `maneuver.instruction`; non-empty `voiceInstructions`
and `bannerInstructions` whose `distanceAlongGeometry` lie inside the step (to the 0.1 m written) and
decrease; a `modifier` or an `exit` on every maneuver but depart and arrive (osrm-text-instructions
rejects a step without one).

Usage: check.py WAYMARK DATABASE PAIRS.csv [--port 5077] [--rounds 2] [--baseline OTHER_WAYMARK]
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


def start_server(binary, database, port):
    """Starts `waymark serve` (one worker, access log on) and waits until it answers; returns it and its log."""
    log = open(f"/tmp/voice-banner-access-{port}.log", "w")
    server = subprocess.Popen([binary, "serve", "--db", database, "--port", str(port), "--threads", "1", "--no-page"],
                              stdout=log, stderr=log)
    for _ in range(600):
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            c.request("GET", "/health")
            if c.getresponse().status == 200:
                break
        except OSError:
            time.sleep(0.2)
    return server, log


def measured_times(port, target, rounds):
    """The server's milliseconds for the requests of one kind in the last round (the access log's
    "GET /route/v1/... 200 Ok 0.84 ms" lines; earlier rounds warm up)."""
    prefix = target.split("{c}")[0]
    values = []
    for line in open(f"/tmp/voice-banner-access-{port}.log"):
        match = re.search(r"GET (\S+) 200 Ok ([0-9.]+) ms", line)
        if match and match.group(1).startswith(prefix):
            values.append(float(match.group(2)))
    return values[len(values) * (rounds - 1) // rounds:]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("waymark")
    parser.add_argument("database")
    parser.add_argument("pairs")
    parser.add_argument("--port", type=int, default=5077)
    parser.add_argument("--rounds", type=int, default=2, help="times each request is asked (the first warms up)")
    parser.add_argument("--baseline", help="another waymark build whose steps=true routes are timed alongside")
    args = parser.parse_args()

    pairs = read_pairs(args.pairs)
    # kind: (server's port, target); each server writes its own access log.
    kinds = {
        "steps": (args.port, "/route/v1/driving/{c}?steps=true"),
        "voice+banner": (args.port, "/directions/v5/mapbox/driving/{c}?steps=true&voice_instructions=true&banner_instructions=true"),
    }
    builds = {args.port: args.waymark}
    if args.baseline:
        kinds["steps (baseline)"] = (args.port + 1, "/route/v1/driving/{c}?steps=true")
        builds[args.port + 1] = args.baseline
    servers = {port: start_server(binary, args.database, port) for port, binary in builds.items()}
    routes = steps = 0
    problems = []
    try:
        connections = {port: http.client.HTTPConnection("127.0.0.1", port, timeout=60) for port in servers}
        for round_ in range(args.rounds):
            for (flat, flon, tlat, tlon) in pairs:
                coords = f"{flon},{flat};{tlon},{tlat}"
                for kind, (port, target) in kinds.items():
                    connections[port].request("GET", target.format(c=coords))
                    response = connections[port].getresponse()
                    data = response.read()
                    if round_ == 0 and kind == "voice+banner" and response.status == 200:
                        body = json.loads(data)
                        routes += 1
                        steps += sum(len(leg["steps"]) for r in body["routes"] for leg in r["legs"])
                        problems += step_problems(body)
    finally:
        for server, log in servers.values():
            server.terminate()
            server.wait()
            log.close()

    times = {kind: measured_times(port, target, args.rounds) for kind, (port, target) in kinds.items()}
    for kind, values in times.items():
        if values:
            print(f"{kind:>16}: {len(values)} requests, median {statistics.median(values):.3f} ms, "
                  f"mean {statistics.fmean(values):.3f} ms")
    for base in [k for k in ("steps", "steps (baseline)") if times.get(k)]:
        print(f"voice+banner / {base}: median {statistics.median(times['voice+banner']) / statistics.median(times[base]):.2f}x, "
              f"mean {statistics.fmean(times['voice+banner']) / statistics.fmean(times[base]):.2f}x")
    print(f"checked {routes} routes, {steps} steps: {len(problems)} problems")
    for what, detail in problems[:20]:
        print(f"  {what}: {detail}")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
