import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { Badge } from './Badge';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { ErrorPanel } from './ErrorPanel';
import { IconButton } from './IconButton';
import { KpiTile } from './KpiTile';
import { Skeleton } from './Skeleton';
import { Spinner } from './Spinner';

afterEach(cleanup);

function inTheme(ui: ReactElement) {
  return render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);
}

describe('Button', () => {
  it('is a plain button that does not submit forms by accident', () => {
    inTheme(<Button>שמור</Button>);
    expect(screen.getByRole('button', { name: 'שמור' }).getAttribute('type')).toBe('button');
  });

  it('shows the pending label, is busy and cannot be clicked twice while a request runs', () => {
    const onClick = vi.fn();
    inTheme(
      <Button pending pendingLabel="מתחבר..." onClick={onClick}>
        התחבר
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'מתחבר...' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('calls onClick when idle', () => {
    const onClick = vi.fn();
    inTheme(<Button onClick={onClick}>התחבר</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'התחבר' }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});

describe('IconButton', () => {
  it('is named by its aria-label', () => {
    inTheme(
      <IconButton aria-label="סגור">
        <svg />
      </IconButton>,
    );
    expect(screen.getByRole('button', { name: 'סגור' })).toBeTruthy();
  });
});

describe('Spinner and Skeleton', () => {
  it('announce loading with a name, or stay silent when decorative', () => {
    inTheme(
      <>
        <Spinner />
        <Spinner decorative />
        <Skeleton />
      </>,
    );
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'טוען...' })).toBeTruthy();
  });
});

describe('ErrorPanel', () => {
  it('is an alert with the message and a working retry button', () => {
    const onRetry = vi.fn();
    inTheme(<ErrorPanel title="לא ניתן לטעון" message="שגיאה בטעינת הנתונים מהשרת" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('לא ניתן לטעון');
    expect(alert.textContent).toContain('שגיאה בטעינת הנתונים מהשרת');
    fireEvent.click(screen.getByRole('button', { name: 'נסה שוב' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('has no retry button when nothing can be retried', () => {
    inTheme(<ErrorPanel message="x" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('EmptyState, KpiTile, Badge', () => {
  it('render their content with the value as an isolated number', () => {
    inTheme(
      <>
        <EmptyState title="אין עסקאות ליום זה" action={<Button>הוסף עסקה ראשונה</Button>} />
        <KpiTile label="R נטו" value="+1.25R" tone="profit" delta="+0.3" />
        <Badge tone="warn">Low Trust</Badge>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'אין עסקאות ליום זה' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'הוסף עסקה ראשונה' })).toBeTruthy();
    expect(screen.getByText('+1.25R').tagName).toBe('BDI');
    expect(screen.getByText('Low Trust')).toBeTruthy();
  });
});
