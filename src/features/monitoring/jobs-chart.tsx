/**
 * Jobs finished in each of the last 24 hours, done and failed stacked (an addition to the
 * monitoring screens of docs/back-office-screens.md: the
 * dashboard's «is the automation alive» at a glance). A small SVG rather than a chart library: it
 * scales to any width, draws without a canvas, and its numbers are also given as a table.
 */
import * as page from '../../ui/page.css';
import * as styles from './monitoring.css';
import type { MonitoringDashboard } from './monitoring-types';

type Hour = MonitoringDashboard['jobsByHour'][number];

const WIDTH = 400;
const HEIGHT = 160;
const PLOT = { left: 34, right: 4, top: 10, bottom: 26 };

const hourLabel = (iso: string) =>
  new Date(iso).toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' });

/** A round top for the axis: 1, 2, 5, 10, 20, 50… */
export function axisTop(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= max) as number) ?? max;
}

export function chartSummary(hours: readonly Hour[]): string {
  const completed = hours.reduce((sum, h) => sum + h.completed, 0);
  const failed = hours.reduce((sum, h) => sum + h.failed, 0);
  if (completed + failed === 0) return 'За 24 часа задач не было';
  const busiest = hours.reduce((best, h) =>
    h.completed + h.failed > best.completed + best.failed ? h : best,
  );
  return `За 24 часа выполнено задач: ${completed}, с ошибкой: ${failed}; больше всего — в ${hourLabel(busiest.hour)}`;
}

export function JobsChart({ hours }: { hours: readonly Hour[] }) {
  const top = axisTop(Math.max(0, ...hours.map((h) => h.completed + h.failed)));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, hours.length);
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;
  return (
    <figure className={page.stack}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={styles.chart}
        role="img"
        aria-label={chartSummary(hours)}
      >
        <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(0)} y2={y(0)} className={styles.chartAxis} />
        <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(top)} y2={y(top)} className={styles.chartGrid} />
        <text x={PLOT.left - 4} y={y(top) + 5} textAnchor="end" className={styles.chartLabel}>
          {top}
        </text>
        <text x={PLOT.left - 4} y={y(0)} textAnchor="end" className={styles.chartLabel}>
          0
        </text>
        {hours.map((h, i) => {
          const x = PLOT.left + i * slot + slot * 0.15;
          const width = slot * 0.7;
          return (
            <g key={h.hour}>
              <rect
                x={x}
                y={y(h.completed)}
                width={width}
                height={y(0) - y(h.completed)}
                className={styles.chartDone}
              />
              <rect
                x={x}
                y={y(h.completed + h.failed)}
                width={width}
                height={y(h.completed) - y(h.completed + h.failed)}
                className={styles.chartFailed}
              />
              {i % 6 === 0 ? (
                <text x={x + width / 2} y={HEIGHT - 6} textAnchor="middle" className={styles.chartLabel}>
                  {hourLabel(h.hour)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className={styles.legend}>
          <li>
            <span aria-hidden="true" className={styles.swatch.completed} />
            выполнено
          </li>
          <li>
            <span aria-hidden="true" className={styles.swatch.failed} />с ошибкой
          </li>
        </ul>
      </figcaption>
      <details>
        <summary>Задачи по часам таблицей</summary>
        <table className={page.muted}>
          <thead>
            <tr>
              <th scope="col">Час</th>
              <th scope="col">Выполнено</th>
              <th scope="col">С ошибкой</th>
            </tr>
          </thead>
          <tbody>
            {hours.map((h) => (
              <tr key={h.hour}>
                <th scope="row">{hourLabel(h.hour)}</th>
                <td>{h.completed}</td>
                <td>{h.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
