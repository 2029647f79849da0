import { describe, expect, it } from 'vitest';
import {
  CHURCH_PLAN_LINES,
  CHURCH_ZONE_LABELS,
  CHURCH_ZONES,
  churchZoneAt,
  churchZoneOf,
  zoneContains,
  type ChurchZone,
} from './church-plan';
import { MAP_HEIGHT_PX, MAP_WIDTH_PX, PLOT_SIZE_PX, plotPixelBox } from './grid';
import { layoutPlots } from './layout';
import { parsePlotCode } from './plot-code';

const zoneOf = (code: string) => churchZoneOf(parsePlotCode(code));

describe('the zone of a plot', () => {
  it('follows the church from the altar at the top to the entrance at the bottom', () => {
    // Down the axis, column L (just west of the middle line).
    expect(zoneOf('L1')).toBeNull(); // east of the apse: the grounds
    expect(zoneOf('L2')).toBe('altar'); // in the apse
    expect(zoneOf('L8')).toBe('altar');
    expect(zoneOf('L9')).toBe('iconostasis'); // the row just before the screen
    expect(zoneOf('L10')).toBe('nave');
    expect(zoneOf('L30')).toBe('nave');
    expect(zoneOf('L31')).toBe('narthex');
    expect(zoneOf('L35')).toBe('narthex');
    expect(zoneOf('L36')).toBe('entrance');
    expect(zoneOf('L38')).toBe('entrance');
    expect(zoneOf('L39')).toBeNull(); // below the porch's steps
  });

  it('puts the apse only where its curve is: its corners are outside', () => {
    expect(zoneOf('I5')).toBe('altar');
    expect(zoneOf('P5')).toBe('altar');
    expect(zoneOf('H5')).toBeNull();
    expect(zoneOf('K2')).toBe('altar');
    expect(zoneOf('J2')).toBeNull();
    expect(zoneOf('B5')).toBeNull();
    expect(zoneOf('B6')).toBe('altar'); // the sanctuary is as wide as the nave
  });

  it('keeps columns A and X and the porch sides in the grounds', () => {
    for (const code of ['A1', 'A20', 'X20', 'X39', 'B36', 'W37', 'H36', 'Q36'])
      expect(zoneOf(code), code).toBeNull();
    expect(zoneOf('B20')).toBe('nave');
    expect(zoneOf('W20')).toBe('nave');
    expect(zoneOf('I36')).toBe('entrance');
    expect(zoneOf('P38')).toBe('entrance');
  });

  it('gives every plot of the grid one zone or none, each zone whole rows of plots but the apse', () => {
    const counts = new Map<ChurchZone | null, number>();
    for (const plot of layoutPlots()) {
      const box = plotPixelBox(plot);
      const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      const containing = CHURCH_ZONES.filter((zone) => zoneContains(zone, centre));
      expect(containing.length, plot.code).toBeLessThanOrEqual(1);
      expect(churchZoneOf(plot), plot.code).toBe(containing[0] ?? null);
      const zone = churchZoneOf(plot);
      counts.set(zone, (counts.get(zone) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({
      altar: 26 + 3 * 22, // 4, 6, 8 and 8 plots in the apse's curve, 3 rows in the sanctuary
      iconostasis: 22,
      nave: 21 * 22,
      narthex: 5 * 22,
      entrance: 3 * 8,
      null: 936 - 92 - 22 - 462 - 110 - 24,
    });
  });
});

describe('the drawing', () => {
  it('writes each zone name inside its zone, on a line between two rows of plots', () => {
    for (const zone of CHURCH_ZONES) {
      const label = CHURCH_ZONE_LABELS[zone];
      expect(churchZoneAt(label), zone).toBe(zone);
      expect((label.y / PLOT_SIZE_PX) % 1, zone).toBe(0);
    }
  });

  it('stays on the map and draws only what pdf-lib also draws (M H V h v A Z)', () => {
    for (const { path } of CHURCH_PLAN_LINES) {
      expect(path).toMatch(/^M[\d.\sMHVhvAZ-]+$/);
      const numbers = path.match(/-?\d+(\.\d+)?/g)!.map(Number);
      expect(Math.max(...numbers)).toBeLessThanOrEqual(Math.max(MAP_WIDTH_PX, MAP_HEIGHT_PX));
    }
  });

  it('says a point outside every zone is outside', () => {
    expect(churchZoneAt({ x: 10, y: 1000 })).toBeNull();
    expect(churchZoneAt({ x: 650, y: 2090 })).toBeNull();
  });
});
