'use client';
// One of the night's charts on a canvas, with uPlot (about 50 kB, decision 052) fetched when the
// chart is first drawn. The canvas is hidden from assistive technology: the table beside it holds
// the same figures, and the legend names each line in words with a sample of its dash and marker.
import { useEffect, useRef } from 'react';
import { useLocale } from 'next-intl';
import type uPlot from 'uplot';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import { COLORS } from '@/styles/tokens';
import { untilLoaded } from '@/ui/lazy';
import type { NightLine } from './night-lines';
import styles from './door.module.css';

const loadUplot = untilLoaded(() => import('./uplot-loader'));

const HEIGHT = 220;
/** People are whole: the y axis counts in these steps, never in halves. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];
const FONT = '12px system-ui, sans-serif';

export function NightChart({ x, series, lines, stepped }: { x: number[]; series: number[][]; lines: NightLine[]; stepped: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const locale = useLocale();

  useEffect(() => {
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void loadUplot().then(({ default: UPlot }) => {
      const element = box.current;
      if (cancelled || !element) return;
      const paths = stepped ? UPlot.paths.stepped!({ align: 1 }) : undefined;
      const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: VENUE_TIME_ZONE });
      const count = new Intl.NumberFormat(locale);
      const axis = { stroke: COLORS.textMuted, font: FONT, grid: { stroke: COLORS.border, width: 1 }, ticks: { stroke: COLORS.border, width: 1 } };
      chart = new UPlot(
        {
          width: element.clientWidth || 600,
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), VENUE_TIME_ZONE),
          scales: { x: { time: true }, y: { range: (_chart, _min, max) => [0, Math.max(max, 1)] } },
          axes: [
            { ...axis, values: (_chart, splits) => splits.map((seconds) => time.format(new Date(seconds * 1000))) },
            { ...axis, incrs: WHOLE_STEPS, values: (_chart, splits) => splits.map((people) => count.format(people)) },
          ],
          series: [
            {},
            ...lines.map((line) => ({
              label: line.label,
              stroke: line.color,
              width: 2,
              dash: line.dash,
              paths,
              points: { show: line.points, size: 7, width: 2, stroke: line.color, fill: COLORS.surface },
            })),
          ],
        },
        [x, ...series],
        element,
      );
      observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: HEIGHT }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [x, series, lines, stepped, locale]);

  return <div ref={box} className={styles.night__chart} style={{ minHeight: HEIGHT }} aria-hidden="true" />;
}

/** The lines named in words, each with a sample of its colour, dash and marker; nothing before a chart has lines (no door has scanned yet). */
export function NightLegend({ lines, label }: { lines: NightLine[]; label: string }) {
  if (!lines.length) return null;
  return (
    <ul className={styles.night__legend} aria-label={label}>
      {lines.map((line) => (
        <li key={line.label}>
          <svg width="36" height="12" aria-hidden="true" focusable="false">
            <line x1="2" y1="6" x2="34" y2="6" stroke={line.color} strokeWidth="2" strokeDasharray={line.dash.length ? line.dash.join(' ') : undefined} />
            {line.points ? <circle cx="18" cy="6" r="3.5" stroke={line.color} strokeWidth="2" fill={COLORS.surface} /> : null}
          </svg>
          {line.label}
        </li>
      ))}
    </ul>
  );
}
