import { useMemo } from 'react';

export interface StarfieldPlaceholderProps {
  /** Seeds the drawing (the same name always draws the same sky) and gives the initials. */
  name: string;
  width: number;
  height: number;
  className?: string;
}

interface Star {
  x: number;
  y: number;
  r: number;
  opacity: number;
}

/** A small deterministic generator (mulberry32) seeded from the name. */
function seededRandom(text: string): () => number {
  let seed = 2166136261;
  for (const char of text) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stars along a loose spiral arm plus a scattered background, like a thumbnail of a galaxy. */
function drawStars(name: string, width: number, height: number): Star[] {
  const random = seededRandom(name);
  const stars: Star[] = [];
  const cx = width / 2;
  const cy = height / 2;
  const turn = random() * Math.PI * 2;
  for (let i = 0; i < 70; i++) {
    const t = random();
    const arm = i % 2 === 0 ? 0 : Math.PI;
    const angle = turn + arm + t * 3.2;
    const radius = t * Math.min(width, height) * 0.55;
    stars.push({
      x: cx + Math.cos(angle) * radius * 1.5 + (random() - 0.5) * 14,
      y: cy + Math.sin(angle) * radius + (random() - 0.5) * 10,
      r: 0.4 + random() * 1.1 * (1 - t * 0.6),
      opacity: 0.35 + random() * 0.65,
    });
  }
  for (let i = 0; i < 30; i++) {
    stars.push({ x: random() * width, y: random() * height, r: 0.3 + random() * 0.5, opacity: 0.2 + random() * 0.4 });
  }
  return stars;
}

function initials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** Stands in for a galaxy thumbnail that is missing: a drawn star field with the galaxy's initials. */
export function StarfieldPlaceholder({ name, width, height, className }: StarfieldPlaceholderProps) {
  const stars = useMemo(() => drawStars(name, width, height), [name, width, height]);
  const gradientId = `starfield-glow-${useMemo(() => Math.floor(seededRandom(name)() * 1e9), [name])}`;
  return (
    <svg
      className={className}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      data-testid="starfield-placeholder"
    >
      <defs>
        <radialGradient id={gradientId}>
          <stop offset="0%" stopColor="#3a4a8a" stopOpacity="0.9" />
          <stop offset="60%" stopColor="#141a38" stopOpacity="0.6" />
          <stop offset="100%" stopColor="#05060d" stopOpacity="1" />
        </radialGradient>
      </defs>
      <rect width={width} height={height} fill="#05060d" />
      <ellipse cx={width / 2} cy={height / 2} rx={width * 0.45} ry={height * 0.4} fill={`url(#${gradientId})`} />
      {stars.map((star, index) => (
        <circle key={index} cx={star.x} cy={star.y} r={star.r} fill="#fff" opacity={star.opacity} />
      ))}
      <text
        x={width / 2}
        y={height / 2 + 9}
        textAnchor="middle"
        fontSize="26"
        fontWeight="600"
        fill="#e8e8f0"
        opacity="0.85"
        style={{ letterSpacing: '0.08em' }}
      >
        {initials(name)}
      </text>
    </svg>
  );
}
