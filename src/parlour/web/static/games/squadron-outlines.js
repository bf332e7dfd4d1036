// Each plane's own outline, in its top, side or front view, drawn from its general
// arrangement in outlines.json (span, length, engines, wing, tail, undercarriage):
// Parlour's simple drawings, good enough to tell the sixteen planes apart, which is
// what a plane-spotter needs from the cards.  The card's drawing area is the box
// from (6, 44) to (94, 98) of the 100 x 144 card.
import { s } from "/static/dom.js";

const INK = "#2d3436";
const GLASS = "#74b9ff";
const CX = 50;
const CY = 71;
const WIDE = 86;     // the box's width
const TALL = 50;     // and height

const ellipse = (cx, cy, rx, ry, extra = {}) => s("ellipse", { cx, cy, rx, ry, ...extra });
const rect = (x, y, width, height, extra = {}) => s("rect", { x, y, width, height, ...extra });
const path = (d, extra = {}) => s("path", { d, ...extra });
const line = (x1, y1, x2, y2, width = 1.2) => s("line", { x1, y1, x2, y2, stroke: INK, "stroke-width": width });

// Where the engines sit across the span, as fractions of the half-span (0 is the nose).
function enginePlaces(o) {
  if (o.layout === "flying-boat") return [-0.36, 0.36];          // two tandem pairs on the wing
  return { 1: [0], 2: [-0.42, 0.42], 3: [0, -0.5, 0.5], 4: [-0.34, -0.66, 0.34, 0.66] }[o.engines] || [0];
}

function top(o) {
  const k = Math.min(WIDE / o.span, TALL / o.length);
  const L = o.length * k;
  const S = o.span * k;
  const y0 = CY - L / 2;
  const y1 = CY + L / 2;
  const chord = L * (o.span > 18 ? 0.17 : 0.2);
  const yw = y0 + L * (o.short_nose ? 0.22 : 0.3);
  const g = s("g", { fill: INK });
  const wing = (span, dy, opacity = 1) => path(
    `M${CX - span / 2} ${yw + dy + chord * 0.2} L${CX} ${yw + dy} L${CX + span / 2} ${yw + dy + chord * 0.2}
     L${CX + span / 2} ${yw + dy + chord * 0.7} L${CX} ${yw + dy + chord} L${CX - span / 2} ${yw + dy + chord * 0.7} Z`, { opacity });
  if (o.layout === "biplane") g.append(wing(S * 0.82, chord * 0.7, 0.5));
  g.append(wing(S, o.layout === "biplane" ? -chord * 0.2 : 0));
  const body = o.layout === "flying-boat" ? L * 0.085 : Math.max(2.2, L * (o.nose === "radial" ? 0.075 : 0.06));
  if (o.layout === "twin-boom") {
    g.append(ellipse(CX, y0 + L * 0.28, body, L * 0.28));
    for (const side of [-1, 1]) g.append(rect(CX + side * S * 0.21 - 1.6, yw - chord * 0.6, 3.2, y1 - yw + chord * 0.3, { rx: 1.6 }));
    g.append(rect(CX - S * 0.21, y1 - chord * 0.55, S * 0.42, chord * 0.45, { rx: 1 }));
  } else {
    g.append(path(`M${CX} ${y0} Q${CX + body * 1.1} ${y0 + L * 0.08} ${CX + body} ${y0 + L * 0.3} L${CX + body * 0.35} ${y1 - 1}
      L${CX - body * 0.35} ${y1 - 1} L${CX - body} ${y0 + L * 0.3} Q${CX - body * 1.1} ${y0 + L * 0.08} ${CX} ${y0} Z`));
    const plane = Math.max(S * 0.34, L * 0.42);
    g.append(path(`M${CX - plane / 2} ${y1 - chord * 0.25} L${CX} ${y1 - chord * 0.75} L${CX + plane / 2} ${y1 - chord * 0.25} L${CX + plane / 2} ${y1} L${CX - plane / 2} ${y1} Z`));
    if (o.tail === "twin") for (const side of [-1, 1]) g.append(rect(CX + side * plane / 2 - 1, y1 - chord * 0.7, 2, chord * 0.8));
  }
  for (const at of enginePlaces(o)) {
    if (at === 0) continue;
    const long = o.layout === "flying-boat" ? chord * 1.7 : chord * 1.3;
    g.append(ellipse(CX + at * S / 2, yw + chord * 0.5 - long * 0.45, Math.max(1.6, chord * 0.22), long / 2));
  }
  if (o.nose === "glazed") g.append(ellipse(CX, y0 + L * 0.05, body * 0.55, L * 0.04, { fill: GLASS }));
  else g.append(ellipse(CX, y0 + L * (o.layout === "twin-boom" ? 0.22 : 0.36), body * 0.5, L * 0.07, { fill: GLASS }));
  return g;
}

function side(o) {
  const k = Math.min(WIDE / o.length, TALL / (o.length * 0.42));
  const L = o.length * k;
  const x0 = CX - L / 2;
  const x1 = CX + L / 2;
  const boat = o.layout === "flying-boat";
  const d = L * (boat ? 0.2 : o.nose === "radial" ? 0.15 : 0.13);
  const cy = CY + (boat ? -2 : 3);
  const g = s("g", { fill: INK });
  const podEnd = o.layout === "twin-boom" ? x0 + L * 0.58 : x1;
  const noseLen = o.nose === "inline" ? L * 0.12 : o.nose === "glazed" ? L * 0.06 : L * 0.03;
  const belly = boat ? cy + d * 0.6 : cy + d / 2;
  g.append(path(`M${x0 + noseLen} ${cy - d / 2} L${podEnd - L * 0.25} ${cy - d * 0.45}
    L${podEnd} ${cy - d * 0.12} L${podEnd} ${cy + d * 0.05} L${podEnd - L * 0.38} ${belly}
    L${x0 + noseLen} ${belly} Q${x0} ${belly} ${x0} ${cy} Q${x0} ${cy - d / 2} ${x0 + noseLen} ${cy - d / 2} Z`));
  if (boat) g.append(path(`M${x0 + L * 0.45} ${belly} l4 ${d * 0.25} h${L * 0.08} v${-d * 0.25} Z`));
  if (o.nose === "radial") g.append(rect(x0 - 0.5, cy - d * 0.55, L * 0.07, d * 1.1, { rx: 1.5 }));
  if (o.nose === "glazed") g.append(ellipse(x0 + L * 0.04, cy - d * 0.05, L * 0.035, d * 0.32, { fill: GLASS }));
  if (o.hump) g.append(path(`M${x0 + L * 0.2} ${cy - d / 2} Q${x0 + L * 0.3} ${cy - d * 1.15} ${x0 + L * 0.45} ${cy - d * 0.48} Z`));
  g.append(ellipse(x0 + L * (o.engines > 1 || boat ? 0.12 : 0.38), cy - d * 0.5, L * 0.06, d * 0.26, { fill: GLASS }));
  // the fin, and the tailplane seen edge-on
  const fin = d * (o.tall_fin ? 1.9 : 1.25);
  const finFoot = o.layout === "twin-boom" ? cy - d * 0.05 : cy - d * 0.15;
  g.append(path(`M${x1 - L * 0.16} ${finFoot} L${x1 - L * 0.06} ${finFoot - fin} L${x1} ${finFoot - fin * 0.92} L${x1} ${finFoot} Z`));
  if (o.tail === "twin") g.append(path(`M${x1 - L * 0.12} ${finFoot} L${x1 - L * 0.04} ${finFoot - fin * 0.8} L${x1 + 1.5} ${finFoot - fin * 0.75} L${x1 + 1.5} ${finFoot} Z`, { opacity: 0.5 }));
  g.append(ellipse(x1 - L * 0.08, finFoot + 0.5, L * 0.08, 1.3));
  if (o.layout === "twin-boom") g.append(rect(x0 + L * 0.3, cy - d * 0.15, x1 - x0 - L * 0.3, d * 0.3, { rx: d * 0.15 }));
  // the wing, at its height on the fuselage
  const wy = { low: cy + d * 0.36, mid: cy, high: cy - d * 0.45, gull: cy - d * 1.0 }[o.wing];
  const wx = x0 + L * (o.short_nose ? 0.2 : 0.27);
  g.append(ellipse(wx + L * 0.1, wy, L * 0.12, 1.5));
  if (o.wing === "gull") g.append(line(wx + L * 0.06, wy, wx + L * 0.1, cy - d / 2, 1.5), line(wx + L * 0.14, wy, wx + L * 0.16, cy - d / 2, 1.5));
  if (o.layout === "biplane") {
    g.append(ellipse(wx + L * 0.06, cy - d * 0.95, L * 0.13, 1.5), line(wx + L * 0.04, cy - d * 0.95, wx + L * 0.1, wy), line(wx + L * 0.16, cy - d * 0.95, wx + L * 0.2, wy));
  }
  // engines on the wing, and the propellers
  if (o.engines > 1 || boat) {
    const ny = boat ? wy - 2 : wy + 1;
    g.append(ellipse(wx + L * 0.02, ny, L * 0.1, d * 0.26));
    g.append(line(wx - L * 0.085, ny - d * 0.5, wx - L * 0.085, ny + d * 0.5, 1));
    if (boat) g.append(line(wx + L * 0.125, ny - d * 0.5, wx + L * 0.125, ny + d * 0.5, 1));
  }
  if (o.engines % 2 === 1 && !boat) g.append(line(x0 - 1.5, cy - d * 0.8, x0 - 1.5, cy + d * 0.8, 1.2));
  if (o.gear === "fixed") {
    const foot = belly + d * 0.55;
    g.append(line(wx + L * 0.05, wy, wx + L * 0.03, foot - 2, 1.6), s("circle", { cx: wx + L * 0.03, cy: foot, r: 2.3 }),
      s("circle", { cx: x1 - L * 0.08, cy: cy + d * 0.12, r: 1 }));
  }
  return g;
}

function front(o) {
  const k = WIDE / o.span;
  const S = o.span * k;
  const boat = o.layout === "flying-boat";
  const r = Math.max(3.2, S * (o.span > 18 ? 0.045 : o.nose === "radial" ? 0.09 : 0.075));
  const g = s("g", { fill: INK });
  const dihedral = S * 0.035;
  const wy = { low: CY + r * 0.6, mid: CY, high: CY - r * 0.7, gull: CY - r * 2.2 }[o.wing];
  // the wing, rising a little to its tips (a gull wing breaks upward from the hull first)
  if (o.wing === "gull") {
    g.append(path(`M${CX - S / 2} ${wy - dihedral} L${CX - S * 0.16} ${wy} L${CX - r * 0.8} ${CY - r * 0.4} L${CX + r * 0.8} ${CY - r * 0.4} L${CX + S * 0.16} ${wy} L${CX + S / 2} ${wy - dihedral}
      L${CX + S / 2} ${wy - dihedral + 2.4} L${CX + S * 0.16} ${wy + 2.4} L${CX} ${CY} L${CX - S * 0.16} ${wy + 2.4} L${CX - S / 2} ${wy - dihedral + 2.4} Z`));
  } else {
    g.append(path(`M${CX - S / 2} ${wy - dihedral} L${CX} ${wy} L${CX + S / 2} ${wy - dihedral} L${CX + S / 2} ${wy - dihedral + 2.4} L${CX} ${wy + 2.4} L${CX - S / 2} ${wy - dihedral + 2.4} Z`));
  }
  if (o.layout === "biplane") {
    const uy = CY - r * 2.1;
    g.append(rect(CX - S * 0.46, uy, S * 0.92, 2.2), line(CX - S * 0.3, uy, CX - S * 0.3, wy - dihedral * 0.6), line(CX + S * 0.3, uy, CX + S * 0.3, wy - dihedral * 0.6));
  }
  // the fuselage (a deep hull for the flying boat), the fins and the tailplane behind
  const fin = r * (o.tall_fin ? 3 : 2.1);
  if (o.layout === "twin-boom") {
    g.append(ellipse(CX, CY, r * 0.9, r * 0.9));
    for (const at of [-0.21, 0.21]) g.append(ellipse(CX + at * S, CY, r * 0.75, r * 0.75), rect(CX + at * S - 0.9, CY - fin, 1.8, fin));
    g.append(rect(CX - S * 0.21, CY - r * 0.3, S * 0.42, 1.4));
  } else {
    g.append(boat ? ellipse(CX, CY + r * 0.6, r, r * 1.9) : ellipse(CX, CY, r, r));
    const plane = S * (o.span > 18 ? 0.22 : 0.3);
    g.append(rect(CX - plane, CY - r * 0.5, plane * 2, 1.3));
    if (o.tail === "twin") for (const side of [-1, 1]) g.append(rect(CX + side * plane - 0.9, CY - r * 0.5 - fin * 0.7, 1.8, fin * 0.75));
    else g.append(rect(CX - 0.9, CY - fin, 1.8, fin));
  }
  if (o.nose === "radial") g.append(s("circle", { cx: CX, cy: CY, r: r * 0.6, fill: "none", stroke: "#fff", "stroke-width": 0.8, opacity: 0.6 }));
  if (o.nose === "glazed") g.append(ellipse(CX, CY, r * 0.55, r * 0.45, { fill: GLASS }));
  // engines and their propeller discs
  for (const at of enginePlaces(o)) {
    const ex = CX + at * S / 2;
    const ey = at === 0 ? CY : wy + 1 - dihedral * Math.abs(at);
    const er = at === 0 ? r : Math.max(1.8, r * 0.7);
    if (at !== 0) g.append(ellipse(ex, ey, er, er));
    g.append(s("circle", { cx: ex, cy: ey, r: er * 2.1, fill: "none", stroke: INK, "stroke-width": 0.6, opacity: 0.6 }));
  }
  if (boat) for (const at of [-0.4, 0.4]) g.append(ellipse(CX + at * S, wy + r * 1.6, 1.6, 1.2), line(CX + at * S, wy, CX + at * S, wy + r * 1.5, 0.8));
  if (o.gear === "fixed") {
    for (const side of [-1, 1]) {
      const x = CX + side * S * 0.13;
      g.append(line(x, wy + 1, x + side * 1.2, CY + r + 6, 1.6), ellipse(x + side * 1.2, CY + r + 7.5, 1.6, 2.4));
    }
  }
  return g;
}

// The outline of a plane in one view ("T", "S" or "F"), or null without an outline for it.
export function outline(o, view) {
  if (!o) return null;
  return view === "T" ? top(o) : view === "S" ? side(o) : front(o);
}
