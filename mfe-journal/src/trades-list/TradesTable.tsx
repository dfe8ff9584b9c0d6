import type { Trade } from '@yoman/contracts';
import {
  ASSET_TYPE_LABELS,
  DIRECTION_LABELS,
  SETUP_TYPE_LABELS,
  TRADE_SESSION_LABELS,
} from '@yoman/contracts/constants';
import {
  CameraIcon,
  formatIls,
  formatR,
  IconButton,
  LockIcon,
  LtrRun,
  media,
  Num,
  trustBand,
  WarningIcon,
} from '@yoman/ui';
import { formatDate } from '@yoman/ui/dates';
import styled from 'styled-components';
import { he } from '../i18n';
import { PencilIcon, TrashIcon } from './action-icons';

const Scroll = styled.div`
  /* The containing block of the cells' visually hidden labels, so they scroll with the table, not the page. */
  position: relative;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.card};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.body};

  th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.colors.surface1};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    font-size: ${({ theme }) => theme.fontSizes.caption};
    text-align: start;
    white-space: nowrap;
  }
  th,
  td {
    padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  tbody tr:hover {
    background: ${({ theme }) => theme.colors.surface2};
  }
  tbody tr [data-actions] {
    opacity: 0.35;
  }
  tbody tr:hover [data-actions],
  tbody tr:focus-within [data-actions] {
    opacity: 1;
  }
  @media (hover: none) {
    tbody tr [data-actions] {
      opacity: 1;
    }
  }
  ${media.belowMd} {
    font-size: ${({ theme }) => theme.fontSizes.caption};
  }
`;

const Signed = styled(Num)<{ $negative: boolean }>`
  color: ${({ theme, $negative }) => ($negative ? theme.colors.loss : theme.colors.profit)};
`;

const Trust = styled.span<{ $band: 'high' | 'medium' | 'low' }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  color: ${({ theme, $band }) => theme.trustColors[$band]};
`;

const Icons = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.space[1]};
`;

export type TradesTableProps = {
  trades: readonly Trade[];
  zone: string;
  onEdit: (trade: Trade) => void;
  onDelete: (trade: Trade) => void;
};

/** The trades table (spec §2): a locked trade has no delete action; trust below 60 carries a warning icon. */
export function TradesTable({ trades, zone, onEdit, onDelete }: TradesTableProps) {
  const t = he.trades;
  const c = t.columns;
  return (
    <Scroll>
      <Table data-testid="trades-table">
        <thead>
          <tr>
            <th scope="col">{c.exitDate}</th>
            <th scope="col">{c.asset}</th>
            <th scope="col">{c.direction}</th>
            <th scope="col">{c.session}</th>
            <th scope="col">{c.setup}</th>
            <th scope="col">{c.r}</th>
            <th scope="col">{c.pnlIls}</th>
            <th scope="col">{c.trust}</th>
            <th scope="col">{c.status}</th>
            <th scope="col">{c.actions}</th>
          </tr>
        </thead>
        <tbody>
          {trades.map((trade) => {
            const band = trustBand(trade.trustScore);
            return (
              <tr key={trade.id} data-trade-id={trade.id}>
                <td>
                  <Num>{formatDate(trade.exitTime, zone)}</Num>
                </td>
                <td>
                  <LtrRun>{trade.symbol}</LtrRun>
                  <span className="visually-hidden"> {ASSET_TYPE_LABELS[trade.assetType].label}</span>
                </td>
                <td>{DIRECTION_LABELS[trade.direction]}</td>
                <td>{TRADE_SESSION_LABELS[trade.session]}</td>
                <td>{SETUP_TYPE_LABELS[trade.setup]}</td>
                <td>
                  <Signed $negative={Number(trade.rMultiple ?? 0) < 0}>{formatR(trade.rMultiple)}</Signed>
                </td>
                <td>
                  <Signed $negative={Number(trade.pnlIls) < 0}>{formatIls(trade.pnlIls)}</Signed>
                </td>
                <td>
                  <Trust $band={band}>
                    <Num>{trade.trustScore}</Num>
                    {band === 'low' && <WarningIcon size={16} title={t.lowTrustWarning} />}
                  </Trust>
                </td>
                <td>
                  <Icons>
                    {trade.hasScreenshot ? (
                      <CameraIcon size={16} title={t.hasScreenshot} />
                    ) : (
                      <span className="visually-hidden">{t.noScreenshot}</span>
                    )}
                    {trade.isLocked && <LockIcon size={16} title={t.locked} />}
                  </Icons>
                </td>
                <td>
                  <Actions data-actions>
                    {!trade.isLocked && (
                      <IconButton
                        aria-label={t.editTrade(trade.symbol)}
                        size="sm"
                        onClick={() => onEdit(trade)}
                      >
                        <PencilIcon size={16} />
                      </IconButton>
                    )}
                    {!trade.isLocked && (
                      <IconButton
                        aria-label={t.deleteTrade(trade.symbol)}
                        size="sm"
                        onClick={() => onDelete(trade)}
                      >
                        <TrashIcon size={16} />
                      </IconButton>
                    )}
                  </Actions>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Scroll>
  );
}
