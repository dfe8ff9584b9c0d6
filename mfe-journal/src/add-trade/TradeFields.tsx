import {
  ASSET_TYPE_LABELS,
  DIRECTION_LABELS,
  DIRECTIONS,
  FEES_STEP,
  PRICE_STEP,
  SETUP_TYPE_LABELS,
  SETUP_TYPES,
  TRADE_SESSION_LABELS,
  TRADE_SESSIONS,
} from '@yoman/contracts/constants';
import { TextField } from '@yoman/ui/overlays';
import styled from 'styled-components';
import { FilterSelect } from '../calendar/FilterSelect';
import { DateTimeField } from '../date-time/DateTimeField';
import { he } from '../i18n';
import { TextAreaField } from '../screen/TextAreaField';
import type { TradeForm, TradeFormField } from './trade-form';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[3]};

  & > [data-wide] {
    grid-column: 1 / -1;
  }
`;

const Directions = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space[1]};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`;

const Toggle = styled.div`
  display: flex;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.input};
  overflow: hidden;

  label {
    flex: 1;
    display: grid;
    place-items: center;
    height: 40px;
    background: ${({ theme }) => theme.colors.surface1};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.body};
    cursor: pointer;
  }
  input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }
  label:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: -2px;
  }
  label[data-direction='long']:has(input:checked) {
    background: ${({ theme }) => theme.colors.profit};
    color: ${({ theme }) => theme.colors.bg};
  }
  label[data-direction='short']:has(input:checked) {
    background: ${({ theme }) => theme.colors.loss};
    color: ${({ theme }) => theme.colors.onAccent};
  }
`;

export type TradeFieldsProps = {
  form: TradeForm;
  /** The display time zone the entry and exit times are typed in. */
  zone: string;
  errors: Partial<Record<TradeFormField, string>>;
  askPointValue: boolean;
  /** The library setups offered besides the six built-in ones (see `librarySetupChoices`). */
  librarySetups: readonly { id: string; name: string }[];
  onChange: (patch: Partial<TradeForm>) => void;
  onBlur: (field: TradeFormField) => void;
};

/** Every field of the add-trade form (spec §3, §5), labelled, with its 'שדה חובה' message when empty. */
export function TradeFields({
  form,
  zone,
  errors,
  askPointValue,
  librarySetups,
  onChange,
  onBlur,
}: TradeFieldsProps) {
  const a = he.addTrade;
  const text = (field: TradeFormField) => ({
    value: form[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => onChange({ [field]: e.target.value }),
    onBlur: () => onBlur(field),
    name: field,
  });
  const number = (field: TradeFormField, step = PRICE_STEP) => ({
    ...text(field),
    type: 'number',
    inputMode: 'decimal' as const,
    step,
    min: '0',
    dir: 'ltr',
  });
  const dateTime = (field: 'entryTime' | 'exitTime', label: string) => (
    <DateTimeField
      label={label}
      name={field}
      required
      zone={zone}
      value={form[field]}
      error={errors[field]}
      onChange={(value) => onChange({ [field]: value })}
      onBlur={() => onBlur(field)}
    />
  );
  return (
    <Grid>
      <TextField
        label={a.symbol}
        required
        placeholder={ASSET_TYPE_LABELS[form.assetType].symbolPlaceholder}
        autoComplete="off"
        dir="ltr"
        style={{ textTransform: 'uppercase' }}
        {...text('symbol')}
      />
      <Directions>
        <legend>{a.direction}</legend>
        <Toggle>
          {DIRECTIONS.map((d) => (
            <label key={d} data-direction={d}>
              <input
                type="radio"
                name="direction"
                value={d}
                checked={form.direction === d}
                onChange={() => onChange({ direction: d })}
              />
              {DIRECTION_LABELS[d]}
            </label>
          ))}
        </Toggle>
      </Directions>
      <TextField label={a.entryPrice} required {...number('entryPrice')} />
      <TextField label={a.exitPrice} required {...number('exitPrice')} />
      <TextField label={`${a.stopPrice} ${a.optional}`} {...number('stopPrice')} />
      <TextField label={a.sizeLabels[form.assetType]} required {...number('positionSize')} />
      <FilterSelect
        label={a.session}
        value={form.session}
        options={TRADE_SESSIONS}
        labels={TRADE_SESSION_LABELS}
        onChange={(session) => onChange({ session })}
      />
      <FilterSelect
        label={a.setup}
        value={form.setup}
        options={SETUP_TYPES}
        labels={SETUP_TYPE_LABELS}
        onChange={(setup) => onChange({ setup })}
      />
      {(librarySetups.length > 0 || form.setupId !== '') && (
        <FilterSelect
          label={a.librarySetup}
          value={form.setupId}
          options={['', ...librarySetups.map((s) => s.id)]}
          labels={{ '': a.noLibrarySetup, ...Object.fromEntries(librarySetups.map((s) => [s.id, s.name])) }}
          onChange={(setupId) => onChange({ setupId })}
        />
      )}
      {dateTime('entryTime', a.entryTime)}
      {dateTime('exitTime', a.exitTime)}
      <TextField label={a.fees} {...number('fees', FEES_STEP)} />
      {askPointValue && (
        <TextField label={a.pointValue} hint={a.pointValueHint} required {...number('pointValue')} />
      )}
      <TextAreaField
        wide
        label={`${a.notes} ${a.optional}`}
        name="notes"
        value={form.notes}
        maxLength={5000}
        onChange={(notes) => onChange({ notes })}
      />
    </Grid>
  );
}
