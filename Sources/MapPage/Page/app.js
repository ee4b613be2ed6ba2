// Waymark map page: base map from /roads/v1 (by road class, or by speed limit with the "Speed limits"
// layer), points set by clicking, the route from /waypoints/v1 (speed-warning colours, dashed where the
// limit behind the warning is estimated; turn arrows, instructions), markers from /markers/v1 (AR
// preview, places, downloads); between two points, up to three alternatives from /route/v1 drawn muted
// and listed with their time and distance, any of them selectable. Everything comes from the server that serves the page: no tiles, no CDN.
(function () {
  'use strict';

  /** The server's endpoints the page calls. */
  const api = {
    info: '/roads/v1/info',
    roads: (bbox, zoom) => `/roads/v1?bbox=${bbox}&zoom=${zoom}`,
    waypoints: (coords, speed, language, alternative) =>
      `/waypoints/v1/driving/${coords}?speed=${speed}&language=${language}${alternative ? `&alternative=${alternative}` : ''}`,
    alternatives: (coords) => `/route/v1/driving/${coords}?alternatives=${maxAlternatives}&overview=full&geometries=geojson`,
    markers: (coords, query) => `/markers/v1/driving/${coords}?${query}`,
  };
  /** Alternatives asked of the server (its default `ServiceLimits.alternatives`). */
  const maxAlternatives = 3;
  /** The muted colour of the routes not followed: a pale violet, apart from the warning colours and
   * the grey of roads and of unknown limits. */
  const alternativeColor = '#a393d6';
  /** Route colours by speed warning (as the AR markers use them); `unchecked` (a limit the warning
   * policy does not compare) is grey like `unknown`. */
  const warningColors = { normal: '#1f6fd1', over: '#f08c00', far_over: '#d62828', unknown: '#8a8a8a', unchecked: '#8a8a8a' };
  /** Dashes of a route stretch whose warning compares with an estimated limit. */
  const estimatedDash = '9 7';
  /**
   * The speed limit layer's bands: a road's colour by its limit (`speed_limit_kmh` up to `max`), then
   * no limit and unknown. Estimated limits are drawn dashed and paler in the same colour.
   */
  const limitBands = [
    // Apart from the warning colours (blue, orange, red), so a road is not read as a route's warning.
    { key: 'up_to_30', label: '≤ 30', max: 30, color: '#762a83' },
    { key: 'up_to_50', label: '31–50', max: 50, color: '#01665e' },
    { key: 'up_to_70', label: '51–70', max: 70, color: '#5aae61' },
    { key: 'up_to_90', label: '71–90', max: 90, color: '#b8a200' },
    { key: 'up_to_110', label: '91–110', max: 110, color: '#8c510a' },
    { key: 'over_110', label: '> 110', max: Infinity, color: '#67001f' },
    { key: 'unlimited', label: 'no limit', color: '#1b1b1b' },
    { key: 'unknown', label: 'unknown', color: '#a0a0a0' },
  ];
  /** The band of a roads feature's properties. */
  function limitBand(properties) {
    if (properties.speed_limit_kind === 'unlimited') return limitBands[limitBands.length - 2];
    const kmh = properties.speed_limit_kmh;
    if (properties.speed_limit_kind !== 'limited' || typeof kmh !== 'number') return limitBands[limitBands.length - 1];
    return limitBands.find((band) => band.max !== undefined && kmh <= band.max);
  }
  /** Road colours and widths (pixels at zoom 16) by highway class. */
  const roadStyles = {
    motorway: ['#d6455f', 5], motorway_link: ['#d6455f', 3], trunk: ['#e8744f', 5], trunk_link: ['#e8744f', 3],
    primary: ['#e9a13b', 4.5], primary_link: ['#e9a13b', 3], secondary: ['#c9b200', 4], secondary_link: ['#c9b200', 2.5],
    tertiary: ['#7d8a99', 3.5], tertiary_link: ['#7d8a99', 2.5], unclassified: ['#9aa4b0', 3], residential: ['#a9b2bd', 3],
    living_street: ['#b9c4cf', 2.5], service: ['#c7ced6', 1.8], road: ['#b0b8c2', 2], ferry: ['#3a7bd5', 2],
  };
  /** Where the marker request asks for places: labels within this distance of the route, metres. */
  const placeCorridor = 150;
  const exportFormats = ['json', 'geojson', 'csv', 'gpx'];
  /** How far before a maneuver the AR preview stands when its instruction is clicked, metres. */
  const arLeadIn = 25;

  const state = { from: null, to: null, vias: [], speed: 50, language: 'en', limitsLayer: false, alternative: 0 };
  const view = { route: null, markers: null, roads: null, placeCategories: new Map(), hiddenCategories: new Set(), knownCategories: new Set() };
  const el = (id) => document.getElementById(id);
  const dom = {
    speed: el('speed'), language: el('language'), clear: el('clear'), reverse: el('reverse'), message: el('message'),
    limitsLayer: el('limits-layer'), limitsLegend: el('limits-legend'),
    hint: el('hint'), summary: el('summary'), distance: el('distance'), duration: el('duration'), warnings: el('warnings'),
    limits: el('limits'), limitsText: el('limits-text'), instructionsSection: el('instructions-section'),
    instructions: el('instructions'), arSection: el('ar-section'), arCanvas: el('ar'), arPosition: el('ar-position'),
    arStatus: el('ar-status'), poisSection: el('pois-section'), pois: el('pois'), downloadsSection: el('downloads-section'),
    downloads: el('downloads'), alternativesSection: el('alternatives-section'), alternatives: el('alternatives'),
  };
  // Read by the browser tests: what the page has drawn, and whether it is busy.
  const status = window.waymarkPage = { ready: false, busy: 0, roadsDrawn: 0, routeSegments: [], limitLayer: null, lastError: null, state, view };

  if (typeof L === 'undefined') {
    showMessage('Leaflet did not load: install Debian’s libjs-leaflet or start the server with --leaflet-dir.', true);
    return;
  }

  const renderer = L.canvas({ padding: 0.3 });
  const map = L.map('map', { preferCanvas: true, renderer, zoomSnap: 0.25, keyboard: true, attributionControl: true });
  map.attributionControl.setPrefix('');
  map.attributionControl.addAttribution('Roads © OpenStreetMap contributors');
  map.createPane('routePane').style.zIndex = 420;
  map.createPane('arrowPane').style.zIndex = 590; // under the draggable points (600)
  status.map = map;
  /** Viewport pixels of a latitude/longitude on the map (for the browser tests' clicks). */
  status.pixelOf = (lat, lon) => {
    const point = map.latLngToContainerPoint([lat, lon]), box = map.getContainer().getBoundingClientRect();
    return [Math.round(box.left + point.x), Math.round(box.top + point.y)];
  };
  const routeRenderer = L.canvas({ pane: 'routePane', padding: 0.3 });
  const roadLayer = L.layerGroup().addTo(map);
  const alternativeLayer = L.layerGroup().addTo(map);
  const routeLayer = L.layerGroup().addTo(map);
  const arrowLayer = L.layerGroup().addTo(map);
  const placeLayer = L.layerGroup().addTo(map);
  const pointLayer = L.layerGroup().addTo(map);
  const cameraLayer = L.layerGroup().addTo(map);

  // ---- Messages -------------------------------------------------------------------------------

  function showMessage(text, isError) {
    dom.message.textContent = text;
    dom.message.classList.toggle('error', !!isError);
    dom.message.hidden = false;
    if (isError) status.lastError = text;
  }
  function clearMessage() { dom.message.hidden = true; dom.message.textContent = ''; }

  /** A readable sentence for an OSRM-style error body. */
  function describeError(body, httpStatus) {
    const code = body && body.code;
    if (code === 'NoSegment') return 'No road near one of the points: click closer to a road. (' + body.message + ')';
    if (code === 'NoRoute') return 'There is no route between these points by car.';
    if (code) return `The server refused the request (${code}): ${body.message || ''}`;
    return `The server answered with status ${httpStatus}.`;
  }

  /** Fetches a URL; resolves to the response text, or throws an Error with a readable message. */
  async function fetchText(url, signal) {
    let response;
    try {
      response = await fetch(url, { signal });
    } catch (error) {
      if (error.name === 'AbortError') throw error;
      throw new Error('The server could not be reached: ' + error.message);
    }
    const text = await response.text();
    if (!response.ok) {
      let body = null;
      try { body = JSON.parse(text); } catch (_) { /* not JSON: described by status */ }
      const failure = new Error(describeError(body, response.status));
      failure.code = body && body.code;
      throw failure;
    }
    return text;
  }

  // ---- Base map -------------------------------------------------------------------------------

  let roadsAbort = null;
  let roadsGeneration = 0;
  async function loadRoads() {
    if (roadsAbort) roadsAbort.abort();
    roadsAbort = new AbortController();
    const generation = ++roadsGeneration;
    const zoom = Math.max(0, Math.min(22, Math.round(map.getZoom())));
    const bounds = map.getBounds().pad(0.25);
    const bbox = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]
      .map((v, i) => Math.max(i % 2 ? -90 : -180, Math.min(i % 2 ? 90 : 180, v)).toFixed(5)).join(',');
    status.busy++;
    try {
      const geojson = JSON.parse(await fetchText(api.roads(bbox, zoom), roadsAbort.signal));
      if (generation !== roadsGeneration) return;
      view.roads = { geojson, zoom };
      drawRoads(geojson, zoom);
      if (geojson.truncated) {
        showMessage('Zoom in to see every road (' + geojson.omitted_classes.join(', ') + ' left out here).', false);
      } else if (dom.message.textContent.startsWith('Zoom in')) {
        clearMessage();
      }
    } catch (error) {
      if (error.name !== 'AbortError') showMessage('The road map could not be loaded. ' + error.message, true);
    } finally {
      status.busy--;
    }
  }

  /**
   * Draws the roads of a /roads/v1 answer: in their class's colour, or with the speed limit layer on,
   * in their limit's band colour (estimated limits dashed and paler, posted ones solid).
   */
  function drawRoads(geojson, zoom) {
    roadLayer.clearLayers();
    const scale = Math.pow(2, (zoom - 16) / 2);
    const limits = state.limitsLayer ? { lines: 0, posted: 0, estimated: 0, bands: {} } : null;
    let count = 0;
    for (const feature of geojson.features) {
      const properties = feature.properties;
      const name = properties.highway;
      const [classColor, width] = roadStyles[name] || ['#999', 2];
      const lines = feature.geometry.coordinates.map((line) => line.map(([lon, lat]) => [lat, lon]));
      count += lines.length;
      let color = classColor, dashArray = name === 'ferry' ? '6 6' : null, opacity = 0.95;
      if (limits) {
        const band = limitBand(properties);
        color = band.color;
        limits.lines += lines.length;
        limits.bands[band.key] = (limits.bands[band.key] || 0) + lines.length;
        if (properties.estimated) { dashArray = '5 5'; opacity = 0.6; limits.estimated += lines.length; } else { dashArray = null; limits.posted += lines.length; }
      }
      L.polyline(lines, {
        renderer, color, weight: Math.max(limits ? 1.5 : 1, width * scale), opacity, interactive: false,
        dashArray, lineCap: limits && dashArray ? 'butt' : 'round', lineJoin: 'round',
      }).addTo(roadLayer);
    }
    status.roadsDrawn = count;
    status.limitLayer = limits;
  }

  /** The speed limit layer's legend: a swatch per band, and how estimated limits look. */
  function buildLimitsLegend() {
    dom.limitsLegend.replaceChildren();
    const title = document.createElement('strong');
    title.textContent = 'Speed limits (km/h)';
    dom.limitsLegend.append(title);
    for (const band of limitBands) {
      const item = document.createElement('span');
      item.dataset.band = band.key;
      const swatch = document.createElement('i');
      swatch.className = 'swatch';
      swatch.style.background = band.color;
      item.append(swatch, band.label);
      dom.limitsLegend.append(item);
    }
    const estimated = document.createElement('span');
    estimated.dataset.band = 'estimated';
    const swatch = document.createElement('i');
    swatch.className = 'swatch estimated-limit';
    estimated.append(swatch, 'dashed: estimated, not posted');
    dom.limitsLegend.append(estimated);
  }

  function showLimitsLayer() {
    dom.limitsLayer.checked = state.limitsLayer;
    dom.limitsLegend.hidden = !state.limitsLayer;
    if (view.roads) drawRoads(view.roads.geojson, view.roads.zoom);
  }

  // ---- Points ---------------------------------------------------------------------------------

  function pointIcon(kind, label) {
    return L.divIcon({ className: `point-icon ${kind}`, html: label, iconSize: [26, 26], iconAnchor: [13, 13] });
  }

  function drawPoints() {
    pointLayer.clearLayers();
    const add = (latlng, kind, label, title, onMove) => {
      const marker = L.marker(latlng, { icon: pointIcon(kind, label), draggable: true, keyboard: true, title, alt: title, riseOnHover: true });
      marker.on('dragend', () => { onMove(marker.getLatLng()); changed(); });
      marker.addTo(pointLayer);
    };
    if (state.from) add(state.from, 'start', 'A', 'Start (drag to move)', (p) => { state.from = p; });
    state.vias.forEach((via, i) => add(via, 'via', String(i + 1), `Via point ${i + 1} (drag to move)`, (p) => { state.vias[i] = p; }));
    if (state.to) add(state.to, 'destination', 'B', 'Destination (drag to move)', (p) => { state.to = p; });
  }

  map.on('click', (event) => {
    const p = event.latlng;
    if (event.originalEvent && event.originalEvent.shiftKey && state.from && state.to) {
      insertVia(p);
    } else if (!state.from) {
      state.from = p;
    } else {
      state.to = p;
    }
    changed();
  });

  /** Puts a new via point where it shortens the trip least: between the two points it lies closest to. */
  function insertVia(p) {
    const stops = [state.from, ...state.vias, state.to];
    let best = 0, bestCost = Infinity;
    for (let i = 0; i + 1 < stops.length; i++) {
      const cost = map.distance(stops[i], p) + map.distance(p, stops[i + 1]) - map.distance(stops[i], stops[i + 1]);
      if (cost < bestCost) { bestCost = cost; best = i; }
    }
    state.vias.splice(best, 0, p);
  }

  // ---- URL state ------------------------------------------------------------------------------

  const formatPoint = (p) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;
  function parsePoint(text) {
    const parts = (text || '').split(',').map(Number);
    if (parts.length !== 2 || !parts.every(Number.isFinite) || Math.abs(parts[0]) > 90 || Math.abs(parts[1]) > 180) return null;
    return L.latLng(parts[0], parts[1]);
  }

  function readURL() {
    const query = new URLSearchParams(location.search);
    const problems = [];
    for (const key of ['from', 'to']) {
      if (!query.has(key)) continue;
      const point = parsePoint(query.get(key));
      if (point) state[key] = point; else problems.push(`${key}=${query.get(key)}`);
    }
    state.vias = [];
    if (query.get('via')) {
      for (const text of query.get('via').split(';')) {
        const point = parsePoint(text);
        if (point) state.vias.push(point); else problems.push(`via ${text}`);
      }
    }
    const speed = Number(query.get('speed'));
    if (query.has('speed') && Number.isFinite(speed) && speed >= 5 && speed <= 250) state.speed = speed;
    else if (query.has('speed')) problems.push(`speed=${query.get('speed')}`);
    if (query.get('lang') === 'hr' || query.get('lang') === 'en') state.language = query.get('lang');
    else if (query.has('lang')) problems.push(`lang=${query.get('lang')} (en or hr)`);
    if (query.get('limits') === '1' || query.get('limits') === '0') state.limitsLayer = query.get('limits') === '1';
    else if (query.has('limits')) problems.push(`limits=${query.get('limits')} (0 or 1)`);
    dom.speed.value = state.speed;
    dom.language.value = state.language;
    if (problems.length) showMessage('Ignored in the address: ' + problems.join(', ') + ' (expected lat,lon).', true);
  }

  function writeURL() {
    const query = new URLSearchParams();
    if (state.from) query.set('from', formatPoint(state.from));
    if (state.to) query.set('to', formatPoint(state.to));
    if (state.vias.length) query.set('via', state.vias.map(formatPoint).join(';'));
    query.set('speed', String(state.speed));
    query.set('lang', state.language);
    if (state.limitsLayer) query.set('limits', '1');
    history.replaceState(null, '', `${location.pathname}?${query.toString().replace(/%2C/g, ',').replace(/%3B/g, ';')}`);
  }

  // ---- Route ----------------------------------------------------------------------------------

  /** OSRM's coordinate list, `lon,lat;lon,lat…`, for the current points. */
  function coordinateList() {
    return [state.from, ...state.vias, state.to].map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
  }

  let routeGeneration = 0;
  function changed() {
    state.alternative = 0;   // new points: new routes, the best one first
    drawPoints();
    writeURL();
    updateRoute();
  }

  async function updateRoute() {
    const generation = ++routeGeneration;
    dom.hint.hidden = !!(state.from && state.to);
    if (!(state.from && state.to)) { clearRoute(); return; }
    const coords = coordinateList();
    status.busy++;
    try {
      // The choice of routes is extra: without it (an error) the selected route is still shown.
      const routes = state.vias.length ? Promise.resolve([])
        : fetchText(api.alternatives(coords)).then((body) => JSON.parse(body).routes || []).catch(() => []);
      const text = await fetchText(api.waypoints(coords, state.speed, state.language, state.alternative));
      if (generation !== routeGeneration) return;
      showAlternatives(await routes, generation);
      if (generation !== routeGeneration) return;
      const lines = text.split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));
      const summary = (lines.find((line) => line.summary) || {}).summary;
      const waypoints = lines.filter((line) => !line.summary);
      if (!waypoints.length || !summary) throw new Error('The server sent no route.');
      clearMessage();
      view.route = { waypoints, summary, coords };
      drawRoute(waypoints);
      showSummary(waypoints, summary);
      showInstructions(waypoints);
      await loadMarkers(coords, generation);
    } catch (error) {
      if (generation !== routeGeneration) return;
      clearRoute();
      dom.hint.hidden = false;
      showMessage(error.message, true);
    } finally {
      status.busy--;
    }
  }

  function clearRoute() {
    view.route = null;
    view.markers = null;
    view.routes = [];
    status.alternatives = [];
    dom.alternativesSection.hidden = true;
    alternativeLayer.clearLayers();
    routeLayer.clearLayers(); arrowLayer.clearLayers(); placeLayer.clearLayers(); cameraLayer.clearLayers();
    status.routeSegments = [];
    for (const section of [dom.summary, dom.instructionsSection, dom.arSection, dom.poisSection, dom.downloadsSection]) section.hidden = true;
  }

  /**
   * Draws the route in runs of one warning colour over a white casing, dashed where the warning compares
   * with an estimated limit (`warning_estimated`), with an arrow at each maneuver.
   */
  function drawRoute(waypoints) {
    routeLayer.clearLayers();
    arrowLayer.clearLayers();
    const all = waypoints.map((w) => [w.lat, w.lon]);
    L.polyline(all, { renderer: routeRenderer, color: '#fff', weight: 10, opacity: 0.9, interactive: false }).addTo(routeLayer);
    const runs = [];
    for (let i = 0; i + 1 < waypoints.length; i++) {
      const warning = waypoints[i].warning || 'unknown';
      const estimated = waypoints[i].warning_estimated === true;
      const last = runs[runs.length - 1];
      if (last && last.warning === warning && last.estimated === estimated) last.points.push(all[i + 1]);
      else runs.push({ warning, estimated, points: [all[i], all[i + 1]], from: waypoints[i].distance });
    }
    for (const run of runs) {
      L.polyline(run.points, {
        renderer: routeRenderer, color: warningColors[run.warning] || warningColors.unknown, weight: 6, interactive: false,
        dashArray: run.estimated ? estimatedDash : null, lineCap: run.estimated ? 'butt' : 'round',
      }).addTo(routeLayer);
    }
    status.routeSegments = runs.map((run) => ({ warning: run.warning, estimated: run.estimated, color: warningColors[run.warning], points: run.points.length }));
    waypoints.forEach((w, i) => {
      // The start and destination have their own points; arrows mark the turns between them.
      if (w.kind !== 'maneuver' || !w.instruction || i === 0 || w.instruction.type === 'depart') return;
      const approach = i > 0 ? waypoints[i - 1].bearing : w.bearing;
      L.marker([w.lat, w.lon], { icon: arrowIcon(w.instruction.direction, approach), pane: 'arrowPane', interactive: false, keyboard: false })
        .addTo(arrowLayer);
    });
  }

  /**
   * Draws the routes not selected (the best and up to three alternatives of `/route/v1`) in a muted
   * colour under the selected one, each clickable to select it, and lists every route with its time and
   * distance. With one route (or via points) there is nothing to choose and the list stays hidden.
   */
  function showAlternatives(routes, generation) {
    if (generation !== routeGeneration) return;
    view.routes = routes;
    alternativeLayer.clearLayers();
    dom.alternatives.replaceChildren();
    dom.alternativesSection.hidden = routes.length < 2;
    status.alternatives = routes.map((r, i) => ({ duration: r.duration, distance: r.distance, selected: i === state.alternative,
      drawnMuted: routes.length > 1 && i !== state.alternative }));
    if (routes.length < 2) return;
    routes.forEach((route, i) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'alternative' + (i === state.alternative ? ' selected' : '');
      button.setAttribute('aria-pressed', String(i === state.alternative));
      button.textContent = `${i === 0 ? 'Best' : `Alternative ${i}`}: ${formatDuration(route.duration)}, ${formatDistance(route.distance)}`;
      button.addEventListener('click', () => selectAlternative(i));
      item.append(button);
      dom.alternatives.append(item);
      if (i === state.alternative) return;
      const line = route.geometry.coordinates.map(([lon, lat]) => [lat, lon]);
      L.polyline(line, { renderer: routeRenderer, color: '#fff', weight: 10, opacity: 0.8, interactive: false }).addTo(alternativeLayer);
      L.polyline(line, { renderer: routeRenderer, color: alternativeColor, weight: 6, opacity: 0.9 })
        .bindTooltip(`${formatDuration(route.duration)}, ${formatDistance(route.distance)}`, { sticky: true })
        .on('click', (event) => { L.DomEvent.stop(event); selectAlternative(i); })
        .addTo(alternativeLayer);
    });
  }

  /** Follows route `i` of the list (0 the best): its waypoints, instructions and markers. */
  function selectAlternative(i) {
    if (i === state.alternative) return;
    state.alternative = i;
    updateRoute();
  }

  /** A turn arrow (left, right, straight, U-turn) turned to the direction the driver comes from. */
  function arrowIcon(direction, bearing) {
    const paths = {
      left: 'M0 12 L0 -2 Q0 -8 -6 -8 L-8 -8 L-8 -12 L-15 -6 L-8 0 L-8 -4 L-6 -4 Q-4 -4 -4 -2 L-4 12 Z',
      right: 'M0 12 L0 -2 Q0 -8 6 -8 L8 -8 L8 -12 L15 -6 L8 0 L8 -4 L6 -4 Q4 -4 4 -2 L4 12 Z',
      straight: 'M-2 12 L-2 -4 L-7 -4 L0 -13 L7 -4 L2 -4 L2 12 Z',
      u_turn: 'M4 12 L4 -4 Q4 -10 -2 -10 Q-8 -10 -8 -4 L-8 2 L-12 2 L-6 9 L0 2 L-4 2 L-4 -4 Q-4 -6 -2 -6 Q0 -6 0 -4 L0 12 Z',
    };
    const d = paths[direction] || paths.straight;
    const html = `<svg width="34" height="34" viewBox="-17 -17 34 34" aria-hidden="true"><circle r="15" fill="#17324d" opacity=".85"/>` +
      `<g transform="rotate(${Math.round(bearing || 0)})"><path d="${d}" fill="#fff"/></g></svg>`;
    return L.divIcon({ className: 'arrow-icon', html, iconSize: [34, 34], iconAnchor: [17, 17] });
  }

  const formatDistance = (m) => (m >= 1000 ? `${(m / 1000).toFixed(m >= 10000 ? 0 : 1)} km` : `${Math.round(m)} m`);
  function formatDuration(s) {
    const minutes = Math.round(s / 60);
    return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${Math.max(1, minutes)} min`;
  }

  function showSummary(waypoints, summary) {
    dom.summary.hidden = false;
    dom.distance.textContent = formatDistance(summary.distance);
    dom.duration.textContent = formatDuration(summary.duration);
    const warnings = summary.warnings || {};
    const estimated = summary.estimated_warnings || {};
    const flagged = (estimated.over || 0) + (estimated.far_over || 0);
    dom.warnings.textContent = `${warnings.over || 0} over, ${warnings.far_over || 0} far over, ${warnings.unknown || 0} unknown`
      + (flagged ? ` (${flagged} of them against estimated limits)` : '') + ` (of ${summary.waypoints} points at ${state.speed} km/h)`;
    drawLimitChart(waypoints, summary.distance);
  }

  /**
   * The speed limit as bars along the route in the warning colours, with the planned speed as a dashed
   * line; estimated limits are pale bars under a dashed top, posted ones solid.
   */
  function drawLimitChart(waypoints, total) {
    const canvas = dom.limits;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth || 320, height = canvas.clientHeight || 90;
    canvas.width = width * ratio; canvas.height = height * ratio;
    const g = canvas.getContext('2d');
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, width, height);
    const limitOf = (w) => (w.speed_limit && w.speed_limit.kind === 'limited' ? w.speed_limit.kmh : null);
    const top = Math.max(state.speed, ...waypoints.map((w) => limitOf(w) || 0)) * 1.15 || 60;
    const x = (d) => 28 + (width - 34) * (total > 0 ? d / total : 0);
    const y = (v) => height - 14 - (height - 22) * (v / top);
    g.font = '10px sans-serif'; g.fillStyle = '#555';
    for (const v of [0, Math.round(top / 2 / 10) * 10]) { g.fillText(String(v), 2, y(v) + 3); }
    g.fillText(formatDistance(total), width - 40, height - 2);
    const seen = new Map();
    const chart = { posted: 0, estimated: 0 };
    for (let i = 0; i + 1 < waypoints.length; i++) {
      const limit = limitOf(waypoints[i]);
      const x0 = x(waypoints[i].distance), x1 = x(waypoints[i + 1].distance), w = Math.max(1, x1 - x0);
      if (limit == null) { g.fillStyle = '#ddd'; g.fillRect(x0, y(top * 0.9), w, y(0) - y(top * 0.9)); continue; }
      const estimated = waypoints[i].speed_limit.estimated === true;
      g.fillStyle = warningColors[waypoints[i].warning] || '#1f6fd1';
      g.globalAlpha = estimated ? 0.35 : 1;
      g.fillRect(x0, y(limit), w, y(0) - y(limit));
      g.globalAlpha = 1;
      if (estimated) {
        g.strokeStyle = warningColors[waypoints[i].warning] || '#1f6fd1'; g.lineWidth = 2; g.setLineDash([3, 2]);
        g.beginPath(); g.moveTo(x0, y(limit) + 1); g.lineTo(x0 + w, y(limit) + 1); g.stroke();
        g.setLineDash([]); g.lineWidth = 1;
      }
      const length = waypoints[i + 1].distance - waypoints[i].distance;
      chart[estimated ? 'estimated' : 'posted'] += length;
      const key = `${Math.round(limit)}|${estimated}`;
      seen.set(key, (seen.get(key) || 0) + length);
    }
    g.strokeStyle = '#17324d'; g.setLineDash([4, 3]); g.beginPath(); g.moveTo(x(0), y(state.speed)); g.lineTo(x(total), y(state.speed)); g.stroke();
    g.setLineDash([]);
    status.limitChart = chart;
    const parts = [...seen.entries()].sort((a, b) => b[1] - a[1]).map(([key, length]) => {
      const [limit, estimated] = key.split('|');
      return `${limit} km/h${estimated === 'true' ? ' (estimated)' : ''} for ${formatDistance(length)}`;
    });
    dom.limitsText.textContent = parts.length
      ? `Limits: ${parts.join(', ')}. Solid bars: posted limits; pale bars: estimated. Dashed line: planned ${state.speed} km/h.`
      : 'No speed limits are known on this route.';
  }

  /** The lanes at a maneuver as a row of arrows, the lanes that lead on highlighted (mapped `turn:lanes`). */
  function laneStrip(lanes) {
    const glyphs = { uturn: '\u21b6', 'sharp left': '\u21b0', left: '\u21b0', 'slight left': '\u2196', straight: '\u2191',
      'slight right': '\u2197', right: '\u21b1', 'sharp right': '\u21b1', none: '\u2191' };
    const strip = document.createElement('span');
    strip.className = 'lanes';
    strip.setAttribute('aria-label', 'lanes: ' + lanes.map(l => l.indications.join('/') + (l.valid ? ' (take)' : '')).join(', '));
    for (const lane of lanes) {
      const cell = document.createElement('span');
      cell.className = lane.valid ? (lane.active ? 'lane active' : 'lane valid') : 'lane';
      cell.textContent = lane.indications.map(i => glyphs[i] || '\u2191').join('');
      strip.append(cell);
    }
    return strip;
  }

  function showInstructions(waypoints) {
    dom.instructionsSection.hidden = false;
    dom.instructions.replaceChildren();
    waypoints.forEach((w, i) => {
      if (!w.instruction || (w.kind !== 'maneuver' && w.kind !== 'destination' && i !== 0)) return;
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.lat = w.lat; button.dataset.lon = w.lon; button.dataset.distance = w.distance;
      const text = document.createElement('span');
      text.className = 'text';
      text.textContent = w.instruction.text;
      button.append(text);
      if (w.instruction.lanes && w.instruction.lanes.length) button.append(laneStrip(w.instruction.lanes));
      const nextIndex = waypoints.findIndex((n, j) => j > i && n.instruction && (n.kind === 'maneuver' || n.kind === 'destination'));
      if (nextIndex > 0) {
        const distance = document.createElement('span');
        distance.className = 'distance';
        distance.textContent = formatDistance(waypoints[nextIndex].distance - w.distance);
        button.append(distance);
      }
      button.addEventListener('click', () => {
        map.setView([w.lat, w.lon], Math.max(map.getZoom(), 17));
        // The AR preview from a little before the maneuver, so its arrow stands ahead of the camera.
        if (view.markers) { dom.arPosition.value = String(Math.max(0, Math.round(w.distance - arLeadIn))); drawAR(); }
      });
      item.append(button);
      dom.instructions.append(item);
    });
  }

  // ---- Markers: AR preview, places, downloads --------------------------------------------------

  function markerQuery(format, categories) {
    const query = new URLSearchParams({ format, speed: String(state.speed), language: state.language });
    if (state.alternative) query.set('alternative', String(state.alternative));
    if (categories.length) { query.set('pois', categories.join(',')); query.set('corridor', String(placeCorridor)); }
    return query.toString().replace(/%2C/g, ',');
  }

  async function loadMarkers(coords, generation) {
    const text = await fetchText(api.markers(coords, markerQuery('json', ['all'])));
    if (generation !== routeGeneration) return;
    view.markers = JSON.parse(text);
    const categories = new Map();
    for (const m of view.markers.markers) if (m.kind === 'poi' && m.poi) categories.set(m.poi.category, (categories.get(m.poi.category) || 0) + 1);
    view.placeCategories = categories;
    showPlaces();
    showDownloads();
    dom.arSection.hidden = false;
    dom.arPosition.max = String(Math.floor(view.markers.route_distance || view.route.summary.distance));
    if (Number(dom.arPosition.value) > Number(dom.arPosition.max)) dom.arPosition.value = '0';
    drawAR();
  }

  function showPlaces() {
    const categories = [...view.placeCategories.entries()].sort((a, b) => b[1] - a[1]);
    dom.poisSection.hidden = categories.length === 0;
    dom.pois.querySelectorAll('label').forEach((label) => label.remove());
    for (const [category, count] of categories) {
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox'; box.value = category; box.checked = !view.hiddenCategories.has(category);
      box.addEventListener('change', () => {
        if (box.checked) view.hiddenCategories.delete(category); else view.hiddenCategories.add(category);
        drawPlaces(); showDownloads(); drawAR();
      });
      label.append(box, ` ${category.replace(/_/g, ' ')} (${count})`);
      dom.pois.append(label);
    }
    drawPlaces();
  }

  /**
   * The `pois` of a download: `all` while no category is hidden, else the shown ones the server names
   * (places whose tag has no category name come only with `all`).
   */
  function shownCategories() {
    if (view.hiddenCategories.size === 0) return view.placeCategories.size ? ['all'] : [];
    return [...view.placeCategories.keys()].filter((c) => !view.hiddenCategories.has(c) && view.knownCategories.has(c));
  }

  function drawPlaces() {
    placeLayer.clearLayers();
    if (!view.markers) return;
    for (const m of view.markers.markers) {
      if (m.kind !== 'poi' || !m.poi || view.hiddenCategories.has(m.poi.category)) continue;
      L.circleMarker([m.geo_anchor.latitude, m.geo_anchor.longitude], { renderer: routeRenderer, radius: 5, color: '#6c3fb5', weight: 2, fillColor: '#fff', fillOpacity: 1 })
        .bindTooltip(`${m.poi.name} (${m.poi.category.replace(/_/g, ' ')}), ${Math.round(m.poi.distance_from_route)} m from the route`)
        .addTo(placeLayer);
    }
  }

  function showDownloads() {
    dom.downloadsSection.hidden = false;
    dom.downloads.replaceChildren();
    const categories = shownCategories();
    for (const format of exportFormats) {
      const link = document.createElement('a');
      link.href = api.markers(view.route.coords, markerQuery(format, categories));
      link.download = `waymark-markers.${format === 'geojson' ? 'geojson' : format}`;
      link.textContent = format.toUpperCase();
      link.dataset.format = format;
      dom.downloads.append(link);
    }
  }

  function drawAR() {
    if (!view.markers || !window.WaymarkAR) return;
    const distance = Number(dom.arPosition.value);
    const result = window.WaymarkAR.draw(dom.arCanvas, view.markers, distance, {
      hiddenCategories: view.hiddenCategories, colors: { blue: warningColors.normal, orange: warningColors.over, red: warningColors.far_over, grey: warningColors.unknown },
    });
    status.ar = result;
    dom.arStatus.textContent = result.description;
    cameraLayer.clearLayers();
    if (result.camera) {
      L.circleMarker([result.camera.latitude, result.camera.longitude], { renderer: routeRenderer, radius: 7, color: '#000', weight: 2, fillColor: '#ffd400', fillOpacity: 1, interactive: false }).addTo(cameraLayer);
    }
  }

  // ---- Controls -------------------------------------------------------------------------------

  dom.speed.addEventListener('change', () => {
    const speed = Number(dom.speed.value);
    if (!Number.isFinite(speed) || speed < 5 || speed > 250) { showMessage('Planned speed must be 5 to 250 km/h.', true); dom.speed.value = state.speed; return; }
    state.speed = speed;
    changed();
  });
  dom.language.addEventListener('change', () => { state.language = dom.language.value; changed(); });
  dom.limitsLayer.addEventListener('change', () => { state.limitsLayer = dom.limitsLayer.checked; showLimitsLayer(); writeURL(); });
  dom.clear.addEventListener('click', () => { state.from = null; state.to = null; state.vias = []; clearMessage(); changed(); });
  dom.reverse.addEventListener('click', () => {
    [state.from, state.to] = [state.to, state.from];
    state.vias.reverse();
    changed();
  });
  dom.arPosition.addEventListener('input', drawAR);
  window.addEventListener('resize', () => { if (view.route) drawLimitChart(view.route.waypoints, view.route.summary.distance); drawAR(); });

  // ---- Start ----------------------------------------------------------------------------------

  async function start() {
    readURL();
    buildLimitsLegend();
    showLimitsLayer();
    status.busy++;
    try {
      const info = JSON.parse(await fetchText(api.info));
      view.knownCategories = new Set((info.poi_categories || []).map((c) => c.name));
      const [minLon, minLat, maxLon, maxLat] = info.bbox.length === 4 ? info.bbox : [-180, -85, 180, 85];
      const points = [state.from, state.to, ...state.vias].filter(Boolean);
      if (points.length >= 2) map.fitBounds(L.latLngBounds(points).pad(0.15));
      else map.fitBounds([[minLat, minLon], [maxLat, maxLon]]);
      if (!info.bbox.length) showMessage('This database has no roads.', true);
    } catch (error) {
      map.setView([0, 0], 2);
      showMessage('The map could not be set up: ' + error.message, true);
    } finally {
      status.busy--;
    }
    map.on('moveend', loadRoads);
    drawPoints();
    const roads = loadRoads();
    if (state.from && state.to) await updateRoute(); else dom.hint.hidden = false;
    await roads;
    writeURL();
    status.readyAt = performance.now();   // base map (and any route in the URL) drawn
    status.ready = true;
  }
  start();
})();
