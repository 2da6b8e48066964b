import type { MonthCount } from '../api/scholarly.api';

/** Views and downloads per month as paired bars: inline SVG, no chart library. */
export function UsageChart({ months, label }: { months: MonthCount[]; label: string }) {
  if (!months.length) return null;
  const shown = months.slice(-12);
  const max = Math.max(1, ...shown.flatMap((m) => [m.views, m.downloads]));
  const W = 40;
  const H = 100;
  const width = shown.length * W + 10;
  return (
    <figure className="usage-chart">
      <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${H + 30}`} width={Math.min(width, 640)} height={130}>
        {shown.map((m, i) => {
          const x = 5 + i * W;
          const hv = (m.views / max) * H;
          const hd = (m.downloads / max) * H;
          return (
            <g key={m.month}>
              <title>{`${m.month}: ${m.views} views, ${m.downloads} downloads`}</title>
              <rect x={x + 4} y={H - hv + 5} width={14} height={hv} fill="#4a7fb5" />
              <rect x={x + 19} y={H - hd + 5} width={14} height={hd} fill="#d98b2b" />
              <text x={x + W / 2} y={H + 22} fontSize="10" textAnchor="middle">
                {m.month.slice(2)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <span className="swatch views" /> Views <span className="swatch downloads" /> Downloads (last {shown.length} months)
      </figcaption>
    </figure>
  );
}
