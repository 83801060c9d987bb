import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { AdminTableFrame } from '../admin-table-frame';

/** One line of a chart: its name, colour and value for each day, and how a value reads. */
export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
  /** Drawn dashed, so a line that often equals another (net and gross) still shows both. */
  dashed?: boolean;
}

const HEIGHT = 220;
const AXIS = '#a1a1aa'; // zinc-400 on the dark cards
const GRID = 'rgba(255, 255, 255, 0.08)';
const cell = 'px-3 py-2';

/** Nice steps for the value axis: 1, 2, 5, 10, 20, 50 … times `unit` (1 a count, 100 a dollar). */
const stepsOf = (unit: number) =>
  Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((n) => n * 10 ** power * unit)).flat();

/** Seconds since the epoch of a YYYY-MM-DD day's UTC midnight: uPlot's time axis. */
const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * A chart of values per UTC day (uPlot, drawn on a canvas that follows its container's width),
 * named for assistive technology, with the same numbers in a table under a disclosure for screen
 * readers and keyboard users.
 */
export function DayChart({
  title,
  description,
  days,
  series,
  format,
  unit = 1,
}: {
  title: string;
  /** What the chart shows in words (the canvas's accessible name). */
  description: string;
  days: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  /** The smallest step of the value axis (100 for money in cents: whole dollars). */
  unit?: number;
}) {
  const titleId = useId();
  const plotRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = plotRef.current;
    if (!container) return;
    const axis: uPlot.Axis = {
      stroke: AXIS,
      grid: { stroke: GRID, width: 1 },
      ticks: { stroke: GRID, width: 1 },
    };
    const chart = new uPlot(
      {
        width: Math.max(container.clientWidth, 200),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        // Days are UTC days: label them so whatever the admin's own time zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true } },
        axes: [
          { ...axis, space: 60 },
          {
            ...axis,
            size: 72,
            incrs: stepsOf(unit),
            values: (_u, splits) => splits.map((value) => format(value)),
          },
        ],
        series: [
          {},
          ...series.map((line) => ({
            label: line.label,
            stroke: line.color,
            width: 2,
            ...(line.dashed ? { dash: [6, 4] } : {}),
            points: { show: days.length <= 31, size: 5, fill: line.color },
          })),
        ],
      },
      [days.map(secondsOf), ...series.map((line) => line.values)],
      container,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(container.clientWidth, 200), height: HEIGHT }),
    );
    resize.observe(container);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, format, unit]);

  return (
    <figure
      aria-labelledby={titleId}
      className="min-w-0 rounded-xl border border-zinc-800 bg-zinc-900 p-4"
    >
      <figcaption id={titleId} className="font-semibold text-white">
        {title}
      </figcaption>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-300">
        {series.map((line) => (
          <li key={line.label} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block w-4 border-t-2"
              style={{ borderColor: line.color, borderStyle: line.dashed ? 'dashed' : 'solid' }}
            />
            {line.label}
          </li>
        ))}
      </ul>
      <div ref={plotRef} role="img" aria-label={description} className="mt-3 w-full" />
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-zinc-300">{title}: the numbers by day</summary>
        <div className="mt-2">
          <AdminTableFrame label={`${title} by day`}>
            <table className="w-full text-left">
              <thead className="border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase">
                <tr>
                  <th scope="col" className={cell}>
                    Day (UTC)
                  </th>
                  {series.map((line) => (
                    <th key={line.label} scope="col" className={`${cell} text-right`}>
                      {line.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-800">
                {days.map((day, index) => (
                  <tr key={day}>
                    <th
                      scope="row"
                      className={`${cell} font-normal whitespace-nowrap text-zinc-300`}
                    >
                      {day}
                    </th>
                    {series.map((line) => (
                      <td
                        key={line.label}
                        className={`${cell} text-right text-zinc-100 tabular-nums`}
                      >
                        {format(line.values[index] ?? 0)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </AdminTableFrame>
        </div>
      </details>
    </figure>
  );
}
