import { Select as RadixSelect } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import styled from 'styled-components';
import { CheckIcon, ChevronDownIcon } from '../icons/icons';
import { floatingSurface, menuRow } from './surfaces';

export type SelectOption = { value: string; label: ReactNode; disabled?: boolean };

export type SelectProps = {
  /** The visible label above the control. */
  label?: ReactNode;
  /** Needed when there is no visible label. */
  'aria-label'?: string;
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: ReactNode;
  disabled?: boolean;
  name?: string;
  id?: string;
  className?: string;
};

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
`;

const FieldLabel = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.caption};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Trigger = styled(RadixSelect.Trigger)`
  display: inline-flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space[3]};
  background: ${({ theme }) => theme.colors.surface1};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.input};
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }

  &[data-placeholder] {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  &[data-disabled] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

const Content = styled(RadixSelect.Content)`
  ${floatingSurface}
  min-width: var(--radix-select-trigger-width);
  max-height: var(--radix-select-content-available-height);
  overflow: hidden;
`;

const Viewport = styled(RadixSelect.Viewport)`
  padding: ${({ theme }) => theme.space[1]};
`;

const Item = styled(RadixSelect.Item)`
  ${menuRow}
  justify-content: space-between;
`;

/** A labelled list box of options, keyboard-navigable, rendered in a portal above the page. */
export function Select({
  label,
  options,
  placeholder,
  id,
  className,
  'aria-label': ariaLabel,
  ...rootProps
}: SelectProps) {
  const generated = useId();
  const triggerId = id ?? generated;
  return (
    <Field className={className}>
      {label !== undefined && <FieldLabel htmlFor={triggerId}>{label}</FieldLabel>}
      <RadixSelect.Root {...rootProps}>
        <Trigger id={triggerId} aria-label={ariaLabel}>
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon>
            <ChevronDownIcon size={16} />
          </RadixSelect.Icon>
        </Trigger>
        <RadixSelect.Portal>
          <Content position="popper" sideOffset={4}>
            <Viewport>
              {options.map((option) => (
                <Item key={option.value} value={option.value} disabled={option.disabled}>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator>
                    <CheckIcon size={16} />
                  </RadixSelect.ItemIndicator>
                </Item>
              ))}
            </Viewport>
          </Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </Field>
  );
}
