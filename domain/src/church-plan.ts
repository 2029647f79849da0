/**
 * The church as an architect draws it, in the map's 1300 x 2100 units (y downwards, east at the
 * top): the apse with the holy table, the iconostasis, the nave under its dome, the narthex and
 * the entrance porch. The one description of the plan: the web map draws it under the plots
 * (web/src/features/map/components/church-floor-plan.tsx), the donor certificate draws it on
 * paper (functions/src/pdf/church-plan.ts), and `churchZoneOf` says which part of the church a
 * plot is in, so the drawing, its labels and the plot details cannot disagree.
 *
 * Every wall, screen and zone edge lies on a line between plots, never through one, so a zone is
 * a set of whole plots and the labels (centred on such a line) stay clear of the plots' texts.
 */
import { PLOT_SIZE_PX, plotPixelBox, type PlotPosition } from './grid';

/** The parts of the church a donor asks about, from the east (the top of the map) to the west. */
export const CHURCH_ZONES = ['altar', 'iconostasis', 'nave', 'narthex', 'entrance'] as const;
export type ChurchZone = (typeof CHURCH_ZONES)[number];

/** A point of the plan, in map units. */
export interface PlanPoint {
  x: number;
  y: number;
}

/** A rectangle with its left and top edges in and its right and bottom edges out. */
export interface PlanRectangle {
  kind: 'rectangle';
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The half of a disc above (east of) its centre: the apse. */
export interface PlanApse {
  kind: 'apse';
  centreX: number;
  centreY: number;
  radius: number;
}

export type PlanArea = PlanRectangle | PlanApse;

/** How a line of the drawing is drawn: walls strongest, the iconostasis next, details faint. */
export type PlanLineKind = 'wall' | 'screen' | 'detail' | 'dashed';

export interface PlanLine {
  kind: PlanLineKind;
  /** An SVG path in map units (M, H, V, A and Z only, which pdf-lib also draws). */
  path: string;
}

/** Width and colour of each kind of line, and the dashes of the dashed one, in map units. */
export interface PlanStroke {
  width: number;
  colour: string;
  dash?: readonly [number, number];
}

// The plan is laid out in plots: P is one plot, and every edge below is a whole number of them.
const P = PLOT_SIZE_PX;
/** The church's east-west axis: the line between columns L and M. */
const AXIS = 12 * P;
/** The side walls, one column in from the grid's edges (columns A and X are the grounds). */
const NORTH_WALL = 1 * P;
const SOUTH_WALL = 23 * P;
/** The apse: a half disc on the sanctuary's east side, eight columns across (I to P). */
const APSE_Y = 5 * P;
const APSE_RADIUS = 4 * P;
/** The iconostasis screen, and the row of plots before it (the solea). */
const ICONOSTASIS_Y = 8 * P;
const SOLEA_END_Y = 9 * P;
/** The wall between the nave and the narthex, the west wall with the entrance door. */
const NARTHEX_Y = 30 * P;
const WEST_WALL_Y = 35 * P;
/** The porch before the entrance: eight columns wide, three rows deep, steps at its end. */
const PORCH_LEFT = 8 * P;
const PORCH_RIGHT = 16 * P;
const PORCH_END_Y = 38 * P;
/** The central dome, carried by four pillars on the corners of its square. */
const DOME_Y = 19 * P;
const DOME_RADIUS = 5 * P;
const HOLY_TABLE_Y = 3 * P;

const DOOR = 1.6 * P;
const SIDE_DOOR = 0.8 * P;
const DEACONS_DOOR_OFFSET = 5 * P;

const rectangle = (left: number, top: number, right: number, bottom: number): PlanRectangle => ({
  kind: 'rectangle',
  left,
  top,
  right,
  bottom,
});

/** Where each zone is. Zones never overlap; a plot in none of them is in the grounds outside. */
export const CHURCH_ZONE_AREAS: Readonly<Record<ChurchZone, readonly PlanArea[]>> = {
  altar: [
    { kind: 'apse', centreX: AXIS, centreY: APSE_Y, radius: APSE_RADIUS },
    rectangle(NORTH_WALL, APSE_Y, SOUTH_WALL, ICONOSTASIS_Y),
  ],
  iconostasis: [rectangle(NORTH_WALL, ICONOSTASIS_Y, SOUTH_WALL, SOLEA_END_Y)],
  nave: [rectangle(NORTH_WALL, SOLEA_END_Y, SOUTH_WALL, NARTHEX_Y)],
  narthex: [rectangle(NORTH_WALL, NARTHEX_Y, SOUTH_WALL, WEST_WALL_Y)],
  entrance: [rectangle(PORCH_LEFT, WEST_WALL_Y, PORCH_RIGHT, PORCH_END_Y)],
};

/**
 * Where each zone's name is written: on the axis, on a line between two rows of plots (over the
 * iconostasis, on the screen itself), inside the zone.
 */
export const CHURCH_ZONE_LABELS: Readonly<Record<ChurchZone, PlanPoint>> = {
  altar: { x: AXIS, y: 4 * P },
  iconostasis: { x: AXIS, y: ICONOSTASIS_Y },
  nave: { x: AXIS, y: DOME_Y },
  narthex: { x: AXIS, y: 33 * P },
  entrance: { x: AXIS, y: 37 * P },
};

const n = (value: number) => Number(value.toFixed(2));
/** A horizontal line from `from` to `to` at `y`, broken by the doors centred at `doors`. */
function wallWithDoors(y: number, from: number, to: number, doors: Array<[number, number]>) {
  let path = `M${n(from)} ${n(y)}`;
  for (const [centre, width] of doors) {
    path += ` H${n(centre - width / 2)} M${n(centre + width / 2)} ${n(y)}`;
  }
  return `${path} H${n(to)}`;
}
const square = (x: number, y: number, side: number) =>
  `M${n(x - side / 2)} ${n(y - side / 2)} h${n(side)} v${n(side)} h${n(-side)} Z`;
const circle = (x: number, y: number, radius: number) =>
  `M${n(x - radius)} ${n(y)} A${n(radius)} ${n(radius)} 0 1 1 ${n(x + radius)} ${n(y)} ` +
  `A${n(radius)} ${n(radius)} 0 1 1 ${n(x - radius)} ${n(y)} Z`;

/** The east end, from the north-east corner round the apse to the south-east corner. */
const EAST_END =
  `H${n(AXIS - APSE_RADIUS)} ` +
  `A${n(APSE_RADIUS)} ${n(APSE_RADIUS)} 0 0 1 ${n(AXIS + APSE_RADIUS)} ${n(APSE_Y)} ` +
  `H${n(SOUTH_WALL)}`;

/** The floor inside the walls and the porch's, lighter than the grounds. */
export const CHURCH_FLOOR_PATH =
  `M${n(NORTH_WALL)} ${n(APSE_Y)} ${EAST_END} V${n(WEST_WALL_Y)} H${n(PORCH_RIGHT)} ` +
  `V${n(PORCH_END_Y)} H${n(PORCH_LEFT)} V${n(WEST_WALL_Y)} H${n(NORTH_WALL)} Z`;

/** The line drawing, drawn in this order. */
export const CHURCH_PLAN_LINES: readonly PlanLine[] = [
  // The outer walls, from the entrance door round by the north, the apse and the south.
  {
    kind: 'wall',
    path:
      `M${n(AXIS - DOOR / 2)} ${n(WEST_WALL_Y)} H${n(NORTH_WALL)} V${n(APSE_Y)} ${EAST_END} ` +
      `V${n(WEST_WALL_Y)} H${n(AXIS + DOOR / 2)}`,
  },
  // The narthex's wall, with the door into the nave.
  { kind: 'wall', path: wallWithDoors(NARTHEX_Y, NORTH_WALL, SOUTH_WALL, [[AXIS, DOOR]]) },
  // The porch's side walls.
  {
    kind: 'wall',
    path:
      `M${n(PORCH_LEFT)} ${n(WEST_WALL_Y)} V${n(PORCH_END_Y)} ` +
      `M${n(PORCH_RIGHT)} ${n(WEST_WALL_Y)} V${n(PORCH_END_Y)}`,
  },
  // The iconostasis: the royal doors in the middle, a deacons' door on each side.
  {
    kind: 'screen',
    path: wallWithDoors(ICONOSTASIS_Y, NORTH_WALL, SOUTH_WALL, [
      [AXIS - DEACONS_DOOR_OFFSET, SIDE_DOOR],
      [AXIS, DOOR],
      [AXIS + DEACONS_DOOR_OFFSET, SIDE_DOOR],
    ]),
  },
  // The holy table in the apse, with its cross, and the clergy's bench round the apse.
  { kind: 'detail', path: square(AXIS, HOLY_TABLE_Y, 1.1 * P) },
  {
    kind: 'detail',
    path:
      `M${n(AXIS)} ${n(HOLY_TABLE_Y - 0.32 * P)} V${n(HOLY_TABLE_Y + 0.32 * P)} ` +
      `M${n(AXIS - 0.22 * P)} ${n(HOLY_TABLE_Y - 0.1 * P)} H${n(AXIS + 0.22 * P)}`,
  },
  {
    kind: 'detail',
    path:
      `M${n(AXIS - APSE_RADIUS + 0.5 * P)} ${n(APSE_Y)} ` +
      `A${n(APSE_RADIUS - 0.5 * P)} ${n(APSE_RADIUS - 0.5 * P)} 0 0 1 ` +
      `${n(AXIS + APSE_RADIUS - 0.5 * P)} ${n(APSE_Y)}`,
  },
  // The dome over the nave and its four pillars.
  { kind: 'dashed', path: circle(AXIS, DOME_Y, DOME_RADIUS) },
  ...[-1, 1].flatMap((across) =>
    [-1, 1].map((along) => ({
      kind: 'detail' as const,
      path: square(AXIS + across * DOME_RADIUS, DOME_Y + along * DOME_RADIUS, 0.6 * P),
    })),
  ),
  // Three steps down from the porch.
  {
    kind: 'detail',
    path: [0.15, 0.35, 0.55]
      .map((step) => `M${n(PORCH_LEFT)} ${n(PORCH_END_Y + step * P)} H${n(PORCH_RIGHT)}`)
      .join(' '),
  },
];

/** Thin and light, so the plots and their captions stay the first thing one reads. */
export const CHURCH_PLAN_STROKES: Readonly<Record<PlanLineKind, PlanStroke>> = {
  wall: { width: 6, colour: '#9c8874' },
  screen: { width: 5, colour: '#b08a62' },
  detail: { width: 2.5, colour: '#c2b4a3' },
  dashed: { width: 2.5, colour: '#c2b4a3', dash: [14, 10] },
};

/** The grounds around the church and the floor inside it. */
export const CHURCH_PLAN_COLOURS = { ground: '#ebe6dd', floor: '#fbf8f2', label: '#6b5542' };

function areaContains(area: PlanArea, { x, y }: PlanPoint): boolean {
  if (area.kind === 'rectangle') {
    return x >= area.left && x < area.right && y >= area.top && y < area.bottom;
  }
  const dx = x - area.centreX;
  const dy = y - area.centreY;
  return y < area.centreY && dx * dx + dy * dy <= area.radius * area.radius;
}

/** Whether a point of the plan is in a zone (its edges on the left and top, not right and bottom). */
export function zoneContains(zone: ChurchZone, point: PlanPoint): boolean {
  return CHURCH_ZONE_AREAS[zone].some((area) => areaContains(area, point));
}

/** The zone a point of the plan is in, or null outside the church. */
export function churchZoneAt(point: PlanPoint): ChurchZone | null {
  return CHURCH_ZONES.find((zone) => zoneContains(zone, point)) ?? null;
}

/** The zone a plot is in (where its centre is), or null for a plot in the grounds outside. */
export function churchZoneOf(plot: PlotPosition): ChurchZone | null {
  const box = plotPixelBox(plot);
  return churchZoneAt({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
}
