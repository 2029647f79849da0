/**
 * The background of the map: a floor plan of the church, drawn here (our own drawing) in the
 * map's 1300 x 2100 coordinates. East (the altar and its apse) is at the top, the entrance
 * porch at the bottom. Purely decorative: the plots on top carry all the meaning.
 */
const WALL = '#6f5b48';
const FLOOR = '#f8ecd3';
const DETAIL = '#c4a57a';
/** The ground around the church, greyer than its floor so the building stands out. */
const GROUND = '#e3ded5';

export function ChurchFloorPlan() {
  return (
    <g aria-hidden="true">
      <rect x="0" y="0" width="1300" height="2100" fill={GROUND} />
      {/* Apse */}
      <path d="M350 420 A300 300 0 0 1 950 420 Z" fill={FLOOR} stroke={WALL} strokeWidth="14" />
      {/* Nave with its side chapels (the cross shape) */}
      <path
        d="M200 420 H1100 V900 H1260 V1300 H1100 V1800 H200 V1300 H40 V900 H200 Z"
        fill={FLOOR}
        stroke={WALL}
        strokeWidth="18"
        strokeLinejoin="round"
      />
      {/* Porch (narthex) */}
      <rect x="360" y="1800" width="580" height="240" fill={FLOOR} stroke={WALL} strokeWidth="14" />
      {/* Iconostasis */}
      <line
        x1="220"
        y1="640"
        x2="1080"
        y2="640"
        stroke={WALL}
        strokeWidth="10"
        strokeDasharray="40 18"
      />
      {/* Central dome */}
      <circle cx="650" cy="1100" r="260" fill="none" stroke={DETAIL} strokeWidth="10" />
      <circle cx="650" cy="1100" r="200" fill="none" stroke={DETAIL} strokeWidth="4" />
      {/* Columns carrying the dome */}
      {[
        [390, 840],
        [910, 840],
        [390, 1360],
        [910, 1360],
      ].map(([cx, cy]) => (
        <rect key={`${cx}-${cy}`} x={cx! - 30} y={cy! - 30} width="60" height="60" fill={DETAIL} />
      ))}
      {/* Altar with its cross */}
      <rect x="590" y="300" width="120" height="80" fill={DETAIL} />
      <path d="M640 180h20v30h30v20h-30v60h-20v-60h-30v-20h30z" fill={WALL} />
      {/* Entrance */}
      <rect x="590" y="2030" width="120" height="20" fill={GROUND} />
    </g>
  );
}
