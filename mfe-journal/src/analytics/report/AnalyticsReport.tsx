import { Document, Line, Page, Polyline, Rect, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import type { Analytics } from '@yoman/contracts';
import { TRADE_SESSION_LABELS } from '@yoman/contracts/constants';
import { formatPercent, formatR } from '@yoman/ui';
import { heAnalytics as a, heReport as r } from '../../i18n-analytics';
import { figureRuns } from '../../screen/FigureText';
import { holdTimeText } from '../AnalyticsKpis';
import { REPORT_FONT_FAMILY } from './report-fonts';

// The PDF report of the analytics screen (the same figures as GET /api/analytics answered): Hebrew, right to
// left. Each label and each figure is its own text run, so a figure never mixes into the Hebrew around it.

/** The PDF's fonts have no U+2212 minus; the report writes an ASCII hyphen instead. */
export const pdfText = (text: string) => text.replace(/\u2212/g, '-');
const rText = (n: number) => pdfText(formatR(n));
const pctText = (n: number) => pdfText(formatPercent(n));

const COLOURS = {
  text: '#111827',
  muted: '#4B5563',
  border: '#D1D5DB',
  profit: '#16A34A',
  loss: '#DC2626',
  flat: '#6B7280',
};

const styles = StyleSheet.create({
  page: { fontFamily: REPORT_FONT_FAMILY, fontSize: 10, padding: 32, color: COLOURS.text, direction: 'rtl' },
  title: { fontSize: 20, fontWeight: 700, textAlign: 'right', marginBottom: 4 },
  muted: { color: COLOURS.muted, textAlign: 'right' },
  section: { marginTop: 14 },
  heading: { fontSize: 13, fontWeight: 700, textAlign: 'right', marginBottom: 6 },
  row: {
    flexDirection: 'row-reverse',
    justifyContent: 'space-between',
    borderBottomWidth: 0.5,
    borderBottomColor: COLOURS.border,
    paddingVertical: 3,
  },
  cell: { flex: 1, textAlign: 'right' },
  runs: { flex: 1, flexDirection: 'row-reverse', gap: 3 },
  figure: { flex: 1, textAlign: 'left' },
  bullet: { textAlign: 'right', marginBottom: 2 },
});

function FigureRow({ label, values }: { label: string | React.ReactElement; values: string[] }) {
  return (
    <View style={styles.row} wrap={false}>
      {typeof label === 'string' ? <Text style={styles.cell}>{label}</Text> : label}
      {values.map((value, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
        <Text key={i} style={styles.figure}>
          {value}
        </Text>
      ))}
    </View>
  );
}

/**
 * A bucket's range ('-2R עד -1R', 'פחות מ־-2R') as runs laid right to left, each R value a run of its own, so
 * the PDF's line layout cannot reorder a number into the Hebrew beside it.
 */
function RangeLabel({ range }: { range: string }) {
  return (
    <View style={styles.runs}>
      {figureRuns(range).map((run, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: runs are positional.
        <Text key={i}>{pdfText(run.trim())}</Text>
      ))}
    </View>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <View style={styles.section}>
      <Text style={styles.heading}>{title}</Text>
      {children}
    </View>
  );
}

const CHART = { width: 530, height: 120 };

function CumulativeChart({ points }: { points: Analytics['cumulativeR']['points'] }) {
  if (points.length === 0) return <Text style={styles.muted}>{a.noChartData}</Text>;
  const values = points.map((p) => p.cumulativeR);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values, low + 1);
  const x = (i: number) => (points.length === 1 ? CHART.width / 2 : (i / (points.length - 1)) * CHART.width);
  const y = (v: number) => CHART.height - ((v - low) / (high - low)) * CHART.height;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.cumulativeR).toFixed(1)}`).join(' ');
  const last = values.at(-1) ?? 0;
  return (
    <Svg width={CHART.width} height={CHART.height}>
      <Line
        x1={0}
        y1={y(0)}
        x2={CHART.width}
        y2={y(0)}
        stroke={COLOURS.flat}
        strokeWidth={0.5}
        strokeDasharray="3 3"
      />
      <Polyline
        points={line}
        stroke={last >= 0 ? COLOURS.profit : COLOURS.loss}
        strokeWidth={1.5}
        fill="none"
      />
    </Svg>
  );
}

function HistogramChart({ buckets }: { buckets: Analytics['rDistribution'] }) {
  const most = Math.max(1, ...buckets.map((b) => b.count));
  const slot = CHART.width / buckets.length;
  // Lowest bucket on the left, like the R axis on screen.
  return (
    <Svg width={CHART.width} height={CHART.height}>
      {buckets.map((b, i) => {
        const height = (b.count / most) * (CHART.height - 4);
        return (
          <Rect
            key={b.key}
            x={i * slot + slot * 0.15}
            y={CHART.height - height}
            width={slot * 0.7}
            height={height}
            fill={i < 3 ? COLOURS.loss : COLOURS.profit}
          />
        );
      })}
    </Svg>
  );
}

export type AnalyticsReportProps = { analytics: Analytics; periodText: string; createdText: string };

/** The report: core figures, cumulative R, R distribution, breakdowns, time and insights. */
export function AnalyticsReport({ analytics, periodText, createdText }: AnalyticsReportProps) {
  const core = analytics.coreMetrics;
  const time = analytics.timeAnalysis;
  return (
    <Document title={r.title} language="he">
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{r.title}</Text>
        <FigureRow label={r.period} values={[periodText]} />
        <FigureRow label={r.createdAt} values={[createdText]} />

        <Section title={r.coreTitle}>
          <FigureRow label={a.winRate} values={[pctText(core.winRate)]} />
          <FigureRow label={a.expectancy} values={[rText(core.expectancy)]} />
          <FigureRow label={a.netR} values={[rText(core.netR)]} />
          <FigureRow label={a.avgHoldTime} values={[holdTimeText(core.avgHoldTime)]} />
          <FigureRow label={a.totalTrades} values={[String(core.totalTrades)]} />
          <FigureRow label={a.maxWinStreak} values={[String(core.maxWinStreak)]} />
          <FigureRow label={a.maxLossStreak} values={[String(core.maxLossStreak)]} />
        </Section>

        <Section title={r.cumulativeTitle}>
          <CumulativeChart points={analytics.cumulativeR.points} />
        </Section>

        <Section title={r.distributionTitle}>
          <HistogramChart buckets={analytics.rDistribution} />
          <FigureRow label={a.range} values={[a.count, a.percentage]} />
          {analytics.rDistribution.map((b) => (
            <FigureRow
              key={b.key}
              label={<RangeLabel range={b.range} />}
              values={[String(b.count), pctText(b.percentage)]}
            />
          ))}
        </Section>

        <Section title={r.breakdownTitle}>
          <FigureRow label={a.bySession} values={[a.trades, a.winRate, a.avgR]} />
          {analytics.sessionBreakdown.map((row) => (
            <FigureRow
              key={row.session}
              label={TRADE_SESSION_LABELS[row.session]}
              values={[String(row.trades), pctText(row.winRate), rText(row.avgR)]}
            />
          ))}
          <FigureRow label={a.bySetup} values={[a.trades, a.winRate, a.avgR]} />
          {analytics.setupBreakdown.map((row) => (
            <FigureRow
              key={row.setup}
              label={row.name}
              values={[String(row.trades), pctText(row.winRate), rText(row.avgR)]}
            />
          ))}
          <FigureRow label={a.byAsset} values={[a.trades, a.winRate, a.avgR]} />
          {analytics.assetBreakdown.map((row) => (
            <FigureRow
              key={row.asset}
              label={row.asset}
              values={[String(row.trades), pctText(row.winRate), rText(row.avgR)]}
            />
          ))}
        </Section>

        <Section title={r.timeTitle}>
          <FigureRow label={a.goldTime} values={[time.goldTime]} />
          {time.bestHours.map((slot) => (
            <FigureRow
              key={`h${slot.hour}`}
              label={`${a.bestHours} ${slot.label}`}
              values={[rText(slot.avgR)]}
            />
          ))}
          {time.bestDays.map((slot) => (
            <FigureRow
              key={`d${slot.weekday}`}
              label={`${a.bestDays}: ${slot.label}`}
              values={[rText(slot.avgR)]}
            />
          ))}
        </Section>

        <Section title={r.insightsTitle}>
          {[...analytics.weeklyInsights, ...analytics.monthlyInsights].map((insight) => (
            <Text key={insight} style={styles.bullet}>
              {`• ${insight}`}
            </Text>
          ))}
        </Section>
      </Page>
    </Document>
  );
}
