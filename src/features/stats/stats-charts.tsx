/**
 * The statistics' charts, drawn by uPlot. This module is loaded with React.lazy from the
 * statistics screen only, so uPlot (and its stylesheet) never weigh on any other page. Each chart
 * fits its box's width and follows it (a phone turned, a sidebar folded); the figures themselves
 * are in the tables beside, which is what a screen reader gets — a chart is an image with a label.
 */
import { useEffect, useMemo, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatRubles } from '../../domain/format';
import * as styles from './stats.css';
import { seriesStep, timeSeries, type UnitEconomics } from './stats-rules';

const HEIGHT = 260;
const COLOURS = { revenue: '#1d4ed8', cost: '#b91c1c', margin: '#166534' };
const shortDay = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const compact = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });

/** One uPlot chart in a box whose width it follows. */
function Chart({ label, options, data }: { label: string; options: ChartOptions; data: AlignedData }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = new uPlot({ ...options, width: element.clientWidth, height: HEIGHT }, data, element);
    const observer = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [options, data]);
  return <div ref={box} className={styles.chart} role="img" aria-label={label} />;
}

const moneyAxis = {
  values: (_: uPlot, ticks: number[]) => ticks.map((tick) => compact.format(tick)),
  size: 72,
};

/** Money is drawn from zero (or below it for a loss), so bars and lines compare honestly. */
const fromZero = (_: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax => {
  const top = Math.max(max ?? 0, 0);
  const bottom = Math.min(min ?? 0, 0);
  return [bottom * 1.1, top === 0 && bottom === 0 ? 1 : top * 1.1];
};

/** One day alone still gets a day's width either side instead of an axis spread over years. */
const aroundDays = (_: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax =>
  min === max || min === null || max === null ? [(min ?? 0) - 86_400, (max ?? 0) + 86_400] : [min, max];

type ChartOptions = Omit<Options, 'width' | 'height'>;

function timeChart(stats: UnitEconomics): { options: ChartOptions; data: AlignedData } {
  const step = seriesStep(stats);
  const series = timeSeries(stats, step);
  const options: ChartOptions = {
    // The x values are UTC midnights of Moscow calendar days: shown as they are, in UTC.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: { x: { time: true, range: aroundDays }, y: { range: fromZero } },
    axes: [
      { space: 80, values: (_, ticks) => ticks.map((tick) => shortDay.format(new Date(tick * 1000))) },
      moneyAxis,
    ],
    series: [
      {
        label: step === 'day' ? 'День' : 'Неделя с',
        value: (_, ts) => (ts == null ? '—' : shortDay.format(new Date(ts * 1000))),
      },
      {
        label: 'Выручка',
        stroke: COLOURS.revenue,
        width: 2,
        value: (_, v) => (v == null ? '—' : formatRubles(v)),
      },
      {
        label: 'Расходы',
        stroke: COLOURS.cost,
        width: 2,
        value: (_, v) => (v == null ? '—' : formatRubles(v)),
      },
      {
        label: 'Маржа',
        stroke: COLOURS.margin,
        width: 2,
        value: (_, v) => (v == null ? '—' : formatRubles(v)),
      },
    ],
  };
  return { options, data: [series.x, series.revenue, series.cost, series.margin] };
}

export function TimeChart({ stats }: { stats: UnitEconomics }) {
  const step = seriesStep(stats);
  // uPlot is rebuilt when its options change: only a new answer may change them.
  const { options, data } = useMemo(() => timeChart(stats), [stats]);
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>
        Выручка, расходы и маржа {step === 'day' ? 'по дням' : 'по неделям'}
      </figcaption>
      <Chart
        label={`График выручки, расходов и маржи ${step === 'day' ? 'по дням' : 'по неделям'}; числа — в таблице ниже`}
        options={options}
        data={data}
      />
    </figure>
  );
}

function documentChart(stats: UnitEconomics): { options: ChartOptions; data: AlignedData } {
  const documents = [...stats.byDocument].sort((a, b) => b.revenue - a.revenue).slice(0, 12);
  const names = documents.map((row) => row.type);
  // The cost is drawn as a narrower bar inside the revenue's: what is left above it is the margin.
  const wideBars = uPlot.paths.bars?.({ size: [0.6, 56] });
  const narrowBars = uPlot.paths.bars?.({ size: [0.3, 28] });
  const options: ChartOptions = {
    scales: { x: { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] }, y: { range: fromZero } },
    axes: [
      {
        // Names longer than a bar's room are cut; the table below has them whole.
        values: (_, ticks) =>
          ticks.map((tick) => {
            const name = Number.isInteger(tick) ? (names[tick] ?? '') : '';
            return name.length > 12 ? `${name.slice(0, 11)}…` : name;
          }),
        splits: () => names.map((_, index) => index),
        gap: 4,
      },
      moneyAxis,
    ],
    series: [
      { label: 'Документ', value: (_, index) => (index == null ? '—' : (names[index] ?? '—')) },
      {
        label: 'Выручка',
        fill: `${COLOURS.revenue}cc`,
        stroke: COLOURS.revenue,
        paths: wideBars,
        points: { show: false },
        value: (_, v) => (v == null ? '—' : formatRubles(v)),
      },
      {
        label: 'Себестоимость',
        fill: `${COLOURS.cost}cc`,
        stroke: COLOURS.cost,
        paths: narrowBars,
        points: { show: false },
        value: (_, v) => (v == null ? '—' : formatRubles(v)),
      },
    ],
  };
  const data: AlignedData = [
    documents.map((_, index) => index),
    documents.map((row) => row.revenue),
    documents.map((row) => row.cost),
  ];
  return { options, data };
}

export function DocumentChart({ stats }: { stats: UnitEconomics }) {
  const { options, data } = useMemo(() => documentChart(stats), [stats]);
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>
        Выручка и себестоимость по типам документов{stats.byDocument.length > 12 ? ' (12 самых крупных)' : ''}
      </figcaption>
      <Chart
        label="Столбцы выручки и себестоимости по типам документов; числа — в таблице ниже"
        options={options}
        data={data}
      />
    </figure>
  );
}

export default function StatsCharts({ stats }: { stats: UnitEconomics }) {
  return (
    <div className={styles.charts}>
      <TimeChart stats={stats} />
      {stats.byDocument.length > 0 ? <DocumentChart stats={stats} /> : null}
    </div>
  );
}
