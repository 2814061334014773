import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { UsageSeries } from '../usage-data.js';

/** Series colours: the theme's accent first, then distinct hues readable on light and dark. */
const COLORS = ['#6366f1', '#0ea5e9', '#10b981', '#f59e0b', '#ef4444', '#a855f7', '#64748b'];

const DAY = 86_400;

const cssVar = (element: Element, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

/**
 * Credits per day (bars) and per model (a line each), drawn by uPlot. This module (and uPlot)
 * is loaded with the Usage page only.
 */
export default function UsageChart({
  series,
  totalLabel,
  dateLabel,
  locale,
}: {
  series: UsageSeries;
  totalLabel: string;
  dateLabel: string;
  /** BCP 47 tag the dates are written in. */
  locale: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || series.days.length === 0) return;
    const axisColor = cssVar(element, '--color-muted-foreground', '#6b7280');
    const gridColor = cssVar(element, '--color-border', '#e5e7eb');
    const axis: uPlot.Axis = {
      stroke: axisColor,
      grid: { stroke: gridColor, width: 1 },
      ticks: { stroke: gridColor, width: 1 },
    };
    const ticks = series.days;
    const dayFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const options: uPlot.Options = {
      width: Math.max(240, element.clientWidth),
      height: 260,
      scales: {
        // at least a week on the axis, half a day of room either side of the bars
        x: {
          time: true,
          range: () => [series.days[0]! - DAY / 2, series.days.at(-1)! + DAY / 2],
        },
        y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
      },
      axes: [
        {
          ...axis,
          // one tick a day (every few days when they would crowd), named by the date alone
          splits: (u) => {
            const every = Math.max(
              1,
              Math.ceil((ticks.length * 56) / Math.max(1, u.bbox.width / devicePixelRatio)),
            );
            return ticks.filter((_, index) => (ticks.length - 1 - index) % every === 0);
          },
          values: (_u, splits) => splits.map((split) => dayFormat.format(new Date(split * 1000))),
        },
        { ...axis, size: 64 },
      ],
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        {
          label: dateLabel,
          value: (_u, value) => (value == null ? '–' : dayFormat.format(new Date(value * 1000))),
        },
        {
          label: totalLabel,
          stroke: cssVar(element, '--color-accent', COLORS[0]!),
          fill: `${COLORS[0]}33`,
          width: 1,
          ...(bars ? { paths: bars } : {}),
          points: { show: false },
        },
        ...series.models.map((model, index) => ({
          label: model.model,
          stroke: COLORS[(index + 1) % COLORS.length]!,
          width: 2,
          points: { show: true, size: 6 },
        })),
      ],
    };
    const data: uPlot.AlignedData = [
      series.days,
      series.totals,
      ...series.models.map((model) => model.perDay),
    ];
    const plot = new uPlot(options, data, element);
    const observer = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, element.clientWidth), height: 260 }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [series, totalLabel, dateLabel, locale]);
  return <div ref={box} className="usage-chart w-full min-w-0" data-days={series.days.length} />;
}
