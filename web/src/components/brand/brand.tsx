import type { CSSProperties } from 'react';

/**
 * The product's mark: a speech bubble (a conversation) holding a check (an answer given), in one path pair so it
 * takes any colour. Drawn inline: no request, nothing to load before the login card shows.
 */
export function Logo({
  size = 32,
  color,
  markColor,
  style,
}: {
  size?: number;
  color: string;
  /** The check inside the bubble: the surface the logo sits on. */
  markColor: string;
  style?: CSSProperties;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role="img"
      aria-label="Atende"
      style={{ flexShrink: 0, ...style }}
      data-testid="brand-logo"
    >
      <path
        fill={color}
        d="M16 2C8.27 2 2 7.6 2 14.5c0 3.7 1.8 7 4.7 9.3L5.5 30l6.3-3.4c1.3.3 2.7.5 4.2.5 7.73 0 14-5.6 14-12.5S23.73 2 16 2Z"
      />
      <path
        fill="none"
        stroke={markColor}
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="m10 14.8 4.2 4.2L22.5 10.7"
      />
    </svg>
  );
}

/** Logo and name side by side; the name hides when the space is a narrow menu. */
export function Wordmark({
  color,
  markColor,
  textColor,
  size = 28,
  showName = true,
}: {
  color: string;
  markColor: string;
  textColor: string;
  size?: number;
  showName?: boolean;
}) {
  return (
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: size / 3 }}
      data-testid="brand-wordmark"
    >
      <Logo size={size} color={color} markColor={markColor} />
      {showName && (
        <span
          style={{
            color: textColor,
            fontSize: size * 0.75,
            fontWeight: 700,
            letterSpacing: '-0.02em',
            lineHeight: 1,
          }}
        >
          Atende
        </span>
      )}
    </span>
  );
}
