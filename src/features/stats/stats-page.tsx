/**
 * /crm/stats (ADMIN): unit economics of a range of Moscow days (GET /api/admin/stats/unit-economics):
 * the totals, charts of revenue, cost and margin over time and by document type (uPlot, loaded
 * only here), the chosen split as a table, and that table as a CSV for Excel. The answer is kept
 * like every screen's, so a range looked at before opens offline with its age. A range without
 * orders says so instead of drawing empty axes.
 */
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useCachedQuery } from '../../api/use-cached-query';
import { button } from '../../ui/button';
import { DataFreshness } from '../../ui/data-freshness';
import { ErrorSummary } from '../../ui/error-summary';
import { useFieldErrors } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import * as page from '../../ui/page.css';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { LoadingState, loadingOf } from '../../ui/widgets/loading-state';
import * as styles from './stats.css';
import { csvFileName, statsCsv } from './stats-csv';
import {
  currentMonth,
  lastDays,
  RANGE_END_ID,
  RANGE_START_ID,
  type Range,
  rangeProblems,
  russianDate,
  SPLITS,
  type SplitKey,
  splitRows,
  type UnitEconomics,
} from './stats-rules';
import { DocumentTable, SplitTable, TotalsCards } from './stats-tables';

const StatsCharts = lazy(() => import('./stats-charts'));

function download(stats: UnitEconomics, split: SplitKey) {
  const chosen = SPLITS.find((one) => one.key === split) ?? SPLITS[0];
  const text = statsCsv(stats, chosen.group, splitRows(stats, split));
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  link.download = csvFileName(stats);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

export function StatsPage() {
  const [typed, setTyped] = useState<Range>(() => currentMonth());
  const [range, setRange] = useState<Range>(typed);
  const [split, setSplit] = useState<SplitKey>('byDay');
  const errors = useFieldErrors(rangeProblems);
  const query = useCachedQuery('/api/admin/stats/unit-economics', { params: { query: range } });
  const stats = query.data;
  const empty = stats !== undefined && stats.totals.orders === 0 && stats.totals.revenue === 0;
  const chosen = SPLITS.find((one) => one.key === split) ?? SPLITS[0];

  function change(next: Range) {
    setTyped(next);
    errors.recheck(next);
  }

  function show(event: FormEvent) {
    event.preventDefault();
    if (errors.check(typed)) setRange(typed);
  }

  function preset(next: Range) {
    change(next);
    errors.check(next);
    setRange(next);
  }

  return (
    <section className={page.stack} aria-labelledby="page-title">
      <div className={page.titleRow}>
        <h1 id="page-title" className={page.title}>
          Статистика
        </h1>
        <DataFreshness of={query} />
      </div>
      <form className={`${form.form} ${page.card}`} noValidate aria-label="Период" onSubmit={show}>
        <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
        <div className={styles.rangeFields}>
          <TextField
            id={RANGE_START_ID}
            label="С"
            hint="Дни по московскому времени"
            type="date"
            value={typed.startDate}
            error={errors.problems[RANGE_START_ID]}
            onValueChange={(startDate) => change({ ...typed, startDate })}
          />
          <TextField
            id={RANGE_END_ID}
            label="По"
            hint="Включительно"
            type="date"
            value={typed.endDate}
            error={errors.problems[RANGE_END_ID]}
            onValueChange={(endDate) => change({ ...typed, endDate })}
          />
        </div>
        <div className={form.actions}>
          <button type="submit" className={button({ tone: 'primary' })}>
            Показать
          </button>
          <div className={styles.presets}>
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              onClick={() => preset(currentMonth())}
            >
              Этот месяц
            </button>
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              onClick={() => preset(lastDays(30))}
            >
              30 дней
            </button>
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              onClick={() => preset(lastDays(365))}
            >
              Год
            </button>
          </div>
        </div>
      </form>
      <LoadingState what="статистику" {...loadingOf(query)}>
        {stats ? (
          <>
            <p aria-live="polite" className={page.muted}>
              {russianDate(stats.startDate)} – {russianDate(stats.endDate)}
              {query.isFetching ? ' · Обновляем…' : ''}
            </p>
            {query.error && !query.isOffline ? (
              <p role="alert" className={page.errorText}>
                {query.error.message}
              </p>
            ) : null}
            {empty ? (
              <p className={page.card}>
                За этот период заказов нет
                {stats.cancelled.orders > 0 ? ` (отменённых: ${stats.cancelled.orders})` : ''}. Выберите
                другой период.
              </p>
            ) : (
              <>
                <TotalsCards stats={stats} />
                <Suspense fallback={<p className={page.muted}>Загружаем графики…</p>}>
                  <StatsCharts stats={stats} />
                </Suspense>
                <div className={styles.tableTools}>
                  <SelectField
                    id="stats-split"
                    label="Разбивка таблицы"
                    value={split}
                    options={SPLITS.map((one) => ({ value: one.key, label: one.label }))}
                    onValueChange={(value) => setSplit(value as SplitKey)}
                  />
                  <button
                    type="button"
                    className={button({ tone: 'secondary' })}
                    onClick={() => download(stats, split)}
                  >
                    Скачать CSV
                  </button>
                </div>
                <SplitTable
                  caption={`${chosen.label}: ${russianDate(stats.startDate)} – ${russianDate(stats.endDate)}`}
                  group={chosen.group}
                  rows={splitRows(stats, split)}
                />
                <DocumentTable stats={stats} />
              </>
            )}
          </>
        ) : null}
      </LoadingState>
    </section>
  );
}
