import type { Setup } from '@yoman/contracts';
import { Badge, Button, Card, formatPercent, formatR, MISSING, Num, PlusIcon } from '@yoman/ui';
import styled from 'styled-components';
import { heSetups as s } from '../i18n-analytics';
import { FigureList } from '../screen/FigureList';

const Body = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.h3};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: pre-line;
  }
`;

const Top = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
`;

const Context = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.caption};
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

/** 'מדגם מספיק' from SETUP_SUFFICIENT_SAMPLE trades, else how many more are needed (spec §9). */
export function SampleBadge({ setup }: { setup: Setup }) {
  return setup.sufficientSample ? (
    <Badge tone="profit" data-sample="sufficient">
      {s.sampleSufficient}
    </Badge>
  ) : (
    <Badge tone="warn" data-sample="needs">
      {s.sampleNeeds(setup.tradesNeeded)}
    </Badge>
  );
}

const figure = (value: number | null, format: (n: number) => string) =>
  value === null ? MISSING : format(value);

export type SetupCardProps = {
  setup: Setup;
  busy: boolean;
  onNewTrade: () => void;
  onEdit: () => void;
  onArchive: () => void;
  onRestore: () => void;
};

/** One setup: name, description, SMC context, its four figures, the sample badge and its actions. */
export function SetupCard({ setup, busy, onNewTrade, onEdit, onArchive, onRestore }: SetupCardProps) {
  return (
    <Body as="article" aria-labelledby={`setup-${setup.id}`} data-setup={setup.name}>
      <Top>
        <h3 id={`setup-${setup.id}`}>{setup.name}</h3>
        <SampleBadge setup={setup} />
      </Top>
      <p>{setup.description}</p>
      <Context>
        <span>{s.smcContext}: </span>
        {setup.smcContext}
      </Context>
      <FigureList $columns={4}>
        <div>
          <dt>{s.winRate}</dt>
          <dd>
            <Num data-figure="win-rate">{figure(setup.winRate, formatPercent)}</Num>
          </dd>
        </div>
        <div>
          <dt>{s.expectancy}</dt>
          <dd>
            <Num data-figure="expectancy">{figure(setup.expectancy, formatR)}</Num>
          </dd>
        </div>
        <div>
          <dt>{s.avgR}</dt>
          <dd>
            <Num data-figure="avg-r">{figure(setup.avgR, formatR)}</Num>
          </dd>
        </div>
        <div>
          <dt>{s.sampleSize}</dt>
          <dd>
            <Num data-figure="sample">{setup.sampleSize}</Num>
          </dd>
        </div>
      </FigureList>
      <Actions role="group" aria-label={s.actionsFor(setup.name)}>
        {setup.isArchived ? (
          <Button size="sm" variant="secondary" onClick={onRestore} disabled={busy}>
            {s.restore}
          </Button>
        ) : (
          <>
            <Button size="sm" onClick={onNewTrade}>
              <PlusIcon size={14} />
              {s.newTrade}
            </Button>
            <Button size="sm" variant="secondary" onClick={onEdit}>
              {s.edit}
            </Button>
            <Button size="sm" variant="ghost" onClick={onArchive} disabled={busy}>
              {s.archive}
            </Button>
          </>
        )}
      </Actions>
    </Body>
  );
}
