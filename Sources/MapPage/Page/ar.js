// AR preview: what the AR app draws at a point along the route, from the marker list of /markers/v1
// (format waymark-ar-markers). A plain canvas perspective projection: the camera stands
// `origin.camera_height` above the road, looks along the route (level, as a phone held upright), and
// shows the markers within their visibility radius from the batches the app has loaded there.
(function () {
  'use strict';

  /** Vertical field of view of the preview, degrees (a phone camera in landscape). */
  const fieldOfView = 60;
  /** How far ahead the camera looks to find the direction of the route, metres. */
  const lookAhead = 12;
  /** Road width drawn under the markers, metres, and how far ahead it is drawn. */
  const roadWidth = 6, roadDrawDistance = 120;
  /** Nearest depth drawn, metres (closer points are behind or beside the lens). */
  const nearPlane = 0.5;

  /** The ground point under a marker, in the frame's east/north/up metres. */
  function ground(m) { return { e: m.enu.east, n: m.enu.north, u: m.enu.up - (m.height_above_ground || 0) }; }

  /** The markers that lie on the route (everything but place labels), by distance along it. */
  function routePath(list) {
    return list.markers.filter((m) => m.kind !== 'poi').slice().sort((a, b) => a.distance_along_route - b.distance_along_route);
  }

  /** The ground point and position at `distance` along the path, interpolated between path markers. */
  function pointAt(path, distance) {
    if (!path.length) return null;
    let i = 0;
    while (i + 1 < path.length && path[i + 1].distance_along_route < distance) i++;
    const a = path[i], b = path[Math.min(i + 1, path.length - 1)];
    const span = b.distance_along_route - a.distance_along_route;
    const t = span > 0 ? Math.min(1, Math.max(0, (distance - a.distance_along_route) / span)) : 0;
    const ga = ground(a), gb = ground(b);
    return {
      e: ga.e + (gb.e - ga.e) * t, n: ga.n + (gb.n - ga.n) * t, u: ga.u + (gb.u - ga.u) * t,
      latitude: a.geo_anchor.latitude + (b.geo_anchor.latitude - a.geo_anchor.latitude) * t,
      longitude: a.geo_anchor.longitude + (b.geo_anchor.longitude - a.geo_anchor.longitude) * t,
    };
  }

  /** The batch the app has loaded on arriving at `distance`: one more for every trigger passed. */
  function loadedBatch(list, distance) {
    let batch = 0;
    for (const b of list.batches) {
      if (b.next_batch_trigger && distance >= b.next_batch_trigger.distance_along_route) batch = Math.max(batch, b.index + 1);
    }
    return Math.min(batch, Math.max(0, list.batches.length - 1));
  }

  /** A camera at `distance`: position, heading and a projection to canvas pixels. */
  function makeCamera(list, path, distance, width, height) {
    const total = path.length ? path[path.length - 1].distance_along_route : 0;
    const here = pointAt(path, distance);
    if (!here) return null;
    const ahead = distance + lookAhead <= total ? pointAt(path, distance + lookAhead) : here;
    const behind = distance + lookAhead <= total ? here : pointAt(path, Math.max(0, distance - lookAhead));
    let yaw = Math.atan2(ahead.e - behind.e, ahead.n - behind.n);
    if (!Number.isFinite(yaw)) yaw = 0;
    const eye = { e: here.e, n: here.n, u: here.u + (list.origin.camera_height || 1.5) };
    const focal = (height / 2) / Math.tan((fieldOfView / 2) * Math.PI / 180);
    const forward = { e: Math.sin(yaw), n: Math.cos(yaw) }, right = { e: Math.cos(yaw), n: -Math.sin(yaw) };
    return {
      eye, here, yaw, focal,
      /** Camera-frame coordinates (x right, y up, z ahead) of a frame point. */
      view(p) {
        const de = p.e - eye.e, dn = p.n - eye.n;
        return { x: de * right.e + dn * right.n, y: p.u - eye.u, z: de * forward.e + dn * forward.n };
      },
      /** Canvas pixels of a camera-frame point in front of the lens, else null. */
      project(v) {
        if (v.z < nearPlane) return null;
        return { x: width / 2 + focal * v.x / v.z, y: height / 2 - focal * v.y / v.z, scale: focal / v.z };
      },
    };
  }

  function drawBackground(g, width, height) {
    const sky = g.createLinearGradient(0, 0, 0, height / 2);
    sky.addColorStop(0, '#6fa8dc'); sky.addColorStop(1, '#cfe2f3');
    g.fillStyle = sky; g.fillRect(0, 0, width, height / 2);
    g.fillStyle = '#8f9f7a'; g.fillRect(0, height / 2, width, height / 2);
  }

  /** The road as a grey ribbon along the path ahead of the camera. */
  function drawRoad(g, camera, path, distance) {
    g.fillStyle = '#5d6168';
    for (let i = 0; i + 1 < path.length; i++) {
      const a = path[i], b = path[i + 1];
      if (b.distance_along_route < distance - 20 || a.distance_along_route > distance + roadDrawDistance) continue;
      const ga = ground(a), gb = ground(b);
      const length = Math.hypot(gb.e - ga.e, gb.n - ga.n);
      if (length < 0.01) continue;
      const side = { e: (gb.n - ga.n) / length * roadWidth / 2, n: -(gb.e - ga.e) / length * roadWidth / 2 };
      const corners = [
        { e: ga.e - side.e, n: ga.n - side.n, u: ga.u }, { e: ga.e + side.e, n: ga.n + side.n, u: ga.u },
        { e: gb.e + side.e, n: gb.n + side.n, u: gb.u }, { e: gb.e - side.e, n: gb.n - side.n, u: gb.u },
      ].map((p) => camera.project(clipNear(camera.view(p))));
      if (corners.some((c) => !c)) continue;
      g.beginPath();
      corners.forEach((c, k) => (k ? g.lineTo(c.x, c.y) : g.moveTo(c.x, c.y)));
      g.closePath(); g.fill();
    }
  }

  /** Moves a point just behind the lens onto the near plane, so a road quad under the camera is drawn. */
  function clipNear(v) { return v.z < nearPlane ? { x: v.x, y: v.y, z: nearPlane } : v; }

  const arrowPaths = {
    left: [[0.3, 1], [0.3, 0], [-0.4, 0], [-0.4, 0.35], [-1, -0.15], [-0.4, -0.65], [-0.4, -0.3], [0.3, -0.3], [0.6, -0.3], [0.6, 1]],
    right: [[-0.3, 1], [-0.3, 0], [0.4, 0], [0.4, 0.35], [1, -0.15], [0.4, -0.65], [0.4, -0.3], [-0.3, -0.3], [-0.6, -0.3], [-0.6, 1]],
    straight: [[-0.2, 1], [-0.2, -0.3], [-0.6, -0.3], [0, -1], [0.6, -0.3], [0.2, -0.3], [0.2, 1]],
    u_turn: [[0.6, 1], [0.6, -0.5], [-0.3, -0.5], [-0.3, 0.2], [-0.7, 0.2], [-0.05, 0.9], [0.6, 0.2], [0.2, 0.2], [0.2, -0.1], [0.2, -0.1], [0.2, 1]],
    down: [[-0.2, -1], [-0.2, 0.2], [-0.6, 0.2], [0, 1], [0.6, 0.2], [0.2, 0.2], [0.2, -1]],
  };

  /** An arrow glyph `size` pixels high centred on `at` (screen-facing, as a billboard). */
  function drawArrow(g, kind, at, size, color) {
    const points = arrowPaths[kind] || arrowPaths.straight;
    g.beginPath();
    points.forEach(([x, y], k) => (k ? g.lineTo(at.x + x * size / 2, at.y + y * size / 2) : g.moveTo(at.x + x * size / 2, at.y + y * size / 2)));
    g.closePath();
    g.fillStyle = color; g.fill();
    g.lineWidth = Math.max(1, size / 20); g.strokeStyle = '#fff'; g.stroke();
  }

  /** Draws one marker; returns what was drawn, for the status line and the tests. */
  /** The glyph of a lane's arrows (its valid one first), as the instruction list shows it. */
  function laneGlyph(lane) {
    const glyphs = { uturn: '\u21b6', 'sharp left': '\u21b0', left: '\u21b0', 'slight left': '\u2196', straight: '\u2191',
      'slight right': '\u2197', right: '\u21b1', 'sharp right': '\u21b1', none: '\u2191' };
    const first = lane.valid_indication || lane.indications[0] || 'none';
    return glyphs[first] || '\u2191';
  }

  /** A lane board above a turn arrow: one cell per lane, the lanes that lead on lit. */
  function drawLanes(g, lanes, at, size) {
    const width = lanes.length * size, top = at.y - size * 3.2, left = at.x - width / 2;
    g.font = `700 ${size * 0.8}px sans-serif`; g.textAlign = 'center';
    lanes.forEach((lane, k) => {
      g.fillStyle = lane.valid ? (lane.active ? '#1f6fd1' : '#5b8fd6') : 'rgba(40,40,40,.75)';
      g.fillRect(left + k * size, top, size - 2, size);
      g.fillStyle = lane.valid ? '#fff' : '#aaa';
      g.fillText(laneGlyph(lane), left + k * size + (size - 2) / 2, top + size * 0.78);
    });
    g.textAlign = 'start';
  }

  function drawMarker(g, camera, m, colors) {
    const position = camera.project(camera.view({ e: m.enu.east, n: m.enu.north, u: m.enu.up }));
    if (!position) return null;
    const base = camera.project(clipNear(camera.view(ground(m))));
    const color = colors[m.color] || m.color || '#888';
    if (base) { g.strokeStyle = 'rgba(30,30,30,.6)'; g.lineWidth = Math.max(1, position.scale * 0.05); g.beginPath(); g.moveTo(base.x, base.y); g.lineTo(position.x, position.y); g.stroke(); }
    switch (m.kind) {
      case 'road': {
        const radius = Math.max(3, position.scale * 0.3);
        g.beginPath(); g.arc(position.x, position.y, radius, 0, 2 * Math.PI);
        g.fillStyle = color; g.fill(); g.lineWidth = Math.max(0.5, radius / 6); g.strokeStyle = '#fff'; g.stroke();
        break;
      }
      case 'turn_arrow':
        drawArrow(g, m.arrow, position, Math.max(14, position.scale * 1.6), color);
        if (m.lanes && m.lanes.length) drawLanes(g, m.lanes, position, Math.max(10, Math.min(26, position.scale * 0.7)));
        break;
      case 'destination': case 'via':
        drawArrow(g, 'down', position, Math.max(16, position.scale * 2), m.kind === 'via' ? '#6c3fb5' : colors.red || '#d62828');
        break;
      case 'poi': {
        const text = m.poi ? m.poi.name : 'place';
        const size = Math.max(10, Math.min(28, position.scale * 0.6));
        g.font = `600 ${size}px sans-serif`;
        const w = g.measureText(text).width + size;
        g.fillStyle = 'rgba(255,255,255,.92)'; g.strokeStyle = '#6c3fb5'; g.lineWidth = 2;
        g.fillRect(position.x - w / 2, position.y - size, w, size * 1.5); g.strokeRect(position.x - w / 2, position.y - size, w, size * 1.5);
        g.fillStyle = '#222'; g.textAlign = 'center'; g.fillText(text, position.x, position.y + size * 0.2); g.textAlign = 'start';
        break;
      }
      default:
        return null;
    }
    return { index: m.index, kind: m.kind, color: m.color, x: position.x, y: position.y };
  }

  /**
   * Draws the AR view at `distance` metres along the route into `canvas`.
   * Returns { description, camera: {latitude, longitude}, batch, visible: [{index, kind, color, x, y, distance}] }.
   */
  function draw(canvas, list, distance, options) {
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth || 640, height = canvas.clientHeight || 360;
    canvas.width = Math.round(width * ratio); canvas.height = Math.round(height * ratio);
    const g = canvas.getContext('2d');
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawBackground(g, width, height);
    const path = routePath(list);
    const camera = makeCamera(list, path, distance, width, height);
    if (!camera) return { description: 'No markers on this route.', visible: [], batch: 0 };
    drawRoad(g, camera, path, distance);
    const batch = loadedBatch(list, distance);
    const hidden = options.hiddenCategories || new Set();
    const candidates = list.markers
      .filter((m) => m.batch <= batch && !(m.kind === 'poi' && m.poi && hidden.has(m.poi.category)))
      .map((m) => ({ m, range: Math.hypot(m.enu.east - camera.eye.e, m.enu.north - camera.eye.n) }))
      .filter(({ m, range }) => range <= (m.visibility_radius || list.options.visibility_radius || 50))
      .sort((a, b) => b.range - a.range);
    const visible = [];
    for (const { m, range } of candidates) {
      const drawn = drawMarker(g, camera, m, options.colors || {});
      if (drawn) { drawn.distance = range; visible.push(drawn); }
    }
    const info = list.batches[batch];
    const counts = {};
    for (const v of visible) counts[v.kind] = (counts[v.kind] || 0) + 1;
    const parts = Object.entries(counts).map(([kind, n]) => `${n} ${kind.replace('_', ' ')}`);
    const description = `${Math.round(distance)} m along the route: ` +
      (visible.length ? `${visible.length} markers in view within ${list.options.visibility_radius} m (${parts.join(', ')})` : 'no marker in view') +
      `. Batch ${batch + 1} of ${list.batches.length} loaded` + (info ? ` (markers ${info.first_marker}–${info.last_marker}).` : '.');
    g.fillStyle = 'rgba(0,0,0,.55)'; g.fillRect(0, height - 22, width, 22);
    g.fillStyle = '#fff'; g.font = '12px sans-serif';
    g.fillText(`batch ${batch + 1}/${list.batches.length} · ${visible.length} markers · camera ${list.origin.camera_height} m above the road`, 8, height - 7);
    return { description, camera: { latitude: camera.here.latitude, longitude: camera.here.longitude }, batch, visible };
  }

  window.WaymarkAR = { draw, loadedBatch, pointAt, routePath };
})();
