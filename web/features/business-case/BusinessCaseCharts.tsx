import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Box, Button, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { BusinessCase, Ledger } from '@shared/business-case';
import { given, workedValue } from '@shared/business-case/formulas';
import {
  BUSINESS_CASE_TEXT,
  breakevenText,
  CHART_TITLES,
  clientLabelOf,
  formatMoneyShort,
} from '@shared/business-case/workbench-texts';
import { EMPTY, formatFraction, formatMoney } from '@shared/format';
import { type ReactNode, useId, useState } from 'react';

/**
 * The four charts of PRODUCT.md §12 (@mantine/charts over recharts), in their own chunk: only the business
 * case tab loads them. Each chart is a picture for the eye (hidden from screen readers) over a table of the
 * same numbers: read by screen readers always, shown on screen with 'Show as table'.
 */

type AltTable = { columns: string[]; rows: string[][] };

function ChartFrame(props: { title: string; summary: string; table: AltTable; children: ReactNode }) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const tableId = useId();
  const table = (
    <Table fz="sm" withTableBorder verticalSpacing={4} horizontalSpacing="xs" id={tableId}>
      <caption style={{ captionSide: 'top', textAlign: 'left' }}>
        <VisuallyHidden>{props.title}: </VisuallyHidden>
        <Text span size="xs" c="gray.7">
          {props.summary}
        </Text>
      </caption>
      <Table.Thead>
        <Table.Tr>
          {props.table.columns.map((c, i) => (
            <Table.Th key={c} ta={i ? 'right' : 'left'}>
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.table.rows.map((r) => (
          <Table.Tr key={r[0]}>
            <Table.Th scope="row" fw={500}>
              {r[0]}
            </Table.Th>
            {r.slice(1).map((c, i) => (
              <Table.Td key={props.table.columns[i + 1]} ta="right">
                {c}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Paper withBorder p="sm" radius="md" component="figure" m={0} aria-labelledby={titleId} miw={0}>
      <Stack gap="xs">
        <Title order={4} fz="sm" id={titleId}>
          {props.title}
        </Title>
        {asTable ? (
          // A table wider than a phone scrolls: a named region that takes focus (axe scrollable-region-focusable).
          <Table.ScrollContainer
            minWidth={280}
            type="native"
            tabIndex={0}
            role="region"
            aria-label={`${props.title} (table)`}
          >
            {table}
          </Table.ScrollContainer>
        ) : (
          <>
            <Box aria-hidden>{props.children}</Box>
            <VisuallyHidden>{table}</VisuallyHidden>
          </>
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          style={{ alignSelf: 'flex-start' }}
          aria-expanded={asTable}
          aria-controls={asTable ? tableId : undefined}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Each period: its key, its name in the table, and a short one for the axis (four fit on a phone). */
const PERIODS = [
  ['yearBefore', 'Year before', 'Yr before'],
  ['lastYear', 'Last year', 'Last yr'],
  ['currentYear', 'This year', 'This yr'],
  ['ytd', 'Year to date', 'YTD'],
] as const;

/** Whole dollars: a sum of twelfths is not shown with its cents. */
const money = (v: number | null) => (v === null ? EMPTY : formatMoney(Math.round(v)));
const CHART_H = 240;
const noA11yLayer = { accessibilityLayer: false } as const;
/** Client names on a phone's axis: the first 14 characters. */
const short = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);

export default function BusinessCaseCharts({ ledger, kase }: { ledger: Ledger; kase: BusinessCase }) {
  const fin = ledger.financialInfo ?? {};
  const periods = PERIODS.map(([key, label, axis]) => {
    const p = fin[key] as Parameters<typeof workedValue>[0];
    return {
      period: axis,
      name: label,
      collections: given(p?.collections),
      billed: given(p?.billedDollars),
      worked: workedValue(p),
    };
  });
  const clients = kase.clients.map((c) => ({
    client: short(clientLabelOf(c.clientName, c.index)),
    name: clientLabelOf(c.clientName, c.index),
    share: c.share === null ? 0 : Math.round(c.share * 1000) / 10,
    shareFraction: c.share,
    claimed: c.claimed,
    adjusted: c.adjusted,
  }));
  const breakeven = kase.breakevenMonth;
  const clientAxisWidth = 96;
  const barHeight = Math.max(CHART_H, clients.length * 44 + 40);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="business-case-charts">
      <ChartFrame
        title={CHART_TITLES.periods}
        summary="Dollars by period; a blank period was not given."
        table={{
          columns: ['Period', 'Collections', 'Billed', 'Worked value'],
          rows: periods.map((p) => [p.name, money(p.collections), money(p.billed), money(p.worked)]),
        }}
      >
        <BarChart
          h={CHART_H}
          data={periods}
          dataKey="period"
          series={[
            { name: 'collections', label: 'Collections', color: 'navy.6' },
            { name: 'billed', label: 'Billed', color: 'teal.6' },
            { name: 'worked', label: 'Worked value', color: 'gray.5' },
          ]}
          valueFormatter={formatMoneyShort}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
          yAxisProps={{ width: 56 }}
          xAxisProps={{ interval: 0, tick: { fontSize: 11 } }}
          barChartProps={noA11yLayer}
          withTooltip={false}
        />
      </ChartFrame>

      <ChartFrame
        title={CHART_TITLES.shares}
        summary="Each top client’s collections over last year’s total."
        table={{
          columns: ['Client', 'Share'],
          rows: clients.map((c) => [c.name, formatFraction(c.shareFraction)]),
        }}
      >
        <BarChart
          h={barHeight}
          data={clients}
          dataKey="client"
          orientation="vertical"
          series={[{ name: 'share', label: 'Share', color: 'navy.6' }]}
          valueFormatter={(v) => `${v}%`}
          withBarValueLabel
          tickLine="x"
          gridAxis="y"
          yAxisProps={{ width: clientAxisWidth, tick: { fontSize: 11 } }}
          xAxisProps={{ domain: [0, 100] }}
          barChartProps={noA11yLayer}
          withTooltip={false}
        />
      </ChartFrame>

      <ChartFrame
        title={CHART_TITLES.book}
        summary="The reasonable projection claimed, and after the firm’s haircut for the client."
        table={{
          columns: ['Client', 'Claimed', 'Adjusted'],
          rows: clients.map((c) => [c.name, money(c.claimed), money(c.adjusted)]),
        }}
      >
        <BarChart
          h={barHeight}
          data={clients}
          dataKey="client"
          orientation="vertical"
          series={[
            { name: 'claimed', label: 'Claimed', color: 'gray.5' },
            { name: 'adjusted', label: 'Adjusted', color: 'navy.6' },
          ]}
          valueFormatter={formatMoneyShort}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="x"
          gridAxis="y"
          yAxisProps={{ width: clientAxisWidth, tick: { fontSize: 11 } }}
          xAxisProps={{ tick: { fontSize: 11 } }}
          barChartProps={noA11yLayer}
          withTooltip={false}
        />
      </ChartFrame>

      <ChartFrame
        title={CHART_TITLES.cumulative}
        summary={`Running total of the contribution, month 1 to 36. Breakeven: ${breakevenText(breakeven)}.`}
        table={{
          columns: ['Month', 'Cumulative contribution'],
          rows: kase.monthly.map((m) => [
            m.month === breakeven ? `Month ${m.month} (breakeven)` : `Month ${m.month}`,
            money(m.cumulative),
          ]),
        }}
      >
        <LineChart
          h={CHART_H}
          data={kase.monthly}
          dataKey="month"
          series={[{ name: 'cumulative', label: 'Cumulative contribution', color: 'navy.6' }]}
          valueFormatter={formatMoneyShort}
          withDots={false}
          curveType="linear"
          tickLine="y"
          yAxisProps={{ width: 56 }}
          xAxisProps={{ ticks: [1, 6, 12, 18, 24, 30, 36], tick: { fontSize: 11 } }}
          referenceLines={[
            { y: 0, color: 'gray.6' },
            ...(breakeven === null
              ? []
              : [
                  {
                    x: breakeven,
                    color: 'teal.8',
                    label: `Breakeven: month ${breakeven}`,
                    labelPosition: 'insideTopLeft' as const,
                  },
                ]),
          ]}
          lineChartProps={noA11yLayer}
          withTooltip={false}
        />
        {breakeven === null && (
          <Text size="xs" c="gray.7">
            {BUSINESS_CASE_TEXT.breakevenNone}
          </Text>
        )}
      </ChartFrame>
    </SimpleGrid>
  );
}
