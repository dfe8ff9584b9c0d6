import type { DashboardStats } from '@yoman/contracts';
import { Card, CardTitle, ChartIcon, CheckIcon, ListIcon, LtrRun, PlusIcon, TrophyIcon } from '@yoman/ui';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { heDashboard as d } from '../i18n-analytics';
import { FigureText } from '../screen/FigureText';
import { type Top3, top3Of } from './dashboard-figures';
import { GoalRing } from './GoalRing';

const List = styled.dl`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;

  & > div {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[3]};
  }
  dt,
  span[data-muted] {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`;

const Tasks = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space[2]};
  }
  svg {
    flex-shrink: 0;
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const ShortcutGrid = styled.nav`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[2]};
`;

const shortcutLook = css`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.input};
  background: ${({ theme }) => theme.colors.surface2};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-decoration: none;
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.colors.accent};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
`;

const Shortcut = styled(Link)`
  ${shortcutLook}
`;

const ShortcutButton = styled.button`
  ${shortcutLook}
`;

const Fallback = styled.small`
  margin-inline-start: ${({ theme }) => theme.space[1]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeights.regular};
`;

function Insight({ name, insight, ltr }: { name: string; insight: Top3[keyof Top3]; ltr?: boolean }) {
  return (
    <dd>
      <span data-insight={name}>{ltr ? <LtrRun>{insight.text}</LtrRun> : insight.text}</span>
      {insight.fallback && <Fallback>{d.fallback}</Fallback>}
    </dd>
  );
}

/** Top 3 insights: best setup, strongest session, dominant asset, with the spec's fallbacks. */
export function Top3Insights({ stats }: { stats: DashboardStats }) {
  const top3 = top3Of(stats);
  return (
    <Card as="section" aria-labelledby="top3-title">
      <CardTitle as="h2" id="top3-title">
        {d.insightsTitle}
      </CardTitle>
      <List data-testid="top3">
        <div>
          <dt>{d.bestSetup}</dt>
          <Insight name="best-setup" insight={top3.bestSetup} />
        </div>
        <div>
          <dt>{d.strongestSession}</dt>
          <Insight name="strongest-session" insight={top3.strongestSession} />
        </div>
        <div>
          <dt>{d.dominantAsset}</dt>
          <Insight name="dominant-asset" insight={top3.dominantAsset} ltr />
        </div>
      </List>
    </Card>
  );
}

/** The monthly goal ring in its card. */
export function GoalCard({ stats }: { stats: DashboardStats }) {
  return (
    <Card as="section" aria-labelledby="goal-title">
      <CardTitle as="h2" id="goal-title">
        {d.goalTitle}
      </CardTitle>
      <GoalRing progress={stats.monthlyProgress} />
    </Card>
  );
}

/** This week's three tasks, chosen by the server's rules. */
export function WeeklyTasks({ tasks }: { tasks: readonly string[] }) {
  return (
    <Card as="section" aria-labelledby="tasks-title">
      <CardTitle as="h2" id="tasks-title">
        {d.tasksTitle}
      </CardTitle>
      <Tasks data-testid="weekly-tasks">
        {tasks.map((task) => (
          <li key={task}>
            <CheckIcon size={16} />
            <span>
              <FigureText text={task} />
            </span>
          </li>
        ))}
      </Tasks>
    </Card>
  );
}

/** The four shortcuts: new trade (the add-trade dialog here), open trades, reports (/analytics), leagues. */
export function Shortcuts({ onNewTrade }: { onNewTrade: () => void }) {
  return (
    <Card as="section" aria-labelledby="shortcuts-title">
      <CardTitle as="h2" id="shortcuts-title">
        {d.shortcutsTitle}
      </CardTitle>
      <ShortcutGrid aria-labelledby="shortcuts-title">
        <ShortcutButton type="button" onClick={onNewTrade} data-shortcut="new-trade">
          <PlusIcon size={16} />
          {d.shortcutNewTrade}
        </ShortcutButton>
        <Shortcut to="/trades" data-shortcut="trades">
          <ListIcon size={16} />
          {d.shortcutTrades}
        </Shortcut>
        <Shortcut to="/analytics" data-shortcut="reports">
          <ChartIcon size={16} />
          {d.shortcutReports}
        </Shortcut>
        <Shortcut to="/leagues" data-shortcut="leagues">
          <TrophyIcon size={16} />
          {d.shortcutLeagues}
        </Shortcut>
      </ShortcutGrid>
    </Card>
  );
}
