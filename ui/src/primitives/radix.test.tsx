import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DirectionProvider } from '../rtl';
import { theme } from '../theme';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './DropdownMenu';
import { Checkbox, TextField } from './form';
import { Select } from './Select';
import { SideSheet } from './SideSheet';
import { Switch } from './Switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';
import { Tooltip, TooltipProvider } from './Tooltip';

afterEach(cleanup);

function SettingsTabs() {
  return (
    <Tabs defaultValue="profile">
      <TabsList aria-label="הגדרות">
        <TabsTrigger value="profile">פרופיל</TabsTrigger>
        <TabsTrigger value="security">אבטחה</TabsTrigger>
        <TabsTrigger value="display">תצוגה</TabsTrigger>
      </TabsList>
      <TabsContent value="profile">הגדרות פרופיל</TabsContent>
      <TabsContent value="security">מכשירים מחוברים</TabsContent>
      <TabsContent value="display">הגדרות תצוגה</TabsContent>
    </Tabs>
  );
}

function RtlSetting() {
  const [on, setOn] = useState(true);
  return <Switch label="תצוגה מימין לשמאל" checked={on} onCheckedChange={setOn} />;
}

function inApp(ui: ReactElement, rtl = true) {
  return render(
    <ThemeProvider theme={theme}>
      <DirectionProvider rtl={rtl}>
        <TooltipProvider>{ui}</TooltipProvider>
      </DirectionProvider>
    </ThemeProvider>,
  );
}

describe('Dialog', () => {
  it('opens from its trigger, is named by its title, focuses its first field and closes on Escape', () => {
    inApp(
      <Dialog title="הוספת עסקה" trigger={<Button>הוסף עסקה</Button>}>
        <TextField label="סמל" />
      </Dialog>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'הוסף עסקה' }));
    const dialog = screen.getByRole('dialog', { name: 'הוספת עסקה' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('סמל'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('SideSheet', () => {
  it('is a named dialog whose close button asks to close', () => {
    const onOpenChange = vi.fn();
    inApp(
      <SideSheet open onOpenChange={onOpenChange} title="22.11.2026" description="סיכום היום">
        תוכן
      </SideSheet>,
    );
    expect(screen.getByRole('dialog', { name: '22.11.2026' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'סגור' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('Tabs', () => {
  async function pressArrowLeftOnFirstTab(rtl: boolean) {
    inApp(<SettingsTabs />, rtl);
    const first = screen.getByRole('tab', { name: 'פרופיל' });
    act(() => first.focus());
    // Radix moves roving focus on the next task.
    await act(async () => {
      fireEvent.keyDown(first, { key: 'ArrowLeft' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    return document.activeElement?.textContent;
  }

  it('moves to the next tab with ArrowLeft in right-to-left layout', async () => {
    expect(await pressArrowLeftOnFirstTab(true)).toBe('אבטחה');
    expect(screen.getByRole('tab', { name: 'אבטחה' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('מכשירים מחוברים')).toBeTruthy();
  });

  it('moves backwards (wrapping to the last tab) with ArrowLeft in left-to-right layout', async () => {
    expect(await pressArrowLeftOnFirstTab(false)).toBe('תצוגה');
  });
});

describe('Switch', () => {
  it('is a switch named by its label and toggled by clicking the label', () => {
    inApp(<RtlSetting />);
    const control = screen.getByRole('switch', { name: 'תצוגה מימין לשמאל' });
    expect(control.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByText('תצוגה מימין לשמאל'));
    expect(control.getAttribute('aria-checked')).toBe('false');
  });
});

describe('form controls', () => {
  it('tie the error text to the input and mark it invalid', () => {
    inApp(<TextField label="סיסמה" type="password" error="הסיסמה חייבת להכיל לפחות 8 תווים" />);
    const input = screen.getByLabelText('סיסמה');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('הסיסמה חייבת להכיל לפחות 8 תווים');
  });

  it('leave a valid input unmarked', () => {
    inApp(<TextField label="אימייל" hint="נשתמש בו להתחברות" />);
    const input = screen.getByLabelText('אימייל');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'נשתמש בו להתחברות',
    );
  });

  it('report a checkbox as a plain boolean', () => {
    const onCheckedChange = vi.fn();
    inApp(<Checkbox label="זכור אותי" onCheckedChange={onCheckedChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'זכור אותי' }));
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('name a select by its label and show the chosen option', () => {
    inApp(
      <Select
        label="מטבע"
        value="ILS"
        options={[
          { value: 'ILS', label: 'שקל (₪)' },
          { value: 'USD', label: 'דולר ($)' },
        ]}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'מטבע' });
    expect(trigger.textContent).toContain('שקל (₪)');
  });
});

describe('DropdownMenu and Tooltip', () => {
  it('opens the menu from the keyboard and runs the chosen item', () => {
    const onLogout = vi.fn();
    inApp(
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost">תפריט משתמש</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>פרופיל</DropdownMenuItem>
          <DropdownMenuItem $tone="danger" onSelect={onLogout}>
            התנתק
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    fireEvent.keyDown(screen.getByRole('button', { name: 'תפריט משתמש' }), { key: 'Enter' });
    fireEvent.click(screen.getByRole('menuitem', { name: 'התנתק' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('leaves the tooltip trigger usable', () => {
    inApp(
      <Tooltip content="הוסף עסקה חדשה">
        <Button>+</Button>
      </Tooltip>,
    );
    expect(screen.getByRole('button', { name: '+' })).toBeTruthy();
  });
});
