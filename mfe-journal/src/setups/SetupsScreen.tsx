import { SETUP_MESSAGES, type Setup } from '@yoman/contracts';
import {
  BookIcon,
  Button,
  EmptyState,
  ErrorPanel,
  errorMessageOf,
  media,
  PlusIcon,
  Skeleton,
  useToast,
} from '@yoman/ui';
import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { AddTradeDialog } from '../add-trade/AddTradeDialog';
import { useArchiveSetupMutation, useListSetupsQuery, useRestoreSetupMutation } from '../analytics-api';
import { useDisplayZone } from '../calendar/display-zone';
import { heSetups as s } from '../i18n-analytics';
import { SetupCard } from './SetupCard';
import { SetupDialog } from './SetupDialog';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => theme.space[4]};

  h1 {
    font-size: ${({ theme }) => theme.fontSizes.h2};
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.h3};
    margin-bottom: ${({ theme }) => theme.space[3]};
  }
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]};

  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
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
      <Grid aria-busy="true">
        {['a', 'b', 'c'].map((key) => (
          <Skeleton key={key} height="260px" radius="card" />
        ))}
      </Grid>
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
            <Grid>{cards(active)}</Grid>
          )}
        </section>
        <section aria-labelledby="archived-setups" data-testid="archived-setups">
          <h2 id="archived-setups">{s.archiveTitle}</h2>
          {archived.length === 0 ? <Muted>{s.archiveEmpty}</Muted> : <Grid>{cards(archived)}</Grid>}
        </section>
      </>
    );
  }

  return (
    <Page>
      <Header>
        <h1>{s.title}</h1>
        <Button onClick={openNew}>
          <PlusIcon size={16} />
          {s.newSetup}
        </Button>
      </Header>
      {body}
      <SetupDialog
        open={editing.mode !== 'closed'}
        onOpenChange={(open) => !open && setEditing({ mode: 'closed' })}
        setup={editing.mode === 'edit' ? editing.setup : undefined}
      />
      <AddTradeDialog
        open={tradeFor !== null}
        onOpenChange={(open) => !open && setTradeFor(null)}
        zone={zone}
        setupId={tradeFor?.id}
      />
    </Page>
  );
}
