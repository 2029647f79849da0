/**
 * The background of the map: the church's plan as an architect draws it, thin light lines on a
 * light floor (domain/src/church-plan.ts, the drawing the certificate prints too), or the
 * parish's own plan when one is configured (`CHURCH_PLAN_IMAGE_URL`). East, the altar, is at the
 * top. Purely decorative: the plots on top carry all the meaning.
 */
import {
  CHURCH_FLOOR_PATH,
  CHURCH_PLAN_COLOURS,
  CHURCH_PLAN_LINES,
  CHURCH_PLAN_STROKES,
  MAP_HEIGHT_PX,
  MAP_WIDTH_PX,
} from '@parroquia/domain';
import { memo } from 'react';

/** Memoised: the map renders once per slice of plots it draws, and this never changes. */
export const ChurchFloorPlan = memo(function ChurchFloorPlan({ image }: { image: string | null }) {
  if (image) {
    return (
      <g aria-hidden="true">
        <image href={image} width={MAP_WIDTH_PX} height={MAP_HEIGHT_PX} data-testid="plan-image" />
      </g>
    );
  }
  return (
    <g aria-hidden="true" data-testid="plan-drawing">
      <rect width={MAP_WIDTH_PX} height={MAP_HEIGHT_PX} fill={CHURCH_PLAN_COLOURS.ground} />
      <path d={CHURCH_FLOOR_PATH} fill={CHURCH_PLAN_COLOURS.floor} />
      {CHURCH_PLAN_LINES.map(({ kind, path }, index) => {
        const stroke = CHURCH_PLAN_STROKES[kind];
        return (
          <path
            key={index}
            d={path}
            fill="none"
            stroke={stroke.colour}
            strokeWidth={stroke.width}
            strokeDasharray={stroke.dash?.join(' ')}
          />
        );
      })}
    </g>
  );
});
