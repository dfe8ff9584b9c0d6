import type { Setup } from '@yoman/contracts';
import { SETUP_MESSAGES } from '@yoman/contracts/constants';
import { BookIcon, Button, EmptyState, ErrorPanel, errorMessageOf, Skeleton, useToast } from '@yoman/ui';
import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { LazyAddTradeDialog } from '../add-trade/LazyAddTradeDialog';
import { useArchiveSetupMutation, useListSetupsQuery, useRestoreSetupMutation } from '../analytics-api';
import { useDisplayZone } from '../calendar/display-zone';
import { heSetups as s } from '../i18n-analytics';
import { CardGrid, PlusButton, ScreenHeader, ScreenPage } from '../screen/ScreenLayout';
import { SetupCard } from './SetupCard';
import { SetupDialog } from './SetupDialog';

const Page = styled(ScreenPage)`
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.h3};
    margin-bottom: ${({ theme }) => theme.space[3]};
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; setup: Setup };

function useArchiveActions() {
  const { toast } = useToast();
  const [archive, archiving] = useArchiveSetupMutation();
  const [restore, restoring] = useRestoreSetupMutation();
  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      toast({ title: done });
    } catch (error) {
      toast({ title: failed, description: errorMessageOf(error), variant: 'destructive' });
    }
  };
  return {
    busy: archiving.isLoading || restoring.isLoading,
    archive: (setup: Setup) =>
      run(() => archive(setup.id).unwrap(), SETUP_MESSAGES.archived, SETUP_MESSAGES.archiveFailed),
    restore: (setup: Setup) =>
      run(() => restore(setup.id).unwrap(), SETUP_MESSAGES.restored, SETUP_MESSAGES.restoreFailed),
  };
}

/** /setups: the active setups as cards, the archive with restore, and the create/edit dialog. */
export function SetupsScreen() {
  const zone = useDisplayZone();
  const { data, isLoading, error, refetch, isFetching } = useListSetupsQuery();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [tradeFor, setTradeFor] = useState<Setup | null>(null);
  const actions = useArchiveActions();
  const openNew = () => setEditing({ mode: 'new' });

  const cards = (setups: Setup[]) =>
    setups.map((setup) => (
      <SetupCard
        key={setup.id}
        setup={setup}
        busy={actions.busy}
        onNewTrade={() => setTradeFor(setup)}
        onEdit={() => setEditing({ mode: 'edit', setup })}
        onArchive={() => actions.archive(setup)}
        onRestore={() => actions.restore(setup)}
      />
    ));

  let body: ReactNode;
  if (error) {
    body = <ErrorPanel title={s.loadError} retryLabel={s.retry} onRetry={refetch} retrying={isFetching} />;
  } else if (isLoading || !data) {
    body = (
      <CardGrid $columns={3} aria-busy="true">
        {['a', 'b', 'c'].map((key) => (
          <Skeleton key={key} height="260px" radius="card" />
        ))}
      </CardGrid>
    );
  } else {
    const active = data.filter((setup) => !setup.isArchived);
    const archived = data.filter((setup) => setup.isArchived);
    body = (
      <>
        <section aria-labelledby="active-setups" data-testid="active-setups">
          <h2 id="active-setups">{s.activeTitle}</h2>
          {active.length === 0 ? (
            <EmptyState
              icon={<BookIcon />}
              title={s.emptyTitle}
              text={s.emptyBody}
              action={<Button onClick={openNew}>{s.firstSetup}</Button>}
            />
          ) : (
            <CardGrid $columns={3}>{cards(active)}</CardGrid>
          )}
        </section>
        <section aria-labelledby="archived-setups" data-testid="archived-setups">
          <h2 id="archived-setups">{s.archiveTitle}</h2>
          {archived.length === 0 ? (
            <Muted>{s.archiveEmpty}</Muted>
          ) : (
            <CardGrid $columns={3}>{cards(archived)}</CardGrid>
          )}
        </section>
      </>
    );
  }

  return (
    <Page>
      <ScreenHeader>
        <h1>{s.title}</h1>
        <PlusButton onClick={openNew}>{s.newSetup}</PlusButton>
      </ScreenHeader>
      {body}
      <SetupDialog
        open={editing.mode !== 'closed'}
        onOpenChange={(open) => !open && setEditing({ mode: 'closed' })}
        setup={editing.mode === 'edit' ? editing.setup : undefined}
      />
      <LazyAddTradeDialog
        open={tradeFor !== null}
        onOpenChange={(open) => !open && setTradeFor(null)}
        zone={zone}
        setupId={tradeFor?.id}
      />
    </Page>
  );
}
