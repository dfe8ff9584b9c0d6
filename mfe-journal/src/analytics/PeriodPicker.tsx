import { useState } from 'react';
import styled from 'styled-components';
import type { AnalyticsPeriod } from '../analytics-api';
import { DateTimeField } from '../date-time/DateTimeField';
import { isoDayOfHeDate } from '../date-time/he-date-time';
import { heAnalytics as a } from '../i18n-analytics';

const Row = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
`;

/** The period a pair of day texts means; undefined while either is partial or invalid, or the end comes first. */
export function periodOf(fromText: string, toText: string): AnalyticsPeriod | 'invalid' {
  const from = fromText.trim() === '' ? undefined : isoDayOfHeDate(fromText);
  const to = toText.trim() === '' ? undefined : isoDayOfHeDate(toText);
  if (from === null || to === null) return 'invalid';
  if (from && to && to < from) return 'invalid';
  return { from, to };
}

/** From and to days (dd.MM.yyyy), each optional; the period changes once a text is a whole, real day. */
export function PeriodPicker({ onChange }: { onChange: (period: AnalyticsPeriod) => void }) {
  const [fromText, setFrom] = useState('');
  const [toText, setTo] = useState('');
  const [touched, setTouched] = useState(false);
  const period = periodOf(fromText, toText);

  const change = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    const next = periodOf(nextFrom, nextTo);
    if (next !== 'invalid') onChange(next);
  };

  const endError =
    touched && period === 'invalid'
      ? isoDayOfHeDate(fromText) && isoDayOfHeDate(toText)
        ? a.periodInvalid
        : undefined
      : undefined;

  return (
    <Row>
      <legend>{a.period}</legend>
      <DateTimeField
        dateOnly
        label={a.from}
        name="from"
        zone="UTC"
        value={fromText}
        onChange={(value) => change(value, toText)}
        onBlur={() => setTouched(true)}
      />
      <DateTimeField
        dateOnly
        label={a.to}
        name="to"
        zone="UTC"
        value={toText}
        error={endError}
        onChange={(value) => change(fromText, value)}
        onBlur={() => setTouched(true)}
      />
    </Row>
  );
}
