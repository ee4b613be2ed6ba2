#!/usr/bin/env python3
"""Writes osm/sample-town.osm: Lipovac, a made-up small town drawn on a metric plan near 45.81 N, 15.98 E.

The town is generated rather than hand-typed so that shared junction nodes line up exactly: every way
is sampled at its end points plus every multiple of its spacing in between, and points are keyed by
their rounded metric position, so crossing streets share the node where they meet.
Run from the project root: `python3 scripts/make-samples.py` (deterministic output; commit the result).
"""
import math
import os

ORIGIN_LAT, ORIGIN_LON = 45.8100, 15.9800
M_PER_DEG_LAT = 111_320.0
M_PER_DEG_LON = 111_320.0 * math.cos(math.radians(ORIGIN_LAT))

nodes = {}          # (x, y) rounded -> node id
node_order = []     # [(id, x, y)]
node_tags = {}      # id -> {k: v}
ways = []           # [(id, [node ids], {tags})]
relations = []      # [(id, [(type, ref, role)], {tags})]
next_node = [1000]
next_way = [100]


def node(x, y, tags=None):
    key = (round(x, 2), round(y, 2))
    if key not in nodes:
        nodes[key] = next_node[0]
        node_order.append((next_node[0], x, y))
        next_node[0] += 1
    nid = nodes[key]
    if tags:
        node_tags.setdefault(nid, {}).update(tags)
    return nid


def line(x0, y0, x1, y1, spacing=30.0):
    """Points from (x0,y0) to (x1,y1): the ends plus every multiple of `spacing` on the axis it runs along."""
    pts = [(x0, y0)]
    if y0 == y1:
        step = spacing if x1 > x0 else -spacing
        k = math.floor(x0 / spacing) + (1 if x1 > x0 else 0)
        if x1 < x0:
            k = math.ceil(x0 / spacing) - 1
        while (x1 - k * spacing) * step > 1e-9 and (k * spacing - x0) * step > 1e-9:
            pts.append((k * spacing, y0))
            k += 1 if x1 > x0 else -1
    elif x0 == x1:
        step = spacing if y1 > y0 else -spacing
        k = math.floor(y0 / spacing) + 1 if y1 > y0 else math.ceil(y0 / spacing) - 1
        while (y1 - k * spacing) * step > 1e-9 and (k * spacing - y0) * step > 1e-9:
            pts.append((x0, k * spacing))
            k += 1 if y1 > y0 else -1
    pts.append((x1, y1))
    return pts


def way(points, tags):
    wid = next_way[0]
    next_way[0] += 1
    refs = [node(x, y) for x, y in points]
    ways.append((wid, refs, tags))
    return wid


# --- Motorway A3 with a toll, two carriageways (right-hand traffic: eastbound is the southern one).
MW_EB, MW_WB = -407.5, -392.5
motorway = {"highway": "motorway", "ref": "A3", "name": "Autocesta A3", "toll": "yes", "lanes": "2"}
way(line(-600, MW_EB, 1200, MW_EB, 60), {**motorway, "maxspeed": "none"})
way(line(1200, MW_WB, -600, MW_WB, 60), {**motorway, "maxspeed": "130"})

# --- Interchange "Lipovac" at (300, -350): four ramps.
ramp = {"highway": "motorway_link", "destination": "Lipovac"}
way([(180, MW_EB), (230, -400), (265, -375), (300, -350)], {**ramp, "bridge": "yes", "layer": "1"})      # EB exit
way([(300, -350), (335, -375), (370, -400), (420, MW_EB)], {**ramp, "bridge": "yes", "layer": "1"})      # EB entry
way([(420, MW_WB), (380, -380), (340, -362), (300, -350)], ramp)                                         # WB exit
way([(300, -350), (260, -362), (220, -380), (180, MW_WB)], ramp)                                         # WB entry

# --- Main roads meeting at a roundabout at (300, 300), radius 30 m, counter-clockwise.
R = 30.0
ring = []
for i in range(12):
    a = math.radians(i * 30)
    ring.append((300 + R * math.cos(a), 300 + R * math.sin(a)))
ring.append(ring[0])
way(ring, {"highway": "primary", "junction": "roundabout", "name": "Trg slobode", "maxspeed": "30"})

glavna = {"highway": "primary", "name": "Glavna ulica", "maxspeed": "50", "ref": "D28"}
w_glavna_west1 = way(line(-300, 300, 150, 300), glavna)
w_glavna_west2 = way(line(150, 300, 270, 300), glavna)
way(line(330, 300, 900, 300), glavna)

zagrebacka = {"highway": "secondary", "name": "Zagrebačka cesta"}
w_zag_south1 = way(line(300, -350, 300, 150), {**zagrebacka, "maxspeed": "60"})
w_zag_south2 = way(line(300, 150, 300, 270), {**zagrebacka, "maxspeed": "60"})
way(line(300, 330, 300, 800), {**zagrebacka, "source:maxspeed": "HR:urban"})

# --- The street grid (x, y in 0...600 every 150 m), each with its own speed-limit form.
way(line(0, 0, 600, 0), {"highway": "residential", "name": "Južna ulica", "maxspeed": "DE:zone30"})
w_skolska = way(line(0, 150, 600, 150), {"highway": "residential", "name": "Školska ulica", "oneway": "yes", "maxspeed": "30"})
way(line(0, 450, 300, 450), {"highway": "residential", "name": "Ulica lipa", "oneway": "-1"})
way(line(300, 450, 600, 450), {"highway": "residential", "name": "Ulica lipa", "zone:maxspeed": "HR:30"})
way(line(0, 600, 600, 600), {"highway": "tertiary", "name": "Sjeverna ulica", "maxspeed:forward": "50", "maxspeed:backward": "40"})
way(line(0, 0, 0, 600), {"highway": "residential", "name": "Old English Lane", "maxspeed": "20 mph"})
way(line(150, 0, 150, 600), {"highway": "living_street", "name": "Cvjetna ulica"})
way(line(450, 0, 450, 600), {"highway": "residential", "name": "Vinogradska ulica", "motor_vehicle": "destination"})
way(line(600, 0, 600, 600), {"highway": "unclassified", "name": "Istočna ulica", "maxspeed": "40"})

# --- Bypass to the north with variable signs and a tunnel; connectors at both ends.
obilaznica = {"highway": "trunk", "name": "Obilaznica", "ref": "D28", "maxspeed": "signals"}
way(line(-300, 800, 300, 800), obilaznica)
way(line(300, 800, 450, 800), {**obilaznica, "tunnel": "yes", "layer": "-1"})
way(line(450, 800, 900, 800), obilaznica)
way(line(-300, 300, -300, 800), {"highway": "unclassified", "name": "Zapadni spoj", "maxspeed": "70"})
way(line(900, 300, 900, 800), {"highway": "unclassified", "name": "Istočni spoj", "maxspeed": "70 km/h"})

# --- Private factory road, a reversible lane, a footway and a track (not drivable for the car profile).
way(line(600, 150, 780, 150), {"highway": "service", "name": "Tvornička cesta", "access": "private"})
way([(600, 300), (640, 280), (700, 270)], {"highway": "service", "service": "parking_aisle"})
way(line(-300, 0, 0, 0), {"highway": "residential", "name": "Stara cesta", "oneway": "reversible"})
way([(160, 520), (220, 520), (290, 520)], {"highway": "footway", "name": "Parkovna staza"})
way([(780, 150), (820, 100), (900, 60)], {"highway": "track", "tracktype": "grade2"})

# --- Areas: the town park and the market hall (named closed ways become points of interest).
way([(160, 460), (290, 460), (290, 590), (160, 590), (160, 460)], {"leisure": "park", "name": "Gradski park"})
way([(460, 310), (540, 310), (540, 390), (460, 390), (460, 310)], {"amenity": "marketplace", "name": "Tržnica Lipovac", "building": "yes"})
way([(20, 20), (120, 20), (120, 120), (20, 120), (20, 20)], {"building": "school", "name": "Osnovna škola"})

# --- Points of interest (nodes off the streets); some carry ele.
pois = [
    (170, 320, {"amenity": "restaurant", "name": "Restoran Kod Mosta", "cuisine": "regional", "ele": "126"}),
    (320, 170, {"amenity": "cafe", "name": "Kavana Korzo"}),
    (350, 420, {"tourism": "museum", "name": "Gradski muzej", "ele": "128.5"}),
    (340, -330, {"amenity": "fuel", "name": "Benzinska postaja Lipovac", "brand": "INA"}),
    (20, 170, {"shop": "bakery", "name": "Pekara Klas"}),
    (470, 170, {"amenity": "pharmacy", "name": "Ljekarna Centar"}),
    (270, 330, {"historic": "memorial", "name": "Spomenik palim borcima"}),
    (620, 460, {"tourism": "hotel", "name": "Hotel Lipa"}),
    (130, 610, {"amenity": "place_of_worship", "name": "Crkva sv. Marka", "religion": "christian", "ele": "132"}),
    (480, 20, {"office": "government", "name": "Gradska uprava"}),
    (330, 630, {"craft": "winery", "name": "Vinarija Brijeg"}),
    (610, 30, {"amenity": "bench"}),  # unnamed: not a point of interest
]
for x, y, tags in pois:
    # Nudge POIs off the grid lines so they never merge with a street node.
    node(x + 0.5, y + 0.5, tags)

# --- Elevation on the grid junctions: the town climbs gently northwards (about 2 m per 100 m).
for gx in (0, 150, 300, 450, 600):
    for gy in (0, 150, 450, 600):
        key = (float(gx), float(gy))
        if key in nodes:
            node_tags.setdefault(nodes[key], {})["ele"] = f"{120 + gy * 0.02:.1f}"
node_tags.setdefault(nodes[(300.0, -350.0)], {}).update({"highway": "motorway_junction", "name": "Lipovac", "ref": "7"})
node_tags.setdefault(nodes[(300.0, 150.0)], {}).update({"highway": "traffic_signals"})

# --- Turn restrictions (via nodes where the from/to ways end, as OSM requires).
relations.append((1, [("way", w_skolska, "from"), ("node", nodes[(300.0, 150.0)], "via"), ("way", w_zag_south2, "to")],
                  {"type": "restriction", "restriction": "no_left_turn"}))
relations.append((2, [("way", w_glavna_west1, "from"), ("node", nodes[(150.0, 300.0)], "via"), ("way", w_glavna_west2, "to")],
                  {"type": "restriction", "restriction": "only_straight_on"}))
relations.append((3, [("way", w_zag_south1, "from"), ("node", nodes[(300.0, 150.0)], "via"), ("way", w_zag_south1, "to")],
                  {"type": "restriction", "restriction": "no_u_turn", "except": "bicycle"}))


def esc(s):
    return s.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def coord(x, y):
    return ORIGIN_LAT + y / M_PER_DEG_LAT, ORIGIN_LON + x / M_PER_DEG_LON


out = ['<?xml version="1.0" encoding="UTF-8"?>',
       '<osm version="0.6" generator="waymark scripts/make-samples.py">']
lats = [coord(x, y)[0] for _, x, y in node_order]
lons = [coord(x, y)[1] for _, x, y in node_order]
out.append(f'  <bounds minlat="{min(lats):.7f}" minlon="{min(lons):.7f}" maxlat="{max(lats):.7f}" maxlon="{max(lons):.7f}"/>')
for nid, x, y in node_order:
    lat, lon = coord(x, y)
    tags = node_tags.get(nid)
    if tags:
        out.append(f'  <node id="{nid}" version="1" lat="{lat:.7f}" lon="{lon:.7f}">')
        for k in sorted(tags):
            out.append(f'    <tag k="{esc(k)}" v="{esc(tags[k])}"/>')
        out.append('  </node>')
    else:
        out.append(f'  <node id="{nid}" version="1" lat="{lat:.7f}" lon="{lon:.7f}"/>')
for wid, refs, tags in ways:
    out.append(f'  <way id="{wid}" version="1">')
    for r in refs:
        out.append(f'    <nd ref="{r}"/>')
    for k in sorted(tags):
        out.append(f'    <tag k="{esc(k)}" v="{esc(tags[k])}"/>')
    out.append('  </way>')
for rid, members, tags in relations:
    out.append(f'  <relation id="{rid}" version="1">')
    for t, ref, role in members:
        out.append(f'    <member type="{t}" ref="{ref}" role="{role}"/>')
    for k in sorted(tags):
        out.append(f'    <tag k="{esc(k)}" v="{esc(tags[k])}"/>')
    out.append('  </relation>')
out.append('</osm>')

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
path = os.path.join(root, "osm", "sample-town.osm")
with open(path, "w", encoding="utf-8") as f:
    f.write("\n".join(out) + "\n")
print(f"wrote {path}: {len(node_order)} nodes, {len(ways)} ways, {len(relations)} relations")
