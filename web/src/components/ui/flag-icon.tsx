/**
 * Small national flags drawn inline, so nothing is fetched at run time. English uses the
 * United Kingdom's flag. All are shown in a 3:2 box.
 */
import { useId } from 'react';

export type FlagCountry = 'es' | 'gb' | 'ro';

function SpainFlag() {
  return (
    <>
      <rect width="3" height="2" fill="#aa151b" />
      <rect y="0.5" width="3" height="1" fill="#f1bf00" />
    </>
  );
}

function RomaniaFlag() {
  return (
    <>
      <rect width="1" height="2" fill="#002b7f" />
      <rect x="1" width="1" height="2" fill="#fcd116" />
      <rect x="2" width="1" height="2" fill="#ce1126" />
    </>
  );
}

function UnitedKingdomFlag({ clipId }: { clipId: string }) {
  // The 2:1 flag is scaled to the box height and its sides cropped. The red saltire is offset:
  // each diagonal is clipped to its own half of every quarter.
  return (
    <g transform="translate(-0.5 0) scale(0.0666667)">
      <clipPath id={clipId}>
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <rect width="60" height="30" fill="#012169" />
      <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
      <path
        d="M0 0l60 30m0-30L0 30"
        stroke="#c8102e"
        strokeWidth="4"
        clipPath={`url(#${clipId})`}
      />
      <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#c8102e" strokeWidth="6" />
    </g>
  );
}

export function FlagIcon({ country, className }: { country: FlagCountry; className?: string }) {
  const clipId = useId();
  return (
    <svg
      className={className}
      viewBox="0 0 3 2"
      width="24"
      height="16"
      aria-hidden
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
    >
      {country === 'es' && <SpainFlag />}
      {country === 'ro' && <RomaniaFlag />}
      {country === 'gb' && <UnitedKingdomFlag clipId={clipId} />}
    </svg>
  );
}
